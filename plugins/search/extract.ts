// Search records from built HTML pages, in the shape of the DocSearch crawler's records, so the offline index and the
// Algolia index (scripts/search-push.mjs) hold the same records. The selectors match deploy/algolia/crawler.config.js.
//
// Per page: one `lvl1` record (the H1; its content is the page description, else the first paragraph), content records
// for the text before the first H2, then for each H2–H6 a heading record (content null) followed by `content` records
// holding the section's paragraphs, list items and table rows (split when longer than `maxChunk` characters).
// Code blocks, the table of contents and navigation are not indexed.
import path from 'node:path';
import {load, type AnyNode, type CheerioAPI, type Element} from 'cheerio';
import {BuildCache, inputsHash} from '../lib/build-cache';
import {listPages, onPageParsed, pageHash, parsePage} from '../lib/built-html';
import {LEVELS, TYPE_LEVEL, recordObjectID, type DocSearchRecord, type Hierarchy, type RecordType} from '../../src/search/types';

export interface ExtractOptions {
  /** Prefix of every `url` (e.g. `https://docs.example.com`); '' (default) keeps paths. */
  origin?: string;
  /** `hierarchy.lvl0` of pages with no active sidebar category, navbar item or area breadcrumb. */
  defaultLvl0?: string;
  /** Longest content record, in characters; longer sections are split between blocks or sentences. */
  maxChunk?: number;
}

export type PageResult = {skipped: false; path: string; records: DocSearchRecord[]} | {skipped: true; reason: string};

const DEFAULTS = {origin: '', defaultLvl0: '文档', maxChunk: 600};

/** Elements whose text is never indexed. */
const SKIP_TAGS = new Set([
  'pre',
  'script',
  'style',
  'svg',
  'img',
  'button',
  'nav',
  'noscript',
  'template',
  'iframe',
  'video',
  'audio',
]);
const SKIP_CLASS =
  /(^|\s)(hash-link|theme-code-block|theme-doc-toc-mobile|theme-doc-footer|pagination-nav|sr-only|search-skip)(\s|$)|admonitionHeading_/;
/** Elements that only hold other blocks: walked into. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'ul',
  'ol',
  'dl',
  'blockquote',
  'details',
  'figure',
  'header',
  'footer',
  'aside',
  'thead',
  'tbody',
  'tfoot',
]);
/** Block tags that separate words when their text is flattened. */
const BLOCKS = new Set([
  ...CONTAINERS,
  'p',
  'li',
  'tr',
  'td',
  'th',
  'dt',
  'dd',
  'summary',
  'figcaption',
  'br',
  'table',
  'caption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

const isElement = (n: AnyNode): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style';

function skipped(el: Element): boolean {
  if (SKIP_TAGS.has(el.name)) return true;
  if (el.attribs.role === 'tablist' || el.attribs['aria-hidden'] === 'true') return true;
  return SKIP_CLASS.test(el.attribs.class ?? '');
}

/** Text of a node without the skipped parts; `stop` leaves out matching descendants (nested lists of a list item). */
function textOf(node: AnyNode, stop?: (el: Element) => boolean): string {
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === 'text') out.push((n as unknown as {data: string}).data);
    else if (isElement(n)) {
      if (skipped(n) || (n !== node && stop?.(n))) return;
      const block = BLOCKS.has(n.name);
      if (block) out.push(' ');
      n.children.forEach(walk);
      if (block) out.push(' ');
    }
  };
  walk(node);
  return clean(out.join(''));
}

/** Collapses white space and drops zero-width characters. */
const clean = (s: string) =>
  s
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Cuts a long text at sentence ends (or hard) into pieces of at most `max` characters. */
function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^。！？；.!?;]+[。！？；.!?;]*\s*/g) ?? [text];
  const out: string[] = [];
  let cur = '';
  for (const s of sentences) {
    if (cur && cur.length + s.length > max) {
      out.push(cur.trim());
      cur = '';
    }
    cur += s;
    while (cur.length > max) {
      out.push(cur.slice(0, max).trim());
      cur = cur.slice(max);
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Groups blocks into chunks of at most `max` characters, never cutting a block unless it alone is too long. */
function chunk(blocks: string[], max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const b of blocks.flatMap((x) => splitLong(x, max))) {
    if (cur && cur.length + 1 + b.length > max) {
      out.push(cur);
      cur = '';
    }
    cur = cur ? `${cur} ${b}` : b;
  }
  if (cur) out.push(cur);
  return out;
}

type Section = {level: number; heading: string; anchor: string | null; blocks: string[]};

/** Walks the content root in document order, cutting it into sections at headings. */
function sections(root: Element, h1: string): Section[] {
  const list: Section[] = [{level: 1, heading: h1, anchor: null, blocks: []}];
  const add = (text: string) => {
    if (text) list[list.length - 1].blocks.push(text);
  };
  const visit = (n: AnyNode) => {
    if (n.type === 'text') {
      add(clean((n as unknown as {data: string}).data));
      return;
    }
    if (!isElement(n) || skipped(n)) return;
    const tag = n.name;
    const h = /^h([1-6])$/.exec(tag);
    if (h) {
      if (tag === 'h1') return; // the page title, read from the header
      list.push({level: Number(h[1]), heading: textOf(n), anchor: n.attribs.id || null, blocks: []});
      return;
    }
    if (tag === 'li') {
      const nested = (el: Element) => ['ul', 'ol', 'table', 'div', 'dl'].includes(el.name);
      add(textOf(n, nested));
      n.children.filter((c): c is Element => isElement(c) && nested(c)).forEach(visit);
      return;
    }
    if (tag === 'table') {
      for (const row of descendants(n, 'tr')) {
        const cells = row.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th'));
        add(
          cells
            .map((c) => textOf(c))
            .filter(Boolean)
            .join(' | '),
        );
      }
      return;
    }
    // A container holding loose text is read as one block; otherwise its children are walked.
    if (CONTAINERS.has(tag) && !n.children.some((c) => c.type === 'text' && clean((c as unknown as {data: string}).data))) {
      n.children.forEach(visit);
      return;
    }
    add(textOf(n));
  };
  root.children.forEach(visit);
  return list;
}

function descendants(el: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (n: AnyNode) => {
    if (!isElement(n)) return;
    if (n.name === name) out.push(n);
    else n.children.forEach(walk);
  };
  el.children.forEach(walk);
  return out;
}

const meta = ($: CheerioAPI, name: string) => $(`meta[name="${name}"]`).attr('content') ?? null;

/** Why a page is left out of search, or null to index it. */
function skipReason($: CheerioAPI, file: string): string | null {
  // Static HTML files (downloads under static/) are not pages of the site.
  if (!/^Docusaurus/.test($('meta[name="generator"]').attr('content') ?? '')) return 'not a Docusaurus page';
  if (path.basename(file) === '404.html') return 'not-found page';
  if ($('meta[http-equiv="refresh" i]').length) return 'redirect';
  const robots = [$('meta[name="robots"]').attr('content'), $('meta[property="robots"]').attr('content')].join(' ');
  if (/noindex/i.test(robots)) return 'noindex';
  if ($('html').hasClass('search-page-wrapper')) return 'search page';
  return null;
}

/** `docusaurus_tag`: Docusaurus' meta, else derived from the <html> classes (plugin id and docs version). */
function docusaurusTag($: CheerioAPI): string {
  const fromMeta = meta($, 'docsearch:docusaurus_tag') ?? meta($, 'docusaurus_tag');
  if (fromMeta) return fromMeta;
  const cls = $('html').attr('class') ?? '';
  const plugin = /plugin-id-(\S+)/.exec(cls)?.[1];
  const version = /docs-version-(\S+)/.exec(cls)?.[1];
  return cls.includes('plugin-docs') && plugin && version ? `docs-${plugin}-${version}` : 'default';
}

/**
 * `hierarchy.lvl0`, as the DocSearch template: the deepest active sidebar category, else the active navbar item; pages
 * of areas without a sidebar use the last category of their area breadcrumbs.
 */
function lvl0Of($: CheerioAPI, fallback: string): string {
  const category = $('.theme-doc-sidebar-menu .menu__link--sublist.menu__link--active').last().text().trim();
  if (category) return category;
  const navbar = $('.navbar__item.navbar__link--active').last().text().trim();
  if (navbar) return navbar;
  const crumbs = $('[data-area-breadcrumbs] .breadcrumbs__item:not(:first-child):not(.breadcrumbs__item--active)')
    .map((_, el) => $(el).text().trim())
    .get()
    .filter(Boolean);
  return crumbs[crumbs.length - 1] || fallback;
}

/** Page path: og:url's path when present (it has the base URL and trailing-slash style), else from the file name. */
function pagePath($: CheerioAPI, file: string): string {
  const og = $('meta[property="og:url"]').attr('content');
  if (og) {
    try {
      return decodeURI(new URL(og).pathname);
    } catch {
      // fall through
    }
  }
  const rel = file
    .split(path.sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return `/${rel}`;
}

/** The records of one built page, or why it has none. `file` is the page's path relative to the site folder. */
export function extractPage(html: string | CheerioAPI, file: string, options: ExtractOptions = {}): PageResult {
  const opts = {...DEFAULTS, ...options};
  const $ = typeof html === 'string' ? load(html) : html; // read only: the parsed page is shared (parsePage)
  const reason = skipReason($, file);
  if (reason) return {skipped: true, reason};
  const article = $('article')
    .filter((_, el) => $(el).find('h1').length > 0)
    .first();
  const h1El = article.find('h1').first();
  if (!h1El.length) return {skipped: true, reason: 'no article title'};
  const markdown = article.find('.theme-doc-markdown').first();
  const root = (markdown.length ? markdown : article).get(0) as Element;

  const pathname = pagePath($, file);
  const language = meta($, 'docsearch:language') ?? $('html').attr('lang') ?? 'en';
  const tag = docusaurusTag($);
  const hierarchy: Hierarchy = {
    lvl0: lvl0Of($, opts.defaultLvl0),
    lvl1: textOf(h1El.get(0) as Element),
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };

  const description = clean(meta($, 'description') ?? '');
  // Front-matter keywords: the writers' list of what readers type for the page (docs-guide/style.md).
  const keywords = (meta($, 'keywords') ?? '').split(',').map(clean).filter(Boolean);
  const records: DocSearchRecord[] = [];
  const push = (type: RecordType, content: string | null, anchor: string | null) => {
    const position = records.length;
    records.push({
      objectID: recordObjectID(pathname, position),
      hierarchy: {...hierarchy},
      content,
      type,
      url: `${opts.origin}${pathname}${anchor ? `#${anchor}` : ''}`,
      url_without_anchor: `${opts.origin}${pathname}`,
      anchor,
      language,
      docusaurus_tag: tag,
      weight: {pageRank: 0, level: TYPE_LEVEL[type], position},
    });
  };

  let anchor: string | null = null;
  for (const s of sections(root, hierarchy.lvl1!)) {
    const chunks = chunk(s.blocks, opts.maxChunk);
    if (s.level === 1) {
      // The page's description (front matter `description`, written for search snippets) is the title record's content;
      // without one, or when it only repeats the first paragraph, the first paragraph is.
      const intro = chunks[0] ?? '';
      const own = description && !clean(intro).includes(description.slice(0, 20)) ? description : null;
      push('lvl1', own ?? chunks.shift() ?? null, null);
      if (keywords.length) records[records.length - 1].keywords = keywords;
    } else {
      // A new heading clears the levels below it.
      for (let l = s.level; l < LEVELS.length; l++) hierarchy[LEVELS[l]] = null;
      hierarchy[LEVELS[s.level]] = s.heading || null;
      anchor = s.anchor ?? anchor;
      if (s.heading) push(`lvl${s.level}` as RecordType, null, anchor);
    }
    for (const c of chunks) push('content', c, anchor);
  }
  return {skipped: false, path: pathname, records};
}

/** The HTML files of a built site, relative to it (the shared walker of plugins/lib/built-html). */
export function listHtmlFiles(dir: string): string[] {
  return listPages(dir)
    .map((p) => path.relative(dir, p.file).split(path.sep).join('/'))
    .sort();
}

export interface SiteRecords {
  records: DocSearchRecord[];
  pages: number;
  skipped: {file: string; reason: string}[];
}

/**
 * The records of every page of a built site folder. With a cache (the build's), a page whose built HTML, path and
 * options are as in an earlier build takes its records from there and is not parsed.
 */
export function extractSite(dir: string, options: ExtractOptions = {}, cache?: BuildCache): SiteRecords {
  return startExtraction(dir, options, cache).finish();
}

/**
 * `extractSite` in two steps, for a build whose other post-build readers (the manuals) parse pages first: from the
 * start, a page of `dir` that one of them parses gives its records then (unless the cache has them), and `finish()`
 * parses only the pages nobody did. Each page is parsed once, and let go when its reader is done with it.
 */
export function startExtraction(
  dir: string,
  options: ExtractOptions = {},
  cache?: BuildCache,
): {finish: () => SiteRecords; stop: () => void} {
  const code = cache ? inputsHash([__filename, path.join(__dirname, '../../src/search/types.ts')], options) : '';
  const keyOf = (file: string, abs: string) => `${inputsHash([], code, file, pageHash(abs))}.json`;
  const early = new Map<string, PageResult>();
  const stop = onPageParsed((abs, $) => {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    if (file.startsWith('../') || path.isAbsolute(file) || early.has(file)) return;
    if (cache?.has(keyOf(file, abs))) return;
    early.set(file, extractPage($, file, options));
  });
  const finish = (): SiteRecords => {
    stop();
    const result: SiteRecords = {records: [], pages: 0, skipped: []};
    const seen = new Set<string>();
    for (const file of listHtmlFiles(dir)) {
      const abs = path.join(dir, file);
      const extract = () => early.get(file) ?? extractPage(parsePage(abs), file, options);
      const page: PageResult = cache ? JSON.parse(cache.through(keyOf(file, abs), () => JSON.stringify(extract()))) : extract();
      early.delete(file);
      if (page.skipped) {
        result.skipped.push({file, reason: page.reason});
        continue;
      }
      // `docs/a.html` and `docs/a/index.html` can be the same page: keep the first.
      if (seen.has(page.path)) continue;
      seen.add(page.path);
      result.pages++;
      result.records.push(...page.records);
    }
    return result;
  };
  return {finish, stop};
}
