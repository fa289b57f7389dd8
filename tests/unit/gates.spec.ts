import {test, expect} from '@playwright/test';
import path from 'node:path';
import {checkDoc} from '../../scripts/check-docs';
import {lintCopy} from '../../scripts/lint-copy';
import {checkSite} from '../../scripts/check-site';

// A deliberately broken page and site: each gate must catch its own fault (the contrast gate: tests/e2e/a11y.spec.ts;
// the front-matter gate: tests/unit/check-docs.spec.ts).
const FIXTURES = path.join(__dirname, 'fixtures');
const page = path.join(FIXTURES, 'broken-page.md');
const plan = new Map([['neptune/user/x', {id: 'neptune/user/x', sidebar: 'neptune', kind: 'reference', title: '示例页'}]]);

test('asset gate: the missing image is reported with its line', () => {
  const problems = checkDoc({id: 'neptune/user/x', file: page, rel: 'docs/neptune/user/x.md'}, plan).map(
    (p) => `${p.line}: ${p.msg}`,
  );
  expect(problems).toContain('9: image target /img/neptune/does-not-exist.svg does not exist');
});

test('copy gate: CJK/Latin spacing and half-width punctuation are reported with the fix', () => {
  const problems = lintCopy([page]);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({line: 7, fixed: '使用 MQTT 协议连接 Neptune，端口为 8883.'});
});

test('site gate: broken anchors, missing pages and images are reported; good links are not', () => {
  const {problems, pages} = checkSite(path.join(FIXTURES, 'broken-site'));
  expect(pages).toBe(3);
  expect(problems.sort()).toEqual([
    '/docs/a: image /img/missing.svg → /img/missing.svg does not exist in the built site',
    '/docs/a: link /docs/b#no-such-anchor → no element with id "no-such-anchor" on /docs/b',
    '/docs/a: link /docs/missing → /docs/missing does not exist in the built site',
  ]);
  // With the pages' sources, each problem names the source file and the line that holds the link.
  const named = checkSite(path.join(FIXTURES, 'broken-site'), path.join(FIXTURES, 'broken-site-src')).problems.sort();
  expect(named).toEqual([
    'tests/unit/fixtures/broken-site-src/a.md:11: image /img/missing.svg → /img/missing.svg does not exist in the built site',
    'tests/unit/fixtures/broken-site-src/a.md:13: link /docs/missing → /docs/missing does not exist in the built site',
    'tests/unit/fixtures/broken-site-src/a.md:9: link /docs/b#no-such-anchor → no element with id "no-such-anchor" on /docs/b',
  ]);
});
