// The re-ranker of long questions (src/search/rerank.ts): which queries it touches, its features and weights, and the
// page kinds the index carries for it (plugins/search/build-index.ts).
import {test, expect} from '@playwright/test';
import {planKinds} from '../../plugins/search/build-index';
import {
  RERANK_DEPTH,
  RERANK_KINDS,
  RERANK_MIN_WORDS,
  rerank,
  rerankFeatures,
  rerankScores,
  type RerankCandidate,
} from '../../src/search/rerank';
import RERANK_WEIGHTS from '../../src/search/rerank-weights.json';

const page = (over: Partial<RerankCandidate> = {}): RerankCandidate => ({
  words: 4,
  score: 20,
  flags: 0,
  named: false,
  type: 0,
  records: 1,
  kind: 'reference',
  ...over,
});
const SIZE = rerankFeatures('x', 5, [page()])[0].length;
/** Weights that keep the engine's order (the log of the rank) and add `w` to one feature. */
const weights = (feature: number, w: number) => Array.from({length: SIZE}, (_, k) => (k === 0 ? -1 : k === feature ? w : 0));
const KIND = 10; // the first page-kind feature
const SYMPTOM_FAQ = KIND + RERANK_KINDS.length + RERANK_KINDS.indexOf('faq');

test('the committed weights fit the features, and a mismatch is an error that says so', () => {
  expect(RERANK_WEIGHTS.weights).toHaveLength(SIZE);
  expect(() => rerankScores([new Array(SIZE).fill(0)], [1, 2])).toThrow(`search re-ranker: ${SIZE} features, 2 weights`);
});

test('short queries, empty weights and one page keep the engine order', () => {
  const list = [page({kind: 'guide'}), page({kind: 'faq'})];
  const favourFaq = weights(SYMPTOM_FAQ, 5);
  expect(rerank(list, '设备一直连不上', RERANK_MIN_WORDS - 1, (p) => p, favourFaq)).toBe(list);
  expect(rerank(list, '设备一直连不上', RERANK_MIN_WORDS, (p) => p, [])).toBe(list);
  expect(rerank(list, '设备一直连不上', RERANK_MIN_WORDS, (p) => p, null)).toBe(list);
  expect(rerank([list[0]], '设备一直连不上', RERANK_MIN_WORDS, (p) => p, favourFaq)).toEqual([list[0]]);
});

test('a long question is re-ordered by the model: a symptom lifts the FAQ, a capability question does not', () => {
  const list = [page({kind: 'guide'}), page({kind: 'reference'}), page({kind: 'faq'})];
  const favourFaq = weights(SYMPTOM_FAQ, 5);
  expect(rerank(list, '设备 上线 以后 一直 报错 重连', 6, (p) => p, favourFaq).map((p) => p.kind)).toEqual([
    'faq',
    'guide',
    'reference',
  ]);
  expect(rerank(list, '网关 可以 同时 接 几台 设备', 6, (p) => p, favourFaq).map((p) => p.kind)).toEqual([
    'guide',
    'reference',
    'faq',
  ]);
});

test('only the first RERANK_DEPTH pages move; ties keep the engine order', () => {
  const list = Array.from({length: RERANK_DEPTH + 3}, (_, i) => page({kind: i === RERANK_DEPTH + 1 ? 'faq' : 'guide', score: i}));
  const out = rerank(list, '设备 上线 以后 一直 报错 重连', 6, (p) => p, weights(SYMPTOM_FAQ, 50));
  expect(out.slice(RERANK_DEPTH)).toEqual(list.slice(RERANK_DEPTH));
  const flat = Array.from({length: SIZE}, () => 0);
  expect(rerank(list, '设备 上线 以后 一直 报错 重连', 6, (p) => p, flat)).toEqual(list);
});

test('features: rank, words held, score against the best, record and page kind, query markers', () => {
  const [f1, f2] = rerankFeatures('MQTT 连接 一直 失败 怎么办', 5, [
    page({words: 5, score: 40, type: 1, records: 3, kind: 'faq'}),
    page({words: 3, score: 10, type: 2, flags: 3, named: true}),
  ]);
  expect(f1.slice(0, 10)).toEqual([0, 1, 0, 0, 1, 0, 0, 0, Math.log(3), 0]);
  expect(f2.slice(0, 10)).toEqual([Math.log(2), 0.6, -2, Math.log(10) - Math.log(40), 0, 1, 1, 1, 0, 1]);
  expect(f1[SYMPTOM_FAQ]).toBe(1); // 失败 is a symptom, the page a FAQ
  expect(f2[SYMPTOM_FAQ]).toBe(0);
});

test('the index knows each page kind from the page plan, none for a page outside it', () => {
  const kindOf = planKinds([
    {id: 'neptune/user/faq', sidebar: 'neptune', kind: 'faq', title: '常见问题'},
    {id: 'neptune/api/overview', sidebar: 'neptune', kind: 'reference', title: 'API 概览'},
  ]);
  expect(kindOf('/docs/neptune/user/faq')).toBe('faq');
  expect(kindOf('/base/docs/neptune/api/overview/')).toBe('reference');
  expect(kindOf('/docs/neptune/user/other')).toBe('');
  expect(kindOf('/search')).toBe('');
});
