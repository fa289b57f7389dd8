// The HTML pages of a built site and the file a site path is served from (the nginx rules): shared by the link check
// (scripts/check-site.ts), the CSP check and the search records (plugins/search/extract.ts).
import fs from 'node:fs';
import path from 'node:path';

/** An HTML file of a built site and its route. */
export type BuiltPage = {file: string; route: string};

/** Every HTML page of a built site (hashed assets and downloads are not pages), sorted by route. */
export function listPages(dir: string): BuiltPage[] {
  const out: BuiltPage[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name);
      const rel = path.relative(dir, p).split(path.sep).join('/');
      if (e.isDirectory()) {
        if (rel !== 'assets' && rel !== 'downloads') walk(p);
      } else if (e.name.endsWith('.html')) {
        out.push({file: p, route: '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')});
      }
    }
  };
  walk(dir);
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
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
