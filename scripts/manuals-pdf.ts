// Print each whole manual of a build (/manuals/<key>/, plugins/manuals) to /manuals/<key>.pdf with Debian's Chromium:
// A4, running header with the manual's title, page numbers. The manual page then links the PDF with its size.
// Run by scripts/build.ts when Chromium is present; alone: tsx scripts/manuals-pdf.ts [build]. Prints the page counts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {CHROMIUM, CHROMIUM_FLAGS} from './lib/chromium';

type ManualInfo = {key: string; title: string; chapters: {id: string; title: string}[]};
export type PdfResult = {key: string; file: string; bytes: number; pages: number};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
};

/** A minimal static server for the build folder (loopback, for the print only). */
function serve(dir: string): Promise<{server: http.Server; origin: string}> {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = path.join(dir, url);
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

const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

/** Print every manual; `stop()` is asked between manuals (a cancelled build stops printing). */
export async function printManuals(buildDir: string, stop: () => boolean = () => false): Promise<PdfResult[]> {
  const dir = path.resolve(buildDir);
  const list = path.join(dir, 'manuals/manuals.json');
  if (!fs.existsSync(list)) throw new Error(`manuals-pdf: ${list} not found (plugins/manuals writes it)`);
  const manuals = JSON.parse(fs.readFileSync(list, 'utf8')) as ManualInfo[];
  const {server, origin} = await serve(dir);
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const results: PdfResult[] = [];
  try {
    const page = await browser.newPage();
    for (const m of manuals) {
      if (stop()) break;
      await page.goto(`${origin}/manuals/${m.key}/`, {waitUntil: 'load', timeout: 120_000});
      const file = path.join(dir, 'manuals', `${m.key}.pdf`);
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        // The running header (the manual's title) and the page number come from the manual's own print CSS (its @page
        // margin boxes), as when a reader prints it: Chromium's header and footer templates would print them twice.
        preferCSSPageSize: true,
      });
      fs.writeFileSync(file, pdf);
      const result = {key: m.key, file, bytes: pdf.length, pages: pdfPageCount(pdf)};
      results.push(result);
      // The manual page links its PDF, with the size.
      const html = path.join(dir, 'manuals', m.key, 'index.html');
      fs.writeFileSync(
        html,
        fs
          .readFileSync(html, 'utf8')
          .replace(
            /<a data-manual-pdf hidden ([^>]*)>下载 PDF<\/a>/,
            `<a data-manual-pdf data-bytes="${pdf.length}" $1>下载 PDF（${mb(pdf.length)}，${result.pages} 页）</a>`,
          ),
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  return results;
}

if (require.main === module) {
  printManuals(process.argv[2] ?? 'build')
    .then((rs) => {
      for (const r of rs) console.log(`manuals-pdf: ${r.key}.pdf ${r.pages} pages, ${mb(r.bytes)}`);
    })
    .catch((e: Error) => {
      console.error(e.message);
      process.exit(1);
    });
}
