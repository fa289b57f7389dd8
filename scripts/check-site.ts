// Checks the built site: every internal link, anchor, image and download of every HTML page resolves.
// The build already fails on broken links; broken anchors only warn there (spec §5), so this check fails CI for them.
// Usage: tsx scripts/check-site.ts [build-dir]
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {ROOT} from '../plugins/lib/paths';
import {listPages, resolveFile, type BuiltPage} from '../plugins/lib/built-html';
import {parseCli} from './lib/args';

export {listPages, resolveFile, type BuiltPage};

/** Where a route's content comes from, to name it in messages. */
function sourceOf(route: string, docsDir: string): string | null {
  const m = /^\/docs\/(.+)$/.exec(route);
  if (m)
    for (const ext of ['.md', '.mdx'])
      if (fs.existsSync(path.join(docsDir, m[1] + ext))) return path.relative(ROOT, path.join(docsDir, m[1] + ext));
  return null;
}

/**
 * The line of the source that holds a built link: the first line with its `#anchor` (as written or percent-encoded), else
 * the first with its last path segment (as a Markdown file first); null when the source does not show it (a link a component or the theme made).
 */
export function lineOf(source: string, raw: string): number | null {
  const text = fs.readFileSync(path.join(ROOT, source), 'utf8').split('\n');
  const url = new URL(raw, 'http://site.local/');
  const hash = url.hash.slice(1);
  const needles = hash
    ? [`#${hash}`, `#${decodeURIComponent(hash)}`]
    : ((seg) => (seg ? [`${seg}.md`, `${seg}.mdx`, `${seg})`, seg] : []))(url.pathname.split('/').filter(Boolean).at(-1));
  for (const needle of needles) {
    const i = text.findIndex((l) => l.includes(needle));
    if (i >= 0) return i + 1;
  }
  return null;
}

/** `docsDir`: where the pages' sources are (the tests' fixtures have their own). */
export function checkSite(dir: string, docsDir = path.join(ROOT, 'docs')): {pages: number; links: number; problems: string[]} {
  const pages = listPages(dir);
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    if (!ids.has(file)) {
      const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
      ids.set(
        file,
        new Set([
          ...$('[id]')
            .map((_, el) => $(el).attr('id'))
            .get(),
          ...$('a[name]')
            .map((_, el) => $(el).attr('name'))
            .get(),
        ]),
      );
    }
    return ids.get(file)!;
  };
  const problems: string[] = [];
  let links = 0;
  for (const page of pages) {
    if (page.route === '/404') continue;
    const $ = cheerio.load(fs.readFileSync(page.file, 'utf8'));
    const source = sourceOf(page.route, docsDir);
    const check = (raw: string | undefined, kind: 'link' | 'image') => {
      if (!raw || /^(mailto:|tel:|javascript:|data:)/.test(raw)) return;
      const url = new URL(raw, `http://site.local${page.route}`);
      if (url.host !== 'site.local') return;
      links++;
      const where = () => {
        const line = source ? lineOf(source, raw) : null;
        return source ? `${source}${line ? `:${line}` : ''}` : page.route;
      };
      const target = url.pathname === page.route || raw.startsWith('#') ? page.file : resolveFile(dir, url.pathname);
      if (!target) {
        problems.push(`${where()}: ${kind} ${raw} → ${url.pathname} does not exist in the built site`);
        return;
      }
      const hash = decodeURIComponent(url.hash.slice(1));
      if (hash && target.endsWith('.html') && !idsOf(target).has(hash)) {
        problems.push(`${where()}: ${kind} ${raw} → no element with id "${hash}" on ${url.pathname}`);
      }
    };
    $('a[href]').each((_, el) => void check($(el).attr('href'), 'link'));
    $('img[src]').each((_, el) => void check($(el).attr('src'), 'image'));
  }
  return {pages: pages.length, links, problems};
}

if (require.main === module) {
  const {positionals} = parseCli('check-site', {}, {positionals: 1, args: '[build-dir]'});
  const dir = path.resolve(positionals[0] || 'build');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`check-site: ${dir}/index.html not found: build the site first`);
    process.exit(2);
  }
  const {pages, links, problems} = checkSite(dir);
  for (const p of problems) console.error(p);
  console.log(`check-site: ${pages} pages, ${links} internal links and images, ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}
