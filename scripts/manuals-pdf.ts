// Print each whole manual of a build (<baseUrl>manuals/<key>/, plugins/manuals) to <baseUrl>manuals/<key>.pdf with
// Debian's Chromium: A4, the running header and page numbers of the manual's own print CSS. The list the plugin wrote
// (manuals.json, src/shared/manuals.ts) says what to print; each PDF's size and page count are added to it, and the
// manual page's script links the PDF from there.
// A PDF costs only what changed: a manual whose page and loaded files hash as before (the list's contentHash) is copied
// from the cache (plugins/lib/paths.ts CACHE_DIR/manuals-pdf, outside build/, so a clean output folder still reuses it;
// CI caches node_modules/.cache). The others are printed concurrently, one tab per core.
// Run by scripts/build.ts when Chromium is present; alone: tsx scripts/manuals-pdf.ts [build] [--no-cache] [--jobs N].
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {chromium, type Browser} from '@playwright/test';
import {CACHE_DIR} from '../plugins/lib/paths';
import {MANUALS_DIR, MANUALS_LIST, type ManualInfo, type ManualsList} from '../src/shared/manuals';
import {parseCli} from './lib/args';
import {CHROMIUM_FLAGS, PRINT_CHROMIUM} from './lib/chromium';

export type PdfResult = {key: string; file: string; bytes: number; pages: number; cached: boolean};
export type PrintOptions = {
  /** Asked before each manual: a cancelled build stops printing. */
  stop?: () => boolean;
  /** Manuals printed at once (default: one per core). */
  jobs?: number;
  /** Where printed PDFs are kept between builds; null prints everything. */
  cacheDir?: string | null;
};

/** Bump when the print call changes in a way the page's hash cannot see. */
const PRINT_VERSION = 'a4-css-page-size-1';
export const PDF_CACHE_DIR = path.join(CACHE_DIR, 'manuals-pdf');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** A minimal static server for the build folder under its base URL (loopback, for the print only). */
function serve(dir: string, baseUrl: string): Promise<{server: http.Server; origin: string}> {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (!url.startsWith(baseUrl)) return void res.writeHead(404).end();
    let file = path.join(dir, url.slice(baseUrl.length));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, {'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream'});
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({server, origin: `http://127.0.0.1:${(server.address() as {port: number}).port}`}),
    ),
  );
}

/** Pages of a PDF file (Chromium writes one page object per page). */
export function pdfPageCount(buf: Buffer): number {
  return buf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

export const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

/** The manuals list of a build; a missing or malformed list is an error naming the file. */
export function readManualsList(dir: string): ManualsList {
  const file = path.join(dir, MANUALS_DIR, MANUALS_LIST);
  if (!fs.existsSync(file)) throw new Error(`manuals-pdf: ${file} not found (plugins/manuals writes it)`);
  const list = JSON.parse(fs.readFileSync(file, 'utf8')) as ManualsList;
  const bad = Array.isArray(list.manuals)
    ? list.manuals.find((m) => !m.key || !m.page?.endsWith(`/${MANUALS_DIR}/${m.key}/`) || !/^[0-9a-f]{64}$/.test(m.contentHash))
    : list;
  if (bad)
    throw new Error(`manuals-pdf: ${file}: not a manuals list (src/shared/manuals.ts): ${JSON.stringify(bad).slice(0, 120)}`);
  return list;
}

/** Whether a PDF file is whole: its header, and the end-of-file marker of its last section in its last bytes. */
export const wholePdf = (pdf: Buffer) =>
  pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-64).toString('latin1').includes('%%EOF');

/** The site path of a manual's PDF: beside its page's folder. */
export const pdfUrl = (m: ManualInfo) => `${m.page.slice(0, -`${m.key}/`.length)}${m.key}.pdf`;

/** Print (or take from the cache) every manual of a build; writes the PDFs and adds them to the manuals list. */
export async function printManuals(buildDir: string, options: PrintOptions = {}): Promise<PdfResult[]> {
  const {stop = () => false, jobs = os.cpus().length, cacheDir = PDF_CACHE_DIR} = options;
  const dir = path.resolve(buildDir);
  const list = readManualsList(dir);
  if (!list.manuals.length) return [];
  const baseUrl = list.manuals[0].page.slice(0, -`${MANUALS_DIR}/${list.manuals[0].key}/`.length);
  const browserVersion = execFileSync(PRINT_CHROMIUM, ['--version'], {encoding: 'utf8'}).trim();
  const cacheKey = (m: ManualInfo) =>
    crypto.createHash('sha256').update(`${PRINT_VERSION}\0${browserVersion}\0${m.contentHash}`).digest('hex').slice(0, 24);
  const cached = (m: ManualInfo) => (cacheDir ? path.join(cacheDir, `${m.key}-${cacheKey(m)}.pdf`) : null);
  const results = new Map<string, PdfResult>();
  const outFile = (m: ManualInfo) => path.join(dir, MANUALS_DIR, `${m.key}.pdf`);
  const record = (m: ManualInfo, pdf: Buffer, fromCache: boolean) => {
    fs.writeFileSync(outFile(m), pdf);
    results.set(m.key, {key: m.key, file: outFile(m), bytes: pdf.length, pages: pdfPageCount(pdf), cached: fromCache});
  };

  const toPrint: ManualInfo[] = [];
  for (const m of list.manuals) {
    const c = cached(m);
    const pdf = c && fs.existsSync(c) ? fs.readFileSync(c) : null;
    if (pdf && wholePdf(pdf)) record(m, pdf, true);
    else {
      // A cached file cut short (a full disk, a copy interrupted) is printed again, never published.
      if (pdf) fs.rmSync(c!, {force: true});
      toPrint.push(m);
    }
  }
  if (toPrint.length && !stop()) {
    const {server, origin} = await serve(dir, baseUrl);
    let browser: Browser | null = null;
    try {
      browser = await chromium.launch({executablePath: PRINT_CHROMIUM, args: CHROMIUM_FLAGS});
      // The longest manuals first (by their page's bytes), so that the last to finish is a short one.
      const bytes = (m: ManualInfo) => fs.statSync(path.join(dir, m.page.slice(baseUrl.length), 'index.html')).size;
      const queue = [...toPrint].sort((a, b) => bytes(b) - bytes(a));
      const tab = async () => {
        const page = await browser!.newPage();
        for (let m = queue.shift(); m && !stop(); m = queue.shift()) {
          await page.goto(`${origin}${m.page}`, {waitUntil: 'load', timeout: 300_000});
          // The running header (the manual's title) and the page number come from the manual's own print CSS (its
          // @page margin boxes), as when a reader prints it: Chromium's header and footer templates would print them twice.
          const pdf = await page.pdf({format: 'A4', printBackground: true, preferCSSPageSize: true});
          record(m, pdf, false);
          const c = cached(m);
          if (c) {
            fs.mkdirSync(cacheDir!, {recursive: true});
            fs.writeFileSync(`${c}.tmp-${process.pid}`, pdf);
            fs.renameSync(`${c}.tmp-${process.pid}`, c);
          }
        }
        await page.close();
      };
      await Promise.all(Array.from({length: Math.max(1, Math.min(jobs, toPrint.length))}, tab));
    } finally {
      await browser?.close();
      server.close();
    }
  }
  if (stop()) return [...results.values()];
  // The cache keeps the newest PDF of each manual only.
  if (cacheDir && fs.existsSync(cacheDir)) {
    const keep = new Set(list.manuals.map((m) => path.basename(cached(m)!)));
    const ours = new Set(list.manuals.map((m) => m.key));
    for (const f of fs.readdirSync(cacheDir)) {
      const key = /^(.+)-[0-9a-f]{24}\.pdf$/.exec(f)?.[1];
      if (key && ours.has(key) && !keep.has(f)) fs.rmSync(path.join(cacheDir, f), {force: true});
    }
  }
  const updated: ManualsList = {
    manuals: list.manuals.map((m) => {
      const r = results.get(m.key);
      return r ? {...m, pdf: {url: pdfUrl(m), bytes: r.bytes, pages: r.pages}} : m;
    }),
  };
  fs.writeFileSync(path.join(dir, MANUALS_DIR, MANUALS_LIST), `${JSON.stringify(updated, null, 1)}\n`);
  return list.manuals.map((m) => results.get(m.key)).filter((r): r is PdfResult => !!r);
}

if (require.main === module) {
  const args = parseCli(
    'manuals-pdf',
    {'no-cache': {type: 'boolean'}, jobs: {type: 'string'}},
    {positionals: 1, args: '[build]'},
  );
  const jobs = args.values.jobs === undefined ? undefined : Number(args.values.jobs);
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs > 0)) {
    console.error('manuals-pdf: --jobs needs a positive integer');
    process.exit(2);
  }
  const started = performance.now();
  printManuals(args.positionals[0] ?? 'build', {jobs, cacheDir: args.values['no-cache'] ? null : PDF_CACHE_DIR})
    .then((rs) => {
      for (const r of rs)
        console.log(
          `manuals-pdf: ${r.key}.pdf ${r.pages} pages, ${mb(r.bytes)}${r.cached ? ' (unchanged: from the cache)' : ''}`,
        );
      console.log(`manuals-pdf: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    })
    .catch((e: Error) => {
      console.error(e.message);
      process.exit(1);
    });
}
