import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {checkDoc, checkImageFile} from '../../scripts/check-docs';

const plan = new Map([['neptune/user/x', {id: 'neptune/user/x', sidebar: 'neptune', kind: 'reference', title: '示例页'}]]);

function check(text: string, id = 'neptune/user/x') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-docs-'));
  const file = path.join(dir, 'x.md');
  fs.writeFileSync(file, text);
  return checkDoc({id, file, rel: `docs/${id}.md`}, plan).map((p) => `${p.line}: ${p.msg}`);
}

const good = `---
title: 示例页
description: 一个用于测试的页面。
---

## 第一节

${'这是一段足够长的正文，用来满足参考页面的最小篇幅要求。'.repeat(20)}

## 第二节

\`\`\`json
{"code": 0}
\`\`\`
`;

test('a well-formed page passes', () => {
  expect(check(good)).toEqual([]);
});

test('a missing description is reported on the front matter', () => {
  expect(check(good.replace('description: 一个用于测试的页面。\n', ''))).toEqual(['1: front matter has no `description`']);
});

test('malformed front matter is reported, not ignored', () => {
  expect(check(good.replace('title: 示例页', 'title: [示例页'))[0]).toMatch(/malformed front matter/);
});

test('a fence without a language, a placeholder and an H1 are reported with their lines', () => {
  const bad = good.replace('```json', '```').replace('## 第二节', '# 标题\n\n待补充\n\n## 第二节');
  expect(check(bad)).toEqual([
    '10: a `# H1` in the body: the title is the only H1, use `##`',
    '12: placeholder text: "待补充"',
    '16: code fence without a language (```bash, ```json, ...)',
  ]);
});

test('missing images, images without alt text and broken relative links are reported', () => {
  const bad = good.replace('## 第二节', '![](/img/none.svg)\n\n![图](/img/logo.svg)\n\n[下一步](./missing.md)\n\n## 第二节');
  expect(check(bad)).toEqual([
    '10: image /img/none.svg has no alt text',
    '10: image target /img/none.svg does not exist',
    '14: link target ./missing.md does not exist',
  ]);
});

test('a page outside the plan, or with another title, is reported', () => {
  expect(check(good, 'neptune/user/unplanned')).toContain(
    '1: page `neptune/user/unplanned` is not in the plan docs-guide/ia.tsv',
  );
  expect(check(good.replace('title: 示例页', 'title: 别的标题'))).toContain(
    "1: title「别的标题」differs from the plan's「示例页」",
  );
});

test('a page shorter than its kind needs is reported', () => {
  expect(check(good.replace(/这是一段[^\n]+/, '短。'))[0]).toMatch(/characters of prose; a reference page needs at least 350/);
});

test('images over budget and SVGs that are not well-formed or lack a title are reported', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-img-'));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  write('ok.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>图</title><g><rect/></g></svg>');
  write('open.svg', '<svg viewBox="0 0 10 10"><title>图</title><g><rect/></svg>');
  write('untitled.svg', '<svg viewBox="0 0 10 10"><rect/></svg>');
  write('big.svg', `<svg viewBox="0 0 10 10"><title>图</title><desc>${'x'.repeat(50 * 1024)}</desc></svg>`);
  expect(checkImageFile(path.join(dir, 'ok.svg'))).toEqual([]);
  expect(checkImageFile(path.join(dir, 'open.svg'))).toEqual(['not well-formed: </svg> closes nothing open']);
  expect(checkImageFile(path.join(dir, 'untitled.svg'))).toEqual(['the SVG has no <title>']);
  expect(checkImageFile(path.join(dir, 'big.svg'))[0]).toMatch(/50 KB is over the 40 KB image budget/);
});
