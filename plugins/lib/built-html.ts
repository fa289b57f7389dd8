// The HTML pages of a built site and the file a site path is served from (the nginx rules): shared by the link check
// (scripts/check-site.ts), the CSP check, the search records (plugins/search/extract.ts) and the manuals
// (plugins/manuals). In the post-build phase each page is parsed once (`parsePage`) for all of them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import {walkFiles} from './walk';

/** An HTML file of a built site and its route. */
export type BuiltPage = {file: string; route: string};

/** Every HTML page of a built site (hashed assets and downloads are not pages), sorted by route. */
export function listPages(dir: string): BuiltPage[] {
  return walkFiles(dir, {file: (rel) => rel.endsWith('.html'), dir: (rel) => rel !== 'assets' && rel !== 'downloads'})
    .map((file) => {
      const rel = path.relative(dir, file).split(path.sep).join('/');
      return {file, route: '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')};
    })
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The file a site path is served from (nginx rules: exact file, folder index, .html), or null. */
export function resolveFile(dir: string, pathname: string): string | null {
  const clean = decodeURIComponent(pathname).replace(/\/$/, '');
  const candidates = [clean, `${clean}/index.html`, `${clean}.html`, clean.replace(/(\/index)?\.html$/, '/index.html')];
  for (const c of candidates) {
    const f = path.join(dir, c);
    if (f.startsWith(dir) && fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return null;
}

/** A post-build reader's look at a page that another reader had parsed (see `onPageParsed`). */
export type PageListener = (file: string, $: CheerioAPI) => void;
const listeners = new Set<PageListener>();

/**
 * Shows `listener` every page that `parsePage` parses from now on, until the returned function is called. The search
 * records take a page's records this way while the manuals have it parsed: each page is parsed once per build and let
 * go as soon as its reader is done, rather than every parsed page living until the last reader has finished with it.
 */
export function onPageParsed(listener: PageListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A built page's document, parsed from its file; the listeners see it first. None may change it (the manuals rewrite a
 * `.clone()`).
 */
export function parsePage(file: string): CheerioAPI {
  const $ = load(fs.readFileSync(file, 'utf8'));
  for (const listener of listeners) listener(file, $);
  return $;
}

const pageHashes = new Map<string, string>();

/**
 * SHA-256 of a built page without its script bundles' names: every page loads `runtime~main.<hash>.js`, whose hash
 * changes whenever any page does, so a page's own hash would change with every edit anywhere. What a post-build reader
 * takes from a page (its article, headings, stylesheet) is all in the rest. Read once per process.
 */
export function pageHash(file: string): string {
  let h = pageHashes.get(file);
  if (!h) {
    const html = fs.readFileSync(file, 'utf8').replace(/(\/assets\/js\/[^"'\s>]+?)\.[0-9a-f]{8}\.js/g, '$1.js');
    h = crypto.createHash('sha256').update(html).digest('hex');
    pageHashes.set(file, h);
  }
  return h;
}
