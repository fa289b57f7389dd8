// Whole manuals (plugins/manuals, scripts/manuals-pdf.ts): one page per area with every page in reading order, links
// kept inside the manual, an entry on the area's introduction that opens the print dialog, and a PDF whose text holds
// every page title.
import {test, expect} from '@playwright/test';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sidebars from '../../sidebars';
import {AREAS} from '../../src/areas';
import {loadAreas} from '../../plugins/lib/area-nav';
import {ROOT} from '../../plugins/lib/paths';
import {gotoHydrated, openPageTools} from './helpers';
import {tempDir} from '../tmp';

type Item = string | {type: string; id?: string; items?: Item[]};
const flatten = (items: Item[]): string[] =>
  items.flatMap((i) => (typeof i === 'string' ? [i] : i.type === 'doc' && i.id ? [i.id] : flatten(i.items ?? [])));
const navAreas = loadAreas(path.join(ROOT, 'docs')).areas;
/** The reading order of an area, from the sidebars and the area navigation (not from the manual itself). */
const orderOf = (a: (typeof AREAS)[number]) =>
  a.sidebar ? flatten((sidebars as Record<string, Item[]>)[a.sidebar]) : navAreas[a.dir].order.map((d) => d.id);

/**
 * Text of a PDF (poppler's pdftotext), comparable whatever CJK font Chromium embedded: in drawing order (`-raw`: with
 * a wider font a chapter title wraps, and the layout order put the next section's number between its two lines), NFKC
 * (a Type 3 font's ToUnicode may give Kangxi radicals or compatibility forms for ideographs) and no white space.
 */
const norm = (t: string) => t.normalize('NFKC').replace(/\s+/g, '');
function pdfText(buf: Buffer): string {
  const file = path.join(tempDir('manual-'), 'm.pdf');
  fs.writeFileSync(file, buf);
  return norm(execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024}));
}
/** The text of each page of a PDF (pdftotext ends each page with a form feed): NFKC, its lines kept. */
function pdfPages(buf: Buffer): string[] {
  const file = path.join(tempDir('manual-'), 'm.pdf');
  fs.writeFileSync(file, buf);
  const raw = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  return raw
    .split('\f')
    .slice(0, -1)
    .map((p) => p.normalize('NFKC').replace(/[ \t]+/g, ' '));
}
/** The titles a PDF's text lacks (a short failure message, never the whole text). */
const missingFrom = (text: string, titles: string[]) => titles.filter((t) => !text.includes(norm(t)));

for (const area of AREAS.filter((a) => a.manual)) {
  test(`${area.key}: the manual holds every page of the area in reading order, with links inside the manual`, async ({page}) => {
    test.setTimeout(60_000);
    await page.goto(`/manuals/${area.key}/`);
    const chapters = await page.locator('[data-doc-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-doc-id')));
    expect(chapters).toEqual(orderOf(area));
    await expect(page.locator('.lc-manual-cover h1')).toHaveText(area.name);
    await expect(page.locator('.lc-manual-toc li')).toHaveCount(chapters.length);
    // No internal link leaves the manual: site-relative links are gone, in-document links have their target.
    expect(await page.locator('main a[href^="/"]').count()).toBe(0);
    const missing = await page
      .locator('main a[href^="#"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)).filter((id) => !document.getElementById(id)));
    expect(missing).toEqual([]);
  });

  test(`${area.key}: the PDF built with the site contains every page title`, async ({page, request}) => {
    // The largest manual's text extraction took 28–38 s in CI runs beside the other suites: twice that, and more.
    test.setTimeout(90_000);
    const res = await request.get(`/manuals/${area.key}.pdf`);
    expect(res.status()).toBe(200);
    const buf = await res.body();
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(buf);
    const titles: string[] = [];
    for (const id of orderOf(area))
      titles.push(await page.request.get(`/docs/${id}.md`).then(async (r) => (await r.text()).split('\n')[0].slice(2)));
    expect(missingFrom(text, titles), `titles missing from ${area.key}.pdf`).toEqual([]);
    // One running header (the manual's title) and one page number on each page: pages 2–6 (the cover has neither).
    const pages = pdfPages(buf);
    const manualTitle = norm(
      (await (await request.get(`/manuals/${area.key}/`)).text()).match(/data-manual-title="([^"]+)"/)![1],
    );
    const count = (hay: string, needle: RegExp) => hay.match(needle)?.length ?? 0;
    for (let i = 1; i < Math.min(6, pages.length); i++) {
      // Lines kept apart (a page number must not run into the chapter number on the next line).
      const number = new RegExp(`(?<![\\d ])${i + 1} / ${pages.length}(?![ \\d])`, 'g');
      expect(count(pages[i], number), `${area.key}.pdf page ${i + 1}: page numbers`).toBe(1);
      expect(norm(pages[i]).split(manualTitle).length - 1, `${area.key}.pdf page ${i + 1}: running headers`).toBe(1);
      // Not a second, generic header over it (the print CSS's fallback).
      expect(norm(pages[i]), `${area.key}.pdf page ${i + 1}: a second header`).not.toContain(norm('凌川科技文档中心 · 用户手册'));
    }
    await page.goto(`/manuals/${area.key}/`);
    await expect(page.locator('[data-manual-pdf]')).toHaveAttribute('data-bytes', String(buf.length));
  });
}

test('page.pdf() of a manual in Chromium: A4 pages, every chapter title in the text', async ({page}) => {
  test.setTimeout(120_000);
  await page.goto('/manuals/lowcode/');
  const pdf = await page.pdf({format: 'A4', printBackground: true});
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  console.log(`manuals: lowcode printed by page.pdf(): ${pages} pages, ${pdf.length} bytes`);
  expect(pages).toBeGreaterThan(16);
  const text = pdfText(pdf);
  expect(missingFrom(text, await page.locator('.lc-manual-chapter > h1').allTextContents())).toEqual([]);
});

test('「下载 PDF / 打印手册」 on an area introduction opens the manual and its print dialog', async ({page}) => {
  await page.addInitScript(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
  });
  // The smallest manual (0.4 MB): the print dialog waits for the whole page to load, which for Neptune's 3.9 MB took
  // over 15 s once in CI with two test workers running.
  await gotoHydrated(page, '/docs/lowcode/hmi');
  const entry = page.locator('[data-manual-entry="lowcode"]');
  await expect(entry).toHaveText('下载 PDF / 打印手册');
  await openPageTools(page);
  await entry.click();
  await expect(page).toHaveURL(/\/manuals\/lowcode\/\?print=1$/);
  await expect(page.locator('html')).toHaveAttribute('data-printed', 'yes', {timeout: 15_000});
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  await expect(page.locator('[data-manual-entry="neptune"]')).toHaveText('下载 PDF / 打印手册');
  await gotoHydrated(page, '/docs/neptune/user/quick-start');
  await expect(page.locator('[data-manual-entry]')).toHaveCount(0);
});
