// Markdown for AI assistants (plugins/markdown-export): every doc page at its URL plus `.md`, /llms.txt and
// /llms-full.txt, served by nginx as text/markdown and text/plain, and 「复制为 Markdown」 copying the same text.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {gotoHydrated, sitemapPaths, openPageTools} from './helpers';

/** Lines outside code fences. */
function prose(md: string): string[] {
  let fence = false;
  return md.split('\n').filter((l) => {
    if (/^\s*(```|~~~)/.test(l)) {
      fence = !fence;
      return false;
    }
    return !fence;
  });
}

test('every doc page has its Markdown at its URL plus .md: title first, no import, no JSX', async ({page, request}) => {
  test.setTimeout(120_000);
  const docs = (await sitemapPaths(page)).filter((p) => p.startsWith('/docs/'));
  expect(docs.length).toBeGreaterThan(240);
  const problems: string[] = [];
  for (const p of docs) {
    const res = await request.get(`${p.replace(/\/$/, '')}.md`);
    if (res.status() !== 200) problems.push(`${p}.md: HTTP ${res.status()}`);
    if (res.headers()['content-type'] !== 'text/markdown; charset=utf-8')
      problems.push(`${p}.md: ${res.headers()['content-type']}`);
    const md = await res.text();
    if (!/^# \S/.test(md)) problems.push(`${p}.md: does not start with its title`);
    for (const line of prose(md)) {
      if (/^\s*import\s.+from\s/.test(line)) problems.push(`${p}.md: unresolved import: ${line}`);
      if (/^\s*<\/?[A-Z]\w*[\s/>]/.test(line)) problems.push(`${p}.md: unresolved JSX: ${line}`);
    }
  }
  expect(problems).toEqual([]);
});

test('code includes are resolved: the signing page carries the sample program itself', async ({request}) => {
  const md = await (await request.get('/docs/neptune/api/authentication.md')).text();
  const sample = fs.readFileSync(path.join(ROOT, 'examples/neptune/signature/sign.py'), 'utf8').trim().split('\n');
  expect(md).toContain(sample[sample.length - 1]);
  expect(md).not.toContain('file=examples');
});

test('/llms.txt lists every doc page per area; /llms-full.txt holds them all', async ({page, request}) => {
  const docs = (await sitemapPaths(page)).filter((p) => p.startsWith('/docs/'));
  const res = await request.get('/llms.txt');
  expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const txt = await res.text();
  expect(txt).toMatch(/^# 凌川科技文档中心\n\n> /);
  expect(txt).toContain('## 工业云平台及服务 Neptune');
  const links = [...txt.matchAll(/^- \[[^\]]+\]\((https?:\/\/[^)]+)\.md\): /gm)].map((m) => new URL(m[1]).pathname);
  expect(new Set(links)).toEqual(new Set(docs.map((d) => d.replace(/\/$/, ''))));
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full).toContain('\n# 建立 MQTT 连接\n');
  expect(full.split('\n---\n').length).toBe(links.length);
});

test('「复制为 Markdown」 puts the page’s Markdown on the clipboard', async ({page, context, request}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const url = '/docs/neptune/api/mqtt/connect';
  await gotoHydrated(page, url);
  const button = page.locator('[data-copy-markdown]');
  await expect(button).toHaveText('复制为 Markdown');
  await openPageTools(page);
  await button.click();
  await expect(button).toHaveText('已复制');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await (await request.get(`${url}.md`)).text());
});
