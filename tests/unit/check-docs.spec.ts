import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {checkDoc, checkImageFile} from '../../scripts/check-docs';
import {tempDir} from '../tmp';

const plan = new Map([['neptune/user/x', {id: 'neptune/user/x', sidebar: 'neptune', kind: 'reference', title: '示例页'}]]);

function check(text: string, id = 'neptune/user/x') {
  const dir = tempDir('check-docs-');
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
  const dir = tempDir('check-img-');
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

test('MDX errors that only a full build found are reported at their line in the quick check', () => {
  // The body starts at line 5 of the file; `good` has its second section at line 10.
  const unclosed = good.replace('## 第二节\n', '## 第二节\n\n<div className="note">\n');
  expect(check(unclosed)).toEqual(['12: MDX: Expected a closing tag for `<div>` (8:1-8:23)']);
  const brace = good.replace('## 第二节\n', '## 第二节\n\n端点为 {productKey}/status。\n');
  expect(check(brace)).toEqual([
    '12: MDX: `{productKey}` in the text is a JavaScript expression: write it as inline code or escape the brace (\\{)',
  ]);
  const syntax = good.replace('## 第二节\n', '## 第二节\n\n端点为 {device id}/status。\n');
  expect(check(syntax)[0]).toMatch(/^12: MDX: Could not parse expression with acorn/);
});

test('a YAML error in front matter is reported at its own line', () => {
  const bad = good.replace('description: 一个用于测试的页面。', 'description: 一个用于测试的页面。\nkeywords: [MQTT, 接入');
  expect(check(bad)).toEqual(['4: malformed front matter: unexpected end of the stream within a flow collection']);
});

test('a raw <img src> to a missing file is reported like a Markdown image', () => {
  const img = good.replace('## 第二节\n', '## 第二节\n\n<img src="/img/neptune/no-such-figure.svg" alt="不存在的图" />\n');
  expect(check(img)).toEqual(['12: image target /img/neptune/no-such-figure.svg does not exist']);
});

test('a link to a missing anchor, on the same page or on another page, is reported at its line', () => {
  const dir = tempDir('check-docs-anchors-');
  fs.writeFileSync(
    path.join(dir, 'other.md'),
    '---\ntitle: 另一页\n---\n\n## 错误码 {#error-codes}\n\n## 请求示例\n\n## 请求示例\n\n<a id="legacy-anchor"></a>\n',
  );
  const file = path.join(dir, 'x.md');
  const page = good
    .replace(
      '## 第二节',
      '## 第二节 `code` 说明\n\n见 [第一节](#第一节)、[说明](#第二节-code-说明)、[错误码](other.md#error-codes)。',
    )
    .concat(
      '\n[旧锚点](other.md#legacy-anchor)、[第二个示例](./other.md#请求示例-1)。\n',
      '\n[没有的节](#no-such-section) 与 [别页没有的节](other.md#no-such-anchor)，[第三个示例](other.md#请求示例-2)。\n',
    );
  fs.writeFileSync(file, page);
  const got = checkDoc({id: 'neptune/user/x', file, rel: 'docs/neptune/user/x.md'}, plan).map((p) => `${p.line}: ${p.msg}`);
  const rel = path.relative(path.resolve(__dirname, '../..'), path.join(dir, 'other.md'));
  expect(got).toEqual([
    '20: link #no-such-section: this page has no heading or element with the id "no-such-section"',
    `20: link other.md#no-such-anchor: ${rel} has no heading or element with the id "no-such-anchor"`,
    `20: link other.md#请求示例-2: ${rel} has no heading or element with the id "请求示例-2"`,
  ]);
});

test('a keyword YAML reads as a number or a boolean, not as written, is reported at its line; 46000 is as written', () => {
  const withKeywords = (list: string) =>
    good.replace('description: 一个用于测试的页面。\n', `description: 一个用于测试的页面。\n${list}`);
  expect(check(withKeywords('keywords: [46000, "0x95", 断开原因]\n'))).toEqual([]);
  expect(check(withKeywords('keywords: [46000, 0x95, 断开原因]\n'))).toEqual([
    '4: keyword `0x95` is read by YAML as the number 149, not as written: quote it ("0x95")',
  ]);
  expect(check(withKeywords('keywords:\n  - 串口\n  - 8E1\n  - true\n'))).toEqual([
    '6: keyword `8E1` is read by YAML as the number 80, not as written: quote it ("8E1")',
    '4: keyword `true` is read by YAML as boolean, not as text: quote it',
  ]);
});
