// Search records from built pages (fixtures in tests/unit/fixtures/search-site, written like Docusaurus' minified output).
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {extractPage, extractSite, startExtraction} from '../../plugins/search/extract';
import {onPageParsed, parsePage} from '../../plugins/lib/built-html';
import {INDEX_SETTINGS} from '../../src/search/types';

const SITE = path.join(__dirname, 'fixtures/search-site');
const read = (rel: string) => fs.readFileSync(path.join(SITE, rel), 'utf8');
const page = (rel: string, options = {}) => {
  const result = extractPage(read(rel), rel, options);
  if (result.skipped) throw new Error(`${rel} skipped: ${result.reason}`);
  return result.records;
};

test('skips the 404 page, the search page, the /docs redirect, noindex pages and pages without an article title', () => {
  const site = extractSite(SITE);
  expect(site.pages).toBe(3);
  expect(Object.fromEntries(site.skipped.map((s) => [s.file, s.reason]))).toEqual({
    '404.html': 'not-found page',
    'docs/hidden/index.html': 'noindex',
    'docs/index.html': 'redirect',
    'index.html': 'no article title',
    'search/index.html': 'noindex',
  });
});

test('a docs page gives an lvl1 record, a record per heading and content records under each heading', () => {
  const records = page('docs/neptune/device-shadow/index.html');
  expect(records.map((r) => [r.type, r.anchor])).toEqual([
    ['lvl1', null],
    ['lvl2', 'how-it-works'],
    ['content', 'how-it-works'],
    ['lvl3', 'fields'],
    ['content', 'fields'],
    ['lvl2', 'api'],
    ['content', 'api'],
  ]);
  const [lvl1, , content, lvl3] = records;
  expect(lvl1).toMatchObject({
    objectID: '/docs/neptune/device-shadow::0',
    url: '/docs/neptune/device-shadow',
    url_without_anchor: '/docs/neptune/device-shadow',
    language: 'zh-Hans',
    docusaurus_tag: 'docs-default-current',
    weight: {pageRank: 0, level: 90, position: 0},
  });
  // lvl0: the deepest active sidebar category; lvl1: the H1; the intro paragraph is the lvl1 record's content.
  expect(lvl1.hierarchy).toEqual({
    lvl0: '设备管理',
    lvl1: '设备影子',
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  });
  expect(lvl1.content).toMatch(/^设备影子是平台为每台设备保存的一份 JSON 文档/);
  expect(lvl3.hierarchy).toMatchObject({lvl2: '工作原理', lvl3: '字段说明', lvl4: null});
  expect(lvl3.url).toBe('/docs/neptune/device-shadow#fields');
  expect(lvl3.content).toBeNull();
  // Paragraphs, list items (nested ones once) and admonition text; no code block, no admonition title, no hash link.
  expect(content.content).toBe(
    '设备离线时，应用写入的期望值保存在影子中；设备上线后订阅 $nep/{productKey}/{deviceName}/shadow/delta 取得差异。 ' +
      '设备用 deviceSecret 计算 MQTT 密码后才能读写影子。 嵌套条目：密码算法为 HMAC-SHA256。 ' +
      '请求头 X-Nep-Signature 用于 REST 接口签名。 影子文档最大 16 KB，超过时返回错误码 40101 以外的 40000。',
  );
  expect(content.weight).toEqual({pageRank: 0, level: 0, position: 2});
  // Table rows, cells joined; entity-encoded markup stays text.
  expect(records[4].content).toContain('state.desired | Object | 应用期望的属性值');
  expect(records[4].content).toContain('<script>alert(1)</script> 只是文本');
  expect(JSON.stringify(records)).not.toContain('pressure');
  expect(JSON.stringify(records)).not.toContain('本页总览');
  expect(JSON.stringify(records)).not.toContain('\u200b');
});

test('the page description is the content of the title record; the first paragraph follows as a content record', () => {
  const triton = page('docs/triton/driver/index.html');
  expect(triton.map((r) => [r.type, r.anchor])).toEqual([
    ['lvl1', null],
    ['content', null],
    ['lvl2', 'read'],
    ['content', 'read'],
    ['lvl2', 'errors'],
    ['content', 'errors'],
  ]);
  expect(triton[0].content).toBe('说明 Triton 自定义驱动要实现的 Go 接口与错误处理。');
  expect(triton[1].content).toMatch(/^自定义驱动实现 Driver 接口的 Init、Read、Write 和 Close 四个方法/);
  expect(triton[1].url).toBe('/docs/triton/driver');
});

test('pages without a sidebar take lvl0 from their area breadcrumbs; other pages from the default', () => {
  const triton = page('docs/triton/driver/index.html');
  expect(triton[0].hierarchy.lvl0).toBe('Go 驱动开发');
  expect(triton[0].docusaurus_tag).toBe('docs-default-current');
  const about = page('markdown-page/index.html');
  expect(about[0].hierarchy).toMatchObject({lvl0: '文档', lvl1: '关于本文档中心'});
  expect(about[0].docusaurus_tag).toBe('default');
  expect(page('markdown-page/index.html', {defaultLvl0: '其他'})[0].hierarchy.lvl0).toBe('其他');
});

test('origin makes URLs absolute; objectIDs stay paths', () => {
  const [record] = page('docs/triton/driver/index.html', {origin: 'https://docs.example.com'});
  expect(record.url).toBe('https://docs.example.com/docs/triton/driver');
  expect(record.url_without_anchor).toBe('https://docs.example.com/docs/triton/driver');
  expect(record.objectID).toBe('/docs/triton/driver::0');
});

test('long sections are split between blocks or sentences', () => {
  const sentence = '设备按周期上报属性值并等待平台应答。';
  const body = Array.from({length: 6}, () => `<p>${sentence.repeat(10)}`).join('\n');
  const html = `<html lang=zh-Hans><meta name=generator content="Docusaurus v3.8.1"><meta name=docsearch:language content=zh-Hans><article><div class="theme-doc-markdown markdown"><header><h1>长页面</h1></header><h2 id=a>长章节</h2>${body}</div></article>`;
  const result = extractPage(html, 'docs/long/index.html', {maxChunk: 400});
  if (result.skipped) throw new Error(result.reason);
  const chunks = result.records.filter((r) => r.type === 'content');
  expect(chunks.length).toBeGreaterThan(1);
  for (const c of chunks) expect(c.content!.length).toBeLessThanOrEqual(400);
  expect(
    chunks
      .map((c) => c.content)
      .join(' ')
      .replace(/\s/g, ''),
  ).toBe(sentence.repeat(60));
  expect(result.records[0].url).toBe('/docs/long');
});

test('the hosted-crawler configuration uses the same settings and page rules', () => {
  let config: {
    initialIndexSettings: Record<string, unknown>;
    actions: {indexName: string; recordExtractor: (a: {$: ReturnType<typeof load>; helpers: unknown}) => unknown}[];
  } | null = null;
  const source = fs.readFileSync(path.join(__dirname, '../../deploy/algolia/crawler.config.js'), 'utf8');
  new Function('Crawler', source)(
    class {
      constructor(c: typeof config) {
        config = c;
      }
    },
  );
  expect(config!.initialIndexSettings['lingchuan-docs']).toEqual(INDEX_SETTINGS);
  const [action] = config!.actions;
  expect(action.indexName).toBe('lingchuan-docs');
  const helpers = {docsearch: (options: unknown) => options};
  const run = (rel: string) => action.recordExtractor({$: load(read(rel)), helpers});
  for (const rel of ['docs/index.html', 'docs/hidden/index.html', 'search/index.html', 'index.html'])
    expect(run(rel), rel).toEqual([]);
  const $ = load(read('docs/neptune/device-shadow/index.html'));
  const options = action.recordExtractor({$, helpers}) as {recordProps: {lvl0: {defaultValue: string}}};
  expect(options.recordProps.lvl0.defaultValue).toBe('设备管理');
  expect($('article pre').length).toBe(0);
  expect($('article .hash-link').length).toBe(0);
  const triton = action.recordExtractor({$: load(read('docs/triton/driver/index.html')), helpers}) as typeof options;
  expect(triton.recordProps.lvl0.defaultValue).toBe('Go 驱动开发');
});

test('pages another post-build reader parses give their records then: every page is parsed once, records unchanged', () => {
  const expected = extractSite(SITE);
  const parses = new Map<string, number>();
  const stopCounting = onPageParsed((file) => {
    const rel = path.relative(SITE, file);
    parses.set(rel, (parses.get(rel) ?? 0) + 1);
  });
  try {
    const extraction = startExtraction(SITE);
    // What the manuals do with their chapters' pages, before the search plugin's post-build step.
    parsePage(path.join(SITE, 'docs/neptune/device-shadow/index.html'));
    parsePage(path.join(SITE, '404.html'));
    expect(extraction.finish()).toEqual(expected);
  } finally {
    stopCounting();
  }
  expect(parses.size).toBe(expected.pages + expected.skipped.length);
  expect([...parses].filter(([, n]) => n !== 1)).toEqual([]);
});
