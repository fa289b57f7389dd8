// Whole manuals: for each area with `manual: true` (src/areas.ts), one static page <baseUrl>manuals/<key>/ holding all of
// the area's pages in reading order, assembled after the build from the built pages' articles: a cover, a table of
// contents, chapters with renumbered headings, every tab panel shown, internal links turned into in-document links
// (links to other areas become absolute URLs), and print CSS (static/manuals/manual.css). The list of manuals
// (src/shared/manuals.ts) goes to <baseUrl>manuals/manuals.json; scripts/manuals-pdf.ts prints them to PDF from it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {CheerioAPI} from 'cheerio';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {MANUALS_DIR, MANUALS_LIST, MANUAL_PDF_ATTR, type ManualInfo, type ManualsList} from '../../src/shared/manuals';
import {BuildCache, inputsHash} from '../lib/build-cache';
import {pageHash, parsePage} from '../lib/built-html';
import {readingOrder, type AreaPages} from '../lib/reading-order';

export type ManualOptions = {
  /** The site's origin (siteConfig.url), for links to pages outside the manual. */
  origin: string;
  baseUrl: string;
  siteTitle: string;
  /** The edition date on the cover (YYYY-MM-DD). */
  date: string;
};

/** A built page's parsed document by its permalink, or null when the page is missing. */
export type PageSource = (permalink: string) => CheerioAPI | null;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The edition date: the day the newest of the manual's pages last changed (git), else the build's day. */
export function editionDate(docs: {lastUpdatedAt?: number}[], now = Date.now()): string {
  const newest = Math.max(0, ...docs.map((d) => d.lastUpdatedAt ?? 0));
  return new Date(newest || now).toISOString().slice(0, 10);
}

/** One manual's page. Reads the built pages through `pageOf` and changes none of them (it rewrites clones). */
export function buildManual(
  {area, docs}: AreaPages,
  pageOf: PageSource,
  {origin, baseUrl, siteTitle, date}: ManualOptions,
): {html: string; title: string; chapters: ManualInfo['chapters']} {
  const title = `${area.name} 用户手册`;
  const chapterOf = new Map(docs.map((d, i) => [d.permalink.replace(/\/$/, ''), i + 1]));
  let stylesheet = '';
  const chapters: string[] = [];
  const toc: string[] = [];
  docs.forEach((d, i) => {
    const n = i + 1;
    const $ = pageOf(d.permalink);
    if (!$) throw new Error(`[manuals] ${area.key}: the built page ${d.permalink} is missing`);
    stylesheet ||= $('link[rel="stylesheet"]').first().attr('href') ?? '';
    const article = $('article .theme-doc-markdown').first();
    if (!article.length) throw new Error(`[manuals] ${d.permalink}: no article content`);
    const body = article.clone(); // the parsed page is shared with the search records
    body.find('header').first().remove(); // the page's own H1: the chapter heading replaces it
    body.find('button, a.hash-link, .theme-edit-this-page').remove();
    body.find('img').removeAttr('loading');
    body.find('details').attr('open', '');
    // Tabs: every panel, each under its label.
    body.find('.tabs-container').each((_, el) => {
      const c = $(el);
      const labels = c
        .find('[role="tab"]')
        .map((_j, t) => $(t).text().trim())
        .get();
      c.find('[role="tablist"]').remove();
      c.find('[role="tabpanel"]').each((j, p) => {
        $(p)
          .removeAttr('hidden')
          .before(`<p class="lc-manual-tab-label">${esc(labels[j] ?? '')}</p>`);
      });
    });
    // Headings: N.M and N.M.K; ids prefixed with the chapter.
    let h2 = 0;
    let h3 = 0;
    body.find('h2, h3').each((_, el) => {
      const h = $(el);
      if (el.tagName === 'h2') {
        h2++;
        h3 = 0;
        h.prepend(`<span class="lc-manual-num">${n}.${h2}</span> `);
      } else {
        h3++;
        h.prepend(`<span class="lc-manual-num">${n}.${h2}.${h3}</span> `);
      }
    });
    body.find('[id]').each((_, el) => {
      $(el).attr('id', `ch-${n}-${$(el).attr('id')}`);
    });
    // Links.
    body.find('a[href]').each((_, el) => {
      const a = $(el);
      const href = a.attr('href')!;
      if (href.startsWith('#')) {
        a.attr('href', `#ch-${n}-${href.slice(1)}`);
        return;
      }
      if (!href.startsWith('/')) return;
      const [p, hash] = href.split('#');
      const target = chapterOf.get(p.replace(/\/$/, '').replace(/\.html$/, ''));
      if (target) a.attr('href', hash ? `#ch-${target}-${hash}` : `#ch-${target}`);
      else a.attr('href', `${origin}${href}`); // built links carry the base URL already
    });
    chapters.push(
      `<section class="lc-manual-chapter" id="ch-${n}" data-doc-id="${esc(d.id)}">` +
        `<h1><span class="lc-manual-num">${n}</span> ${esc(d.title)}</h1>` +
        `<div class="markdown">${body.html()}</div></section>`,
    );
    toc.push(`<li><a href="#ch-${n}"><span class="lc-manual-num">${n}</span> ${esc(d.title)}</a></li>`);
  });
  /** A CSS string's content: the running header is the manual's title (one header, printed or saved as PDF). */
  const cssString = (v: string) => v.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r]/g, ' ');
  const html = `<!doctype html>
<html lang="zh-Hans" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${esc(siteTitle)}</title>
<meta name="description" content="${esc(`${area.name}（${area.short} ${area.version}）的全部文档，可打印或保存为 PDF。`)}">
${stylesheet ? `<link rel="stylesheet" href="${esc(stylesheet)}">` : ''}
<link rel="stylesheet" href="${baseUrl}${MANUALS_DIR}/manual.css">
<style>@page { @top-center { content: "${cssString(title)}"; } } @page :first { @top-center { content: none; } }</style>
<link rel="icon" href="${baseUrl}img/favicon.svg" type="image/svg+xml">
<script src="${baseUrl}${MANUALS_DIR}/manual.js" defer></script>
</head>
<body class="lc-manual" data-manual="${area.key}" data-manual-title="${esc(title)}" data-manuals-list="${baseUrl}${MANUALS_DIR}/${MANUALS_LIST}">
<div class="lc-manual-toolbar" role="toolbar" aria-label="手册操作">
<a href="${baseUrl}">返回文档中心</a>
<button type="button" data-print>打印手册</button>
<a ${MANUAL_PDF_ATTR} hidden download>下载 PDF</a>
</div>
<header class="lc-manual-cover">
<p class="lc-manual-company">凌川科技有限公司</p>
<h1>${esc(area.name)}</h1>
<p class="lc-manual-subtitle">用户手册</p>
<p>${esc(area.short)} ${esc(area.version)} · ${docs.length} 章 · ${esc(date)}</p>
<p class="lc-manual-source">本手册由 ${esc(siteTitle)}（${esc(`${origin}${baseUrl}`.replace(/\/$/, ''))}）自动生成，内容与网站相同。</p>
</header>
<nav class="lc-manual-toc" aria-labelledby="toc-title">
<h2 id="toc-title">目录</h2>
<ol>${toc.join('')}</ol>
</nav>
<main>
${chapters.join('\n')}
</main>
</body>
</html>
`;
  return {html, title, chapters: docs.map((d) => ({id: d.id, title: d.title}))};
}

/** The local files a page loads (stylesheets, scripts, images), as paths under `outDir`. */
function loadedFiles(html: string, outDir: string, baseUrl: string): string[] {
  const urls = [...html.matchAll(/<(?:link|script|img)\b[^>]*?\s(?:href|src)="([^"#?]+)/g)].map((m) => m[1]);
  return [...new Set(urls)]
    .filter((u) => u.startsWith(baseUrl) && !u.endsWith('/'))
    .map((u) => path.join(outDir, decodeURIComponent(u.slice(baseUrl.length))))
    .filter((f) => fs.existsSync(f) && fs.statSync(f).isFile())
    .sort();
}

/** SHA-256 of a manual page and every local file it loads: equal hashes print equal PDFs. */
export function manualHash(html: string, outDir: string, baseUrl: string): string {
  const hash = crypto.createHash('sha256').update(html);
  for (const f of loadedFiles(html, outDir, baseUrl)) hash.update(`\0${path.relative(outDir, f)}\0`).update(fs.readFileSync(f));
  return hash.digest('hex');
}

export default function manuals(context: LoadContext): Plugin {
  const {baseUrl} = context;
  let order: AreaPages[] = [];
  return {
    name: 'manuals',
    async allContentLoaded({allContent}) {
      order = readingOrder(allContent as Record<string, Record<string, unknown>>, context);
    },
    async postBuild({outDir}) {
      const pageFile = (permalink: string) => path.join(outDir, permalink.slice(baseUrl.length), 'index.html');
      const pageOf: PageSource = (permalink) => {
        const file = pageFile(permalink);
        return fs.existsSync(file) ? parsePage(file) : null;
      };
      // A manual whose chapters' built pages, list and options are as in an earlier build is taken from the cache: its
      // pages are then not parsed at all (the search records have their own cache).
      const cache = new BuildCache('manuals');
      const list: ManualsList = {manuals: []};
      for (const entry of order) {
        if (!entry.area.manual || !entry.docs.length) continue;
        const options = {
          origin: context.siteConfig.url,
          baseUrl,
          siteTitle: context.siteConfig.title,
          date: editionDate(entry.docs),
        };
        const pages = entry.docs.map((d) => (fs.existsSync(pageFile(d.permalink)) ? pageHash(pageFile(d.permalink)) : null));
        const key = pages.includes(null)
          ? null // a missing page: buildManual names it
          : `${inputsHash(
              [__filename],
              entry.area,
              options,
              entry.docs.map((d, i) => [d.id, d.title, d.permalink, pages[i]]),
            )}.json`;
        const made = () => JSON.stringify(buildManual(entry, pageOf, options));
        const {html, title, chapters} = JSON.parse(key ? cache.through(key, made) : made()) as ReturnType<typeof buildManual>;
        const dir = path.join(outDir, MANUALS_DIR, entry.area.key);
        fs.mkdirSync(dir, {recursive: true});
        fs.writeFileSync(path.join(dir, 'index.html'), html);
        list.manuals.push({
          key: entry.area.key,
          title,
          page: `${baseUrl}${MANUALS_DIR}/${entry.area.key}/`,
          contentHash: manualHash(html, outDir, baseUrl),
          chapters,
        });
      }
      cache.prune();
      // Written last and whole (a rename): scripts/build.ts starts printing the PDFs when the list appears.
      const listFile = path.join(outDir, MANUALS_DIR, MANUALS_LIST);
      fs.writeFileSync(`${listFile}.tmp`, `${JSON.stringify(list, null, 1)}\n`);
      fs.renameSync(`${listFile}.tmp`, listFile);
      console.log(
        `[manuals] ${list.manuals.map((m) => `${m.key} (${m.chapters.length} chapters)`).join(', ')}; ${cache.hits} unchanged from the cache`,
      );
    },
  };
}
