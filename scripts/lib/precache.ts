// What the service worker precaches (the list workbox wrote into <site>/sw.js): files and bytes, raw and as sent
// (the precompressed .gz beside each file, as nginx serves it). Printed by the build, budgeted by scripts/size-budget.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface Precache {
  files: number;
  bytes: number;
  gzipBytes: number;
  /** Bytes as sent by kind: html, js, css, search, image, font, other. */
  byKind: Record<string, number>;
}

/** The precached files of a built site, or null when it has no service worker. */
export function readPrecache(site: string): Precache | null {
  const sw = path.join(site, 'sw.js');
  if (!fs.existsSync(sw)) return null;
  const urls = [...fs.readFileSync(sw, 'utf8').matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]);
  const out: Precache = {files: 0, bytes: 0, gzipBytes: 0, byKind: {}};
  for (const url of new Set(urls)) {
    const file = path.join(site, decodeURIComponent(url.split(/[?#]/)[0]));
    if (!fs.existsSync(file)) throw new Error(`sw.js precaches ${url}, which ${site} does not hold`);
    const raw = fs.statSync(file).size;
    const gz = fs.existsSync(`${file}.gz`)
      ? fs.statSync(`${file}.gz`).size
      : /\.(png|jpe?g|gif|woff2?)$/.test(file)
        ? raw
        : zlib.gzipSync(fs.readFileSync(file), {level: 6}).length;
    const kind = /\.html$/.test(url)
      ? 'html'
      : /\.js$/.test(url)
        ? 'js'
        : /\.css$/.test(url)
          ? 'css'
          : /search-.*\.json$/.test(url)
            ? 'search'
            : /\.(png|jpe?g|gif|svg|ico)$/.test(url)
              ? 'image'
              : /\.(woff2?|ttf|otf|eot)$/.test(url)
                ? 'font'
                : 'other';
    out.files++;
    out.bytes += raw;
    out.gzipBytes += gz;
    out.byKind[kind] = (out.byKind[kind] ?? 0) + gz;
  }
  return out;
}

export function describePrecache(p: Precache): string {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const kinds = Object.entries(p.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${mb(n)}`)
    .join(', ');
  return `${p.files} files, ${mb(p.bytes)} (${mb(p.gzipBytes)} as sent: ${kinds})`;
}
