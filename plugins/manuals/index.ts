// Whole manuals: for each area with `manual: true` (src/areas.ts), one static page /manuals/<key>/ holding all of the
// area's pages in reading order, assembled after the build from the built pages' articles: a cover, a table of contents,
// chapters with renumbered headings, every tab panel shown, internal links turned into in-document links (links to other
// areas become absolute URLs), and print CSS (static/manuals/manual.css). scripts/manuals-pdf.ts prints them to PDF.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readingOrder, type AreaPages} from '../lib/reading-order';

export const MANUALS_DIR = 'manuals';

export type ManualInfo = {key: string; title: string; chapters: {id: string; title: string}[]};

const htmlOf = (outDir: string, permalink: string) => path.join(outDir, permalink.replace(/^\//, ''), 'index.html');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildManual(
  {area, docs}: AreaPages,
  outDir: string,
  {siteUrl, siteTitle, date}: {siteUrl: string; siteTitle: string; date: string},
): {html: string; info: ManualInfo} {
  const title = `${area.name} 用户手册`;
  const chapterOf = new Map(docs.map((d, i) => [d.permalink.replace(/\/$/, ''), i + 1]));
  let stylesheet = '';
  const chapters: string[] = [];
  const toc: string[] = [];
  docs.forEach((d, i) => {
    const n = i + 1;
    const file = htmlOf(outDir, d.permalink);
    if (!fs.existsSync(file)) throw new Error(`[manuals] ${area.key}: the built page ${d.permalink} is missing`);
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    stylesheet ||= $('link[rel="stylesheet"]').first().attr('href') ?? '';
    const body = $('article .theme-doc-markdown').first();
    if (!body.length) throw new Error(`[manuals] ${d.permalink}: no article content`);
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
      else a.attr('href', `${siteUrl}${href}`);
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
<link rel="stylesheet" href="/manuals/manual.css">
<style>@page { @top-center { content: "${cssString(title)}"; } } @page :first { @top-center { content: none; } }</style>
<link rel="icon" href="/img/favicon.svg" type="image/svg+xml">
<script src="/manuals/manual.js" defer></script>
</head>
<body class="lc-manual" data-manual="${area.key}" data-manual-title="${esc(title)}">
<div class="lc-manual-toolbar" role="toolbar" aria-label="手册操作">
<a href="/">返回文档中心</a>
<button type="button" data-print>打印手册</button>
<a data-manual-pdf hidden href="/${MANUALS_DIR}/${area.key}.pdf" download>下载 PDF</a>
</div>
<header class="lc-manual-cover">
<p class="lc-manual-company">凌川科技有限公司</p>
<h1>${esc(area.name)}</h1>
<p class="lc-manual-subtitle">用户手册</p>
<p>${esc(area.short)} ${esc(area.version)} · ${docs.length} 章 · ${esc(date)}</p>
<p class="lc-manual-source">本手册由 ${esc(siteTitle)}（${esc(siteUrl)}）自动生成，内容与网站相同。</p>
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
  return {html, info: {key: area.key, title, chapters: docs.map((d) => ({id: d.id, title: d.title}))}};
}

export default function manuals(context: LoadContext): Plugin {
  let order: AreaPages[] = [];
  return {
    name: 'manuals',
    async allContentLoaded({allContent}) {
      order = readingOrder(allContent as Record<string, Record<string, unknown>>, context);
    },
    async postBuild({outDir}) {
      const siteUrl = `${context.siteConfig.url}${context.baseUrl}`.replace(/\/$/, '');
      const date = new Date().toISOString().slice(0, 10);
      const infos: ManualInfo[] = [];
      for (const entry of order) {
        if (!entry.area.manual || !entry.docs.length) continue;
        const {html, info} = buildManual(entry, outDir, {siteUrl, siteTitle: context.siteConfig.title, date});
        const dir = path.join(outDir, MANUALS_DIR, entry.area.key);
        fs.mkdirSync(dir, {recursive: true});
        fs.writeFileSync(path.join(dir, 'index.html'), html);
        infos.push(info);
      }
      fs.writeFileSync(path.join(outDir, MANUALS_DIR, 'manuals.json'), `${JSON.stringify(infos, null, 1)}\n`);
      console.log(`[manuals] ${infos.map((m) => `${m.key} (${m.chapters.length} chapters)`).join(', ')}`);
    },
  };
}
