// Size budget (a CI gate after the build): main.js, and all the JavaScript a reader's browser loads for the home page and
// for a docs page (gzip level 6 of the built files), may not grow more than 5 % over bench/size-budget.json; and a
// reader's first search (opening the modal to the first hits, on the wire) stays within FIRST_SEARCH_BUDGET for a
// keyword, a question and an identifier with a typo (offline-search builds); the service worker's precache (what an
// installed site downloads once for offline reading) stays within PRECACHE_BUDGET.
// Byte sizes are stable, so they are checked here; timings stay in the benchmark (npm run bench).
// Which chunks a page loads is taken from Chromium loading it from nginx with the repository's rules.
// Usage: tsx scripts/size-budget.ts [build] [--update]   (--update writes the current sizes as the new budget)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {ROOT} from '../plugins/lib/paths';
import {CHROMIUM, CHROMIUM_FLAGS} from './lib/chromium';
import {parseCli} from './lib/args';
import {startNginx} from './lib/nginx';
import {measureFirstSearch} from './lib/first-search';
import {describePrecache, readPrecache} from './lib/precache';

export const BUDGET_FILE = path.join(ROOT, 'bench/size-budget.json');
/** The pages whose first-load JavaScript is budgeted. */
export const PAGES = {home: '/', docs: '/docs/neptune/api/mqtt/connect'};
/** How much a file or a page's total may grow over its budget. */
export const TOLERANCE = 0.05;
/** The first search: bytes on the wire from opening the modal to the first hits (issue 25: 250 KB). */
export const FIRST_SEARCH_BUDGET = 250 * 1024;
export const FIRST_SEARCH_QUERIES = ['设备影子', 'MQTT 密码是怎么算出来的', 'readPionts'];
/** What an installed site downloads once for offline reading (bytes as sent): the service worker's precache. */
export const PRECACHE_BUDGET = 10 * 1024 * 1024;

/** Per page: each JS file (name without its content hash) → gzip bytes. */
export type Sizes = Record<string, Record<string, number>>;

/** `main.fe80b8d1.js` → `main.js`; `17896441.3a4b.js` → `17896441.js` (chunk names are stable, hashes are not). */
export const stableName = (file: string): string => path.basename(file).replace(/\.[0-9a-f]{8,}(?=\.js$)/, '');

/**
 * Problems of measured sizes against the budget: main.js on its own, and each page's total first-load JavaScript; a
 * total over budget names the files that grew (or are new), largest growth first.
 */
export function compareBudget(measured: Sizes, budget: Sizes, tolerance = TOLERANCE): string[] {
  const problems: string[] = [];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const pct = `+${Math.round(tolerance * 100)} %`;
  for (const [page, files] of Object.entries(measured)) {
    const allowed = budget[page];
    if (!allowed) {
      problems.push(`${page}: no budget (run \`npm run size:budget -- --update\`)`);
      continue;
    }
    if ((files['main.js'] ?? 0) > (allowed['main.js'] ?? Infinity) * (1 + tolerance))
      problems.push(
        `${page}: main.js grew to ${kb(files['main.js'])} gzip, over its budget of ${kb(allowed['main.js'])} (${pct})`,
      );
    const total = Object.values(files).reduce((a, b) => a + b, 0);
    const limit = Object.values(allowed).reduce((a, b) => a + b, 0);
    if (total > limit * (1 + tolerance)) {
      const grew = Object.entries(files)
        .map(([f, b]) => [f, b - (allowed[f] ?? 0)] as const)
        .filter(([, d]) => d > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([f, d]) => `${f}${f in allowed ? '' : ' (new)'} +${kb(d)}`);
      problems.push(
        `${page}: first-load JavaScript grew to ${kb(total)} gzip, over its budget of ${kb(limit)} (${pct}): ${grew.join(', ')}`,
      );
    }
  }
  return problems;
}

/** The JS files each budgeted page loads (in Chromium, from nginx), sized from the build folder. */
export async function measure(site: string, port = 4197): Promise<Sizes> {
  const nginx = await startNginx({root: site, port, brotli: false});
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const sizes: Sizes = {};
  try {
    for (const [name, route] of Object.entries(PAGES)) {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        // Scripts the page runs; link prefetches of other routes (resource type "other") are not first-load.
        if (u.pathname.endsWith('.js') && u.origin === nginx.origin && r.request().resourceType() === 'script')
          scripts.add(u.pathname);
      });
      await page.goto(`${nginx.origin}${route}`, {waitUntil: 'networkidle'});
      await page.close();
      sizes[name] = {};
      for (const p of [...scripts].sort()) {
        const file = path.join(site, p);
        sizes[name][stableName(p)] = zlib.gzipSync(fs.readFileSync(file), {level: 6}).length;
      }
    }
  } finally {
    await browser.close();
    await nginx.stop();
  }
  return sizes;
}

if (require.main === module) {
  const {values, positionals} = parseCli('size-budget', {update: {type: 'boolean'}}, {positionals: 1, args: '[build]'});
  const site = path.resolve(positionals[0] ?? 'build');
  measure(site)
    .then(async (sizes) => {
      const previous = fs.existsSync(BUDGET_FILE) ? (JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as Sizes) : {};
      for (const [page, files] of Object.entries(sizes)) {
        const total = Object.values(files).reduce((a, b) => a + b, 0);
        console.log(
          `size-budget: ${page} (${PAGES[page as keyof typeof PAGES]}): ${(total / 1024).toFixed(1)} KB gzip JS in ${Object.keys(files).length} files`,
        );
        // Each file against the budget's (a chunk renamed by the bundler shows as new here and gone below).
        const was = previous[page] ?? {};
        const kb = (n: number) => (n / 1024).toFixed(1);
        for (const [file, bytes] of Object.entries(files).sort((a, b) => b[1] - a[1]))
          console.log(`size-budget:   ${file} ${kb(bytes)} KB${file in was ? ` (budget ${kb(was[file])})` : ' (new)'}`);
        for (const file of Object.keys(was).filter((f) => !(f in files)))
          console.log(`size-budget:   ${file} gone (budget ${kb(was[file])})`);
      }
      if (values.update) {
        fs.writeFileSync(BUDGET_FILE, `${JSON.stringify(sizes, null, 2)}\n`);
        console.log(`size-budget: wrote ${path.relative(ROOT, BUDGET_FILE)}`);
        return;
      }
      const budget = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as Sizes;
      const problems = compareBudget(sizes, budget);
      const precache = readPrecache(site);
      if (precache) {
        console.log(`size-budget: offline precache ${describePrecache(precache)}`);
        if (precache.gzipBytes > PRECACHE_BUDGET)
          problems.push(
            `offline precache: ${(precache.gzipBytes / 1048576).toFixed(1)} MB as sent, over its budget of ${PRECACHE_BUDGET / 1048576} MB`,
          );
      }
      if (fs.existsSync(path.join(site, 'search-index.json'))) {
        const nginx = await startNginx({root: site, port: 4198, brotli: false});
        try {
          for (const m of await measureFirstSearch(nginx.origin, FIRST_SEARCH_QUERIES, {settleMs: 0})) {
            console.log(
              `size-budget: first search "${m.query}": ${(m.bytes / 1024).toFixed(1)} KB in ${m.requests} responses until the first hits`,
            );
            if (m.bytes > FIRST_SEARCH_BUDGET)
              problems.push(
                `first search "${m.query}": ${(m.bytes / 1024).toFixed(1)} KB until the first hits, over its budget of ${FIRST_SEARCH_BUDGET / 1024} KB`,
              );
          }
        } finally {
          await nginx.stop();
        }
      }
      for (const p of problems) console.error(`size-budget: ${p}`);
      console.log(`size-budget: ${problems.length} problem(s)`);
      process.exit(problems.length ? 1 : 0);
    })
    .catch((e: Error) => {
      console.error(`size-budget: ${e.message}`);
      process.exit(1);
    });
}
