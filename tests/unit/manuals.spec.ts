// plugins/manuals and scripts/manuals-pdf.ts: a manual's page from built pages (fixture pages in, the manual's HTML
// out, compared with tests/unit/fixtures/manuals/expected.html), the hash that keys the PDF cache, and the printer's
// cache: an unchanged manual is not printed again, a changed one is.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {buildManual, editionDate, manualHash, type PageSource} from '../../plugins/manuals';
import type {AreaPages} from '../../plugins/lib/reading-order';
import {AREAS} from '../../src/areas';
import {CHROMIUM} from '../../scripts/lib/chromium';
import {printManuals, readManualsList} from '../../scripts/manuals-pdf';
import type {ManualsList} from '../../src/shared/manuals';
import {tempDir} from '../tmp';

const FIXTURE = path.join(__dirname, 'fixtures/manuals');
const SITE = path.join(FIXTURE, 'site');
const BASE = '/base/';
const area = {...AREAS.find((a) => a.key === 'triton')!, name: '演示产品', short: 'Demo', version: '1.0'};
const entry: AreaPages = {
  area,
  docs: ['intro', 'setup'].map((p, i) => ({
    id: `demo/${p}`,
    title: ['简介', '安装'][i],
    description: '',
    permalink: `${BASE}docs/demo/${p}`,
    source: '',
    lastUpdatedAt: Date.UTC(2026, 10, 2 + i),
  })),
};
const pagesOf =
  (site: string): PageSource =>
  (permalink) => {
    const file = path.join(site, permalink.slice(BASE.length), 'index.html');
    return fs.existsSync(file) ? load(fs.readFileSync(file, 'utf8')) : null;
  };
const options = {origin: 'https://docs.example.com', baseUrl: BASE, siteTitle: '文档中心', date: editionDate(entry.docs)};

test.describe('whole manuals', () => {
  test('built pages in, the manual page out (fixtures/manuals/expected.html)', () => {
    const {html, chapters} = buildManual(entry, pagesOf(SITE), options);
    expect(chapters).toEqual([
      {id: 'demo/intro', title: '简介'},
      {id: 'demo/setup', title: '安装'},
    ]);
    expect(html).toBe(fs.readFileSync(path.join(FIXTURE, 'expected.html'), 'utf8'));
  });

  test('the manual: links stay inside it, other areas get absolute URLs, every tab panel shows, base URL kept', () => {
    const $ = load(buildManual(entry, pagesOf(SITE), options).html);
    expect($('a[href="#ch-2-install"]').text()).toBe('安装');
    expect($('main a[href="#ch-1"]').text()).toBe('简介');
    expect($('a[href="#ch-1-why"]').length).toBe(1);
    expect($('a[href="https://docs.example.com/base/docs/other/page"]').text()).toBe('其他产品');
    expect($('[role="tabpanel"][hidden]').length).toBe(0);
    expect(
      $('.lc-manual-tab-label')
        .map((_, e) => $(e).text())
        .get(),
    ).toEqual(['Linux', 'Windows']);
    expect($('#ch-2 h2').text()).toBe('2.1 安装步骤');
    expect($('#ch-2 h3').text()).toBe('2.1.1 检查');
    expect($('link[href="/base/manuals/manual.css"]').length).toBe(1);
    expect($('script[src="/base/manuals/manual.js"]').length).toBe(1);
    expect($('body').attr('data-manuals-list')).toBe('/base/manuals/manuals.json');
    expect($('.lc-manual-toolbar a').first().attr('href')).toBe('/base/');
    expect($('main button, main a.hash-link, img[loading]').length).toBe(0);
    expect($('details[open]').length).toBe(1);
    // Edition date: the newest page's last change.
    expect($('.lc-manual-cover').text()).toContain('2026-11-03');
  });

  test('the parsed pages it reads are left as they were (the search records read the same documents)', () => {
    const docs = new Map<string, ReturnType<typeof load>>();
    const source = pagesOf(SITE);
    const shared: PageSource = (p) => docs.get(p) ?? (docs.set(p, source(p)!), docs.get(p)!);
    const before = entry.docs.map((d) => shared(d.permalink)!.html());
    buildManual(entry, shared, options);
    expect(entry.docs.map((d) => shared(d.permalink)!.html())).toEqual(before);
  });

  test('a missing page is an error naming it', () => {
    const broken = {...entry, docs: [...entry.docs, {...entry.docs[0], id: 'demo/gone', permalink: `${BASE}docs/demo/gone`}]};
    expect(() => buildManual(broken, pagesOf(SITE), options)).toThrow(/the built page \/base\/docs\/demo\/gone is missing/);
  });

  test('the PDF cache key changes with the page or any file it loads, not otherwise', () => {
    const site = tempDir('manual-hash-');
    fs.cpSync(SITE, site, {recursive: true});
    const {html} = buildManual(entry, pagesOf(site), options);
    const h = manualHash(html, site, BASE);
    expect(manualHash(html, site, BASE)).toBe(h);
    fs.appendFileSync(path.join(site, 'assets/css/styles.abc123.css'), 'p{margin:0}');
    const afterCss = manualHash(html, site, BASE);
    expect(afterCss).not.toBe(h);
    fs.writeFileSync(path.join(site, 'img/demo.png'), 'not the same image');
    expect(manualHash(html, site, BASE)).not.toBe(afterCss);
    expect(manualHash(html.replace('安装步骤', '安装的步骤'), site, BASE)).not.toBe(h);
  });
});

test.describe('the PDF printer', () => {
  test.skip(!fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: npm run setup:system`);
  test.setTimeout(120_000);

  /** A built site with the fixture manual written as plugins/manuals writes it. */
  function site(): string {
    const dir = tempDir('manual-pdf-');
    fs.cpSync(SITE, dir, {recursive: true});
    const {html, chapters} = buildManual(entry, pagesOf(dir), options);
    fs.mkdirSync(path.join(dir, 'manuals/triton'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'manuals/triton/index.html'), html);
    const list: ManualsList = {
      manuals: [
        {
          key: 'triton',
          title: '演示产品 用户手册',
          page: `${BASE}manuals/triton/`,
          contentHash: manualHash(html, dir, BASE),
          chapters,
        },
      ],
    };
    fs.writeFileSync(path.join(dir, 'manuals/manuals.json'), JSON.stringify(list));
    return dir;
  }

  test('prints once; an unchanged manual comes from the cache, a changed one is printed again; the list gets the PDF', async () => {
    const cacheDir = tempDir('manual-cache-');
    const first = await printManuals(site(), {cacheDir});
    expect(first.map((r) => [r.key, r.cached])).toEqual([['triton', false]]);
    expect(first[0].pages).toBeGreaterThanOrEqual(1);
    const again = site();
    const second = await printManuals(again, {cacheDir});
    expect(second.map((r) => [r.key, r.cached])).toEqual([['triton', true]]);
    expect(fs.readFileSync(path.join(again, 'manuals/triton.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(readManualsList(again).manuals[0].pdf).toEqual({
      url: '/base/manuals/triton.pdf',
      bytes: second[0].bytes,
      pages: second[0].pages,
    });
    const changed = site();
    const list = readManualsList(changed);
    list.manuals[0].contentHash = 'f'.repeat(64);
    fs.writeFileSync(path.join(changed, 'manuals/manuals.json'), JSON.stringify(list));
    const third = await printManuals(changed, {cacheDir});
    expect(third[0].cached).toBe(false);
    expect(fs.readdirSync(cacheDir).filter((f) => f.startsWith('triton-'))).toHaveLength(1); // the older PDF is dropped
  });

  test('a list that is not a manuals list is an error naming the file', async () => {
    const dir = site();
    fs.writeFileSync(path.join(dir, 'manuals/manuals.json'), JSON.stringify([{key: 'triton'}]));
    await expect(printManuals(dir, {cacheDir: null})).rejects.toThrow(/manuals\/manuals\.json: not a manuals list/);
  });
});
