// The tokenizer shared by the index build and the browser: CJK bigrams, words, identifiers, offsets, query terms.
import {test, expect} from '@playwright/test';
import {normalize, parseQuery, tokenize} from '../../src/search/tokenizer';

const terms = (text: string) => tokenize(text).map((t) => t.term);

test('normalises with NFKC and lower case', () => {
  expect(normalize('ＭＱＴＴ　５．０')).toBe('mqtt 5.0');
  expect(terms('ＡＰＩ')).toEqual(['api']);
});

test('CJK runs give overlapping bigrams, a lone character a unigram', () => {
  expect(terms('设备影子')).toEqual(['设备', '备影', '影子']);
  expect(terms('轴 配置')).toEqual(['轴', '配置']);
  expect(terms('MQTT连接')).toEqual(['mqtt', '连接']);
});

test('camelCase words are indexed whole and by hump', () => {
  expect(terms('deviceSecret')).toEqual(['devicesecret', 'device', 'secret']);
  expect(terms('XMLParser')).toEqual(['xmlparser', 'xml', 'parser']);
  expect(terms('MQTT')).toEqual(['mqtt']);
});

test('identifiers are cut at punctuation into findable parts', () => {
  expect(terms('$nep/{productKey}/{deviceName}/property/report')).toEqual([
    'nep',
    'productkey',
    'product',
    'key',
    'devicename',
    'device',
    'name',
    'property',
    'report',
  ]);
  expect(terms('/api/v1/devices')).toEqual(['api', 'v1', 'devices']);
  expect(terms('X-Nep-Signature')).toEqual(['x', 'nep', 'signature']);
  expect(terms('错误码 40101')).toEqual(['错误', '误码', '40101']);
});

test('tokens keep their offsets in the original text', () => {
  const text = '用 deviceSecret 计算';
  for (const t of tokenize(text)) {
    expect(normalize(text.slice(t.start, t.end))).toBe(t.term);
  }
  const fullWidth = tokenize('签名ＡＰＩ');
  expect(fullWidth.map((t) => [t.term, t.start, t.end])).toEqual([
    ['签名', 0, 2],
    ['api', 2, 5],
  ]);
});

test('query terms: one per word or bigram, the last word a prefix unless followed by a separator', () => {
  const q = parseQuery('deviceSecret 设备影子 dev');
  expect(q.map((t) => t.text)).toEqual(['deviceSecret', '设备影子', '设备影子', '设备影子', 'dev']);
  expect(q[0].atoms[0]).toEqual({parts: ['device', 'secret'], whole: 'devicesecret'});
  expect(q[4].atoms[0].prefix).toBe(true);
  expect(parseQuery('dev ').at(-1)!.atoms[0].prefix).toBeUndefined();
  expect(parseQuery('设备').at(-1)!.atoms[0].prefix).toBeUndefined();
  expect(parseQuery('轴')[0].atoms[0]).toEqual({parts: ['轴'], char: true});
  expect(parseQuery('X-Nep-Signature').map((t) => t.atoms[0].parts[0])).toEqual(['x', 'nep', 'signature']);
  expect(parseQuery('  ')).toEqual([]);
});
