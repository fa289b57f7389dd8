// Offline search in the browser: time from opening search to the first results (index download included), what the first
// search transfers (index file and shards, gzip as nginx sends them), and the latency of each later query, measured in
// Debian's Chromium against the built site served by nginx. Not a test: numbers against the budgets of the search issue.
// Usage: tsx scripts/search-browser-bench.ts [--site build] [--port 4191] [--runs 3]
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {ROOT} from '../plugins/lib/paths';
import {QUERIES_FILE, readQueries} from './lib/search-relevance';
import {startNginx} from './lib/nginx';
import {CHROMIUM, CHROMIUM_FLAGS} from './lib/chromium';
import {parseCli, usageExit} from './lib/args';

const OPTIONS = {
  site: {type: 'string', default: 'build'},
  port: {type: 'string', default: '4191'},
  runs: {type: 'string', default: '3'},
} as const;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const {values} = parseCli('search-browser-bench', OPTIONS);
  const whole = (name: 'port' | 'runs', max: number) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1 || n > max)
      usageExit('search-browser-bench', `--${name} needs a whole number from 1 to ${max}, not "${values[name]}"`, OPTIONS);
    return n;
  };
  const site = path.resolve(values.site);
  const port = whole('port', 65535);
  const runs = whole('runs', 1000);
  const queries = readQueries(path.join(ROOT, QUERIES_FILE)).map((c) => c.query);
  if (!fs.existsSync(path.join(site, 'search-index.json'))) {
    console.error(`search-browser-bench: ${site}/search-index.json not found: build in offline search mode first`);
    process.exit(2);
  }
  const nginx = await startNginx({root: site, port});
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const firstResults: number[] = [];
  const latencies: number[] = [];
  const clientTimes: number[] = [];
  const firstTransfer: number[] = [];
  const workerTimes: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/docs/neptune/user/introduction`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      // Opening search to first results: modal code, index download and parse, first query. Everything search fetches
      // for it (the worker's requests included) is counted as sent over the wire.
      const fetched: Promise<number>[] = [];
      const onDone = (req: import('@playwright/test').Request) => {
        if (/search-|DocSearch|docsearch/i.test(req.url()) || req.resourceType() === 'script')
          fetched.push(req.sizes().then((sz) => sz.responseBodySize + sz.responseHeadersSize));
      };
      context.on('requestfinished', onDone);
      const t0 = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('设备影子');
      await page.locator('.DocSearch-Hit').first().waitFor();
      firstResults.push(Date.now() - t0);
      context.off('requestfinished', onDone);
      firstTransfer.push((await Promise.all(fetched)).reduce((a, b) => a + b, 0));
      // "After load": the worker fetches the other shards in the background after the first answer; wait until it has
      // fetched nothing for 1.5 s, then time the later queries.
      let last = Date.now();
      const onAny = (req: import('@playwright/test').Request) => {
        if (/search-/.test(req.url())) last = Date.now();
      };
      context.on('requestfinished', onAny);
      while (Date.now() - last < 1500) await new Promise((r) => setTimeout(r, 250));
      context.off('requestfinished', onAny);
      // Later queries: from typing to the hit list showing that query's results.
      for (const q of queries) {
        const t = await page.evaluate(async (query) => {
          const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
          const dropdown = document.querySelector('.DocSearch-Dropdown')!;
          // Type each query from a quiet page (the previous results rendered), as a reader pauses between queries.
          await new Promise((r) => requestIdleCallback(() => r(null), {timeout: 500}));
          const before = dropdown.innerHTML;
          const start = performance.now();
          // React listens to the native input event; set the value as typing would.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, query);
          input.dispatchEvent(new Event('input', {bubbles: true}));
          // Results for the new query are shown when the list changes.
          while (dropdown.innerHTML === before && performance.now() - start < 5000) {
            await new Promise((r) => requestAnimationFrame(r));
          }
          return performance.now() - start;
        }, q);
        latencies.push(t);
      }
      clientTimes.push(
        ...(await page.evaluate(() => performance.getEntriesByName('lingchuan-search').map((e) => e.duration))).slice(1),
      );
      workerTimes.push(
        ...(await page.evaluate(() => performance.getEntriesByName('lingchuan-search-worker').map((e) => e.duration))).slice(1),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await nginx.stop();
  }
  console.log(`search in Chromium: ${runs} run(s), ${queries.length} queries each`);
  console.log(
    `  open → first results (index included): median ${pct(firstResults, 50)} ms, max ${Math.max(...firstResults)} ms (budget 500 ms)`,
  );
  console.log(
    `  first search transfer (gzip, search code + index files until the first hits): median ${(pct(firstTransfer, 50) / 1024).toFixed(1)} KB (budget 250 KB)`,
  );
  console.log(
    `  query → answer (worker + engine):       p50 ${pct(clientTimes, 50).toFixed(1)} ms, p95 ${pct(clientTimes, 95).toFixed(1)} ms (budget p95 30 ms)`,
  );
  console.log(
    `  of which in the worker (engine, shards): p50 ${pct(workerTimes, 50).toFixed(1)} ms, p95 ${pct(workerTimes, 95).toFixed(1)} ms`,
  );
  console.log(
    `  query → results shown (with rendering): p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms`,
  );
}

if (require.main === module) void main();
