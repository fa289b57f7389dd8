// `npm run bench`: the site's performance benchmark (not part of `npm test`). Measures, in order:
//   1. clean production build time, wall-clock, with Rspack (default) and with webpack (DOCS_BUNDLER=webpack), each into
//      its own folder (build-bench-rspack/, build-bench-webpack/; build/ is never touched) after clearing what
//      `docusaurus clear` clears except build/ (.docusaurus/, node_modules/.cache, .yarn/.cache);
//   2. the page count of the Rspack build (HTML files, doc pages, doc sources);
//   3. per page type (home, the longest doc, an API doc, /search) the first-load transfer size of HTML + JS + CSS + fonts,
//      gzip as nginx serves it (deploy/nginx rules, gzip only), loaded in Debian's Chromium with Playwright; images,
//      link prefetches and the lazily loaded search index are counted apart;
//   4. Lighthouse (mobile, simulated throttling) scores and LCP / TBT / CLS, median of 3 runs per page;
//   5. a summary table against the targets. Results: bench/results/<ISO timestamp>.json and bench/results/latest.json,
//      the median Lighthouse report of each page in bench/results/lighthouse/, build logs in bench/results/logs/.
// Options:
//   --runs N          clean builds per bundler (median reported; default 1)
//   --skip-webpack    build with Rspack only (no ratio)
//   --site DIR        no builds: measure an existing built folder (e.g. --site ../stage/build)
//   --lh-runs N       Lighthouse runs per page (median; default 3)     --skip-lighthouse   transfer sizes only
//   --long-page PATH  the long doc page (default: the largest built docs HTML)
//   --port N          port for the bench's nginx (default 4190)
//   --keep-builds     keep build-bench-*/ afterwards (removed by default: `eslint .` does not ignore them)
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {ROOT, listDocs} from '../plugins/lib/docs-source';
import {startNginx as startSharedNginx} from './lib/nginx';
import {CHROMIUM, CHROMIUM_FLAGS} from './lib/chromium';

// ---------------------------------------------------------------------------------------------------------------------
// Options and constants
// ---------------------------------------------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
const intOpt = (name: string, dflt: number) => {
  const n = Number(opt(name, String(dflt)));
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench: --${name} needs a positive integer`);
    process.exit(2);
  }
  return n;
};
const KNOWN = ['runs', 'lh-runs', 'port', 'site', 'long-page', 'skip-webpack', 'skip-lighthouse', 'keep-builds'];
const WITH_VALUE = new Set(['runs', 'lh-runs', 'port', 'site', 'long-page']);
argv.forEach((a, i) => {
  const name = a.replace(/^--/, '');
  const isValue = i > 0 && WITH_VALUE.has(argv[i - 1].replace(/^--/, ''));
  if (!isValue && (!a.startsWith('--') || !KNOWN.includes(name))) {
    console.error(`bench: unknown argument ${a}; options: ${KNOWN.map((k) => `--${k}`).join(' ')}`);
    process.exit(2);
  }
});
const BUILD_RUNS = intOpt('runs', 1);
const LH_RUNS = intOpt('lh-runs', 3);
const PORT = intOpt('port', 4190);
const SKIP_WEBPACK = flag('skip-webpack');
const SKIP_LIGHTHOUSE = flag('skip-lighthouse');
const KEEP_BUILDS = flag('keep-builds');
const SITE = argv.includes('--site') ? path.resolve(opt('site', '')) : null;
const LONG_PAGE = argv.includes('--long-page') ? opt('long-page', '') : null;

const DOCUSAURUS = path.join(ROOT, 'node_modules/.bin/docusaurus');
const RESULTS = path.join(ROOT, 'bench/results');
const API_PAGE = '/docs/neptune/api/device/list-devices';
const FALLBACK_LONG_PAGE = '/docs/neptune/api/mqtt/connect';
const SEARCH_INDEX = 'search-index.json';

const TARGETS = {
  buildSeconds: 60,
  speedup: 2.5,
  performance: 0.97,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  docsFirstLoadKB: 200,
  tbtMs: 150,
  cls: 0.01,
};

// ---------------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------------
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (bytes: number) => bytes / 1024;
const fmtKB = (bytes: number) => `${kb(bytes).toFixed(1)}`;
const mark = (ok: boolean | null) => (ok === null ? ' ' : ok ? '✔' : '✘');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rel = (p: string) => path.relative(process.cwd(), p) || '.';
const log = (s: string) => console.log(s);

function walkHtml(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** `/docs/a/b/index.html` → `/docs/a/b`, `/index.html` → `/`. */
const htmlToRoute = (site: string, file: string) => {
  const r = '/' + path.relative(site, file).split(path.sep).join('/');
  return r.replace(/\/index\.html$/, '') || '/';
};

// ---------------------------------------------------------------------------------------------------------------------
// 1. Clean builds
// ---------------------------------------------------------------------------------------------------------------------
type Bundler = 'rspack' | 'webpack';
type BuildResult = {bundler: Bundler; outDir: string; seconds: number[]; medianSeconds: number; log: string};

/** What `docusaurus clear` removes, minus build/: the generated folder and the bundlers' persistent caches. */
function clearCaches(outDir: string) {
  for (const p of ['.docusaurus', 'node_modules/.cache', '.yarn/.cache']) {
    fs.rmSync(path.join(ROOT, p), {recursive: true, force: true});
  }
  fs.rmSync(outDir, {recursive: true, force: true});
}

function build(bundler: Bundler): BuildResult {
  const outDir = path.join(ROOT, `build-bench-${bundler}`);
  const logFile = path.join(RESULTS, 'logs', `build-${bundler}.log`);
  fs.mkdirSync(path.dirname(logFile), {recursive: true});
  const seconds: number[] = [];
  // Offline search mode always, whatever the shell exports, so that runs compare; no colours in the log.
  const env: NodeJS.ProcessEnv = {...process.env, DOCS_BUNDLER: bundler, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0'};
  delete env.ALGOLIA_APP_ID;
  delete env.ALGOLIA_SEARCH_API_KEY;
  for (let run = 1; run <= BUILD_RUNS; run++) {
    clearCaches(outDir);
    process.stdout.write(`build   ${bundler.padEnd(7)} run ${run}/${BUILD_RUNS} (clean) … `);
    const fd = fs.openSync(logFile, run === 1 ? 'w' : 'a');
    const started = performance.now();
    const r = spawnSync(DOCUSAURUS, ['build', '--out-dir', outDir], {cwd: ROOT, env, stdio: ['ignore', fd, fd]});
    const secs = (performance.now() - started) / 1000;
    fs.closeSync(fd);
    if (r.status !== 0 || !fs.existsSync(path.join(outDir, 'index.html'))) {
      log('failed');
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`the ${bundler} build failed (exit ${r.status ?? r.signal}); end of ${rel(logFile)}:\n${tail}`);
    }
    seconds.push(secs);
    log(`${secs.toFixed(1)} s`);
  }
  if (!KEEP_BUILDS) cleanups.unshift(() => fs.rmSync(outDir, {recursive: true, force: true}));
  return {bundler, outDir, seconds, medianSeconds: median(seconds), log: rel(logFile)};
}

/** Timings are wall-clock on shared cores: say so when another Docusaurus build or dev server is running. */
function warnConcurrentBuilds() {
  if (!fs.existsSync('/proc')) return;
  const others: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (/docusaurus(\.mjs)? (build|start)/.test(cmd)) others.push(`${pid} (${fs.readlinkSync(`/proc/${pid}/cwd`)})`);
    } catch {
      /* gone or not ours */
    }
  }
  if (others.length)
    log(`bench: warning: other Docusaurus processes are running (${others.join(', ')}); build times will be skewed`);
  const [one] = os.loadavg();
  if (one > os.cpus().length)
    log(`bench: warning: load average ${one.toFixed(1)} on ${os.cpus().length} CPUs; timings will be skewed`);
}

// ---------------------------------------------------------------------------------------------------------------------
// 2. Page count
// ---------------------------------------------------------------------------------------------------------------------
function countPages(site: string) {
  const html = walkHtml(site);
  const docsDir = path.join(site, 'docs');
  const docsHtml = html.filter((f) => f.startsWith(docsDir + path.sep));
  return {
    htmlFiles: html.length,
    /** Routes with a page, i.e. HTML files other than the 404 page. */
    pages: html.filter((f) => path.basename(f) !== '404.html').length,
    /** Built pages under /docs/ (doc pages plus generated area index pages such as the /docs landing). */
    docsPages: docsHtml.length,
    /** Markdown sources under docs/ (one doc page each). */
    docSources: listDocs().length,
    docsHtml,
  };
}

function pickLongPage(site: string, docsHtml: string[]): {route: string; htmlBytes: number; how: string} {
  if (LONG_PAGE) {
    const f = [path.join(site, LONG_PAGE, 'index.html'), path.join(site, `${LONG_PAGE}.html`)].find(fs.existsSync);
    return {route: LONG_PAGE, htmlBytes: f ? fs.statSync(f).size : 0, how: '--long-page'};
  }
  const sized = docsHtml
    .filter((f) => path.basename(f) === 'index.html')
    .map((f) => ({f, size: fs.statSync(f).size}))
    .sort((a, b) => b.size - a.size);
  if (!sized.length) return {route: FALLBACK_LONG_PAGE, htmlBytes: 0, how: 'fallback'};
  return {route: htmlToRoute(site, sized[0].f), htmlBytes: sized[0].size, how: 'largest built docs HTML'};
}

// ---------------------------------------------------------------------------------------------------------------------
// nginx (the repository's rules, gzip only: the brotli module, when installed, is left out)
// ---------------------------------------------------------------------------------------------------------------------
function get(url: string, headers: Record<string, string> = {}): Promise<{status: number; headers: http.IncomingHttpHeaders}> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, {headers}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers}));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
  });
}

async function startNginx(root: string, port: number): Promise<{origin: string; stop: () => Promise<void>}> {
  // gzip only: the brotli module, when installed, is left out so that sizes compare with any static host.
  const nginx = await startSharedNginx({root, port, brotli: false});
  cleanups.push(nginx.stop);
  return nginx;
}

// ---------------------------------------------------------------------------------------------------------------------
// 3. First-load transfer sizes (Playwright + Chromium)
// ---------------------------------------------------------------------------------------------------------------------
type Kind = 'html' | 'js' | 'css' | 'font' | 'image' | 'prefetch' | 'searchIndex' | 'other';
type Resource = {url: string; kind: Kind; type: string; status: number; encoding: string; body: number; headers: number};
type Transfer = {
  /** Encoded (gzip) response bodies plus response headers, per kind; `firstLoad` = html + js + css + font. */
  bytes: Record<Kind, number>;
  bodyBytes: Record<Kind, number>;
  firstLoad: number;
  firstLoadBody: number;
  requests: number;
  uncompressed: string[];
  resources: Resource[];
};
const FIRST_LOAD: Kind[] = ['html', 'js', 'css', 'font'];

function classify(url: string, type: string): Kind {
  if (new URL(url).pathname.endsWith(`/${SEARCH_INDEX}`)) return 'searchIndex';
  switch (type) {
    case 'document':
      return 'html';
    case 'script':
      return 'js';
    case 'stylesheet':
      return 'css';
    case 'font':
      return 'font';
    case 'image':
    case 'media':
      return 'image';
    default:
      // <link rel="prefetch"> (Docusaurus prefetches the chunks of links in view) reports as "other".
      return /\.(js|css)(\?|$)/.test(url) ? 'prefetch' : 'other';
  }
}

async function measureTransfer(origin: string, routes: string[]): Promise<Record<string, Transfer>> {
  const {chromium} = await import('playwright-core');
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  cleanups.push(() => browser.close().catch(() => {}));
  const out: Record<string, Transfer> = {};
  try {
    for (const route of routes) {
      // A new context per page: empty cache, first visit.
      const context = await browser.newContext({
        viewport: {width: 1280, height: 800},
        locale: 'zh-CN',
        extraHTTPHeaders: {'Accept-Encoding': 'gzip'},
      });
      const page = await context.newPage();
      const pending: Promise<Resource | null>[] = [];
      page.on('requestfinished', (req) => {
        pending.push(
          (async () => {
            const resp = await req.response();
            if (!resp) return null;
            const sizes = await req.sizes();
            const headers = await resp.allHeaders();
            // Served from the memory cache (e.g. a prefetch of a chunk already loaded): nothing crossed the network.
            const cached = sizes.responseBodySize < 0;
            return {
              url: req.url(),
              kind: classify(req.url(), req.resourceType()),
              type: req.resourceType(),
              status: resp.status(),
              encoding: headers['content-encoding'] ?? '',
              body: cached ? 0 : sizes.responseBodySize,
              headers: cached ? 0 : sizes.responseHeadersSize,
            } satisfies Resource;
          })().catch(() => null),
        );
      });
      const resp = await page.goto(origin + route, {waitUntil: 'load', timeout: 60_000});
      if (!resp || resp.status() !== 200) throw new Error(`${route}: HTTP ${resp?.status()}`);
      await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => {});
      await sleep(500);
      const fetched = (await Promise.all(pending)).filter((r): r is Resource => r !== null);
      await context.close();
      // One entry per URL: a chunk that a <link rel="prefetch"> fetched before the page's own <script> asked for it
      // (served from the cache the second time) is first-load JS all the same; the bytes are those that crossed the network.
      const rank: Kind[] = ['html', 'css', 'js', 'font', 'image', 'searchIndex', 'other', 'prefetch'];
      const byUrl = new Map<string, Resource>();
      for (const r of fetched) {
        const seen = byUrl.get(r.url);
        if (!seen) {
          byUrl.set(r.url, {...r});
          continue;
        }
        if (rank.indexOf(r.kind) < rank.indexOf(seen.kind)) Object.assign(seen, {kind: r.kind, type: r.type});
        if (r.body + r.headers > seen.body + seen.headers)
          Object.assign(seen, {body: r.body, headers: r.headers, encoding: r.encoding});
      }
      const resources = [...byUrl.values()];
      const zero = () => ({html: 0, js: 0, css: 0, font: 0, image: 0, prefetch: 0, searchIndex: 0, other: 0});
      const bytes: Record<Kind, number> = zero();
      const bodyBytes: Record<Kind, number> = zero();
      for (const r of resources) {
        bytes[r.kind] += r.body + r.headers;
        bodyBytes[r.kind] += r.body;
      }
      out[route] = {
        bytes,
        bodyBytes,
        firstLoad: FIRST_LOAD.reduce((s, k) => s + bytes[k], 0),
        firstLoadBody: FIRST_LOAD.reduce((s, k) => s + bodyBytes[k], 0),
        requests: resources.filter((r) => FIRST_LOAD.includes(r.kind)).length,
        // Text responses nginx sent uncompressed (gzip_min_length is 512 bytes; anything larger is worth a look).
        uncompressed: resources
          .filter((r) => r.kind !== 'image' && r.kind !== 'font' && !r.encoding && r.body >= 512)
          .map((r) => r.url),
        resources,
      };
      log(`transfer ${route.padEnd(44)} ${fmtKB(out[route].firstLoad).padStart(7)} KB gzip (${out[route].requests} requests)`);
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// 4. Lighthouse (mobile, simulated throttling), median of LH_RUNS runs
// ---------------------------------------------------------------------------------------------------------------------
/** A Lighthouse result (LHR) or a part of it: JSON read by field names below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type LhRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  lhr: Json;
};
type LhSummary = Omit<LhRun, 'lhr'> & {runs: Omit<LhRun, 'lhr'>[]; diagnostics: Record<string, unknown>; report: string};

function diagnostics(lhr: Json): Record<string, unknown> {
  const a = lhr.audits;
  const items = (id: string): Json[] => a[id]?.details?.items ?? [];
  const short = (u: string) => (typeof u === 'string' ? u.replace(/^https?:\/\/[^/]+/, '') : u);
  const failing: Record<string, {id: string; title: string; score: number | null}[]> = {};
  for (const cat of ['performance', 'accessibility', 'best-practices', 'seo']) {
    failing[cat] = (lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref: Json) => ref.weight > 0)
      .map((ref: Json) => a[ref.id])
      .filter(
        (au: Json) =>
          au &&
          au.score !== null &&
          au.score < 1 &&
          au.scoreDisplayMode !== 'informative' &&
          au.scoreDisplayMode !== 'notApplicable',
      )
      .map((au: Json) => ({id: au.id, title: au.title, score: au.score, displayValue: au.displayValue}));
  }
  const lcpEl = items('largest-contentful-paint-element');
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    runWarnings: lhr.runWarnings,
    failing,
    lcpElement: lcpEl[0]?.items?.[0]?.node?.snippet ?? lcpEl[0]?.node?.snippet,
    lcpPhases: lcpEl[1]?.items?.map((i: {phase: string; timing: number}) => `${i.phase} ${Math.round(i.timing)} ms`),
    renderBlocking: items('render-blocking-resources').map((i) => ({
      url: short(i.url),
      wastedMs: i.wastedMs,
      bytes: i.totalBytes,
    })),
    unusedJs: items('unused-javascript')
      .slice(0, 8)
      .map((i) => ({
        url: short(i.url),
        totalKB: +(i.totalBytes / 1024).toFixed(1),
        wastedKB: +(i.wastedBytes / 1024).toFixed(1),
      })),
    unusedCss: items('unused-css-rules').map((i) => ({
      url: short(i.url),
      totalKB: +(i.totalBytes / 1024).toFixed(1),
      wastedKB: +(i.wastedBytes / 1024).toFixed(1),
    })),
    bootupTime: items('bootup-time')
      .slice(0, 6)
      .map((i) => ({url: short(i.url), scriptingMs: Math.round(i.scripting), totalMs: Math.round(i.total)})),
    mainThread: items('mainthread-work-breakdown').map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`),
    longTasks: items('long-tasks')
      .slice(0, 6)
      .map((i) => ({url: short(i.url), startMs: Math.round(i.startTime), durationMs: Math.round(i.duration)})),
    layoutShifts: items('layout-shifts').map((i) => ({score: i.score, node: i.node?.snippet})),
    thirdParty: items('third-party-summary').map((i) => ({entity: i.entity, transferKB: +(i.transferSize / 1024).toFixed(1)})),
    totalByteWeightKB: +((a['total-byte-weight']?.numericValue ?? 0) / 1024).toFixed(1),
    domSize: a['dom-size']?.numericValue,
    requests: items('network-requests').length,
    ttiMs: Math.round(a.interactive?.numericValue ?? 0),
    maxPotentialFidMs: Math.round(a['max-potential-fid']?.numericValue ?? 0),
  };
}

async function lighthouseRuns(origin: string, routes: {key: string; route: string}[]): Promise<Record<string, LhSummary>> {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const reportDir = path.join(RESULTS, 'lighthouse');
  fs.mkdirSync(reportDir, {recursive: true});
  const out: Record<string, LhSummary> = {};
  for (const {key, route} of routes) {
    const runs: LhRun[] = [];
    for (let i = 1; i <= LH_RUNS; i++) {
      // A fresh browser (and profile) per run; Lighthouse's defaults: mobile form factor, simulated throttling.
      const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new']});
      const kill = async () => {
        try {
          chrome.kill();
        } catch {
          /* already gone */
        }
      };
      cleanups.push(kill);
      try {
        const result = await lighthouse(origin + route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('no result');
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const c = lhr.categories;
        const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          performance: c.performance.score ?? NaN,
          accessibility: c.accessibility.score ?? NaN,
          bestPractices: c['best-practices'].score ?? NaN,
          seo: c.seo.score ?? NaN,
          lcpMs: n('largest-contentful-paint'),
          tbtMs: n('total-blocking-time'),
          cls: n('cumulative-layout-shift'),
          fcpMs: n('first-contentful-paint'),
          siMs: n('speed-index'),
          lhr,
        });
        const r = runs[runs.length - 1];
        log(
          `lighthouse ${route.padEnd(42)} run ${i}/${LH_RUNS}: perf ${r.performance.toFixed(2)}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`,
        );
      } finally {
        await kill();
      }
    }
    const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'siMs'] as const;
    const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Omit<LhRun, 'lhr'>;
    // The representative run (for the diagnostics and the saved report): closest to the medians of LCP and TBT, as
    // Lighthouse's own computeMedianRun does with FCP and TTI.
    const rep = [...runs].sort((x, y) => {
      const d = (r: LhRun) => Math.abs(r.lcpMs - med.lcpMs) / (med.lcpMs || 1) + Math.abs(r.tbtMs - med.tbtMs) / (med.tbtMs || 1);
      return d(x) - d(y);
    })[0];
    const report = path.join(reportDir, `${key}.json`);
    fs.writeFileSync(report, JSON.stringify(rep.lhr));
    out[key] = {
      ...med,
      runs: runs.map((r) => {
        const {lhr, ...rest} = r;
        void lhr;
        return rest;
      }),
      diagnostics: diagnostics(rep.lhr),
      report: rel(report),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------------------
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup() {
  while (cleanups.length) await cleanups.pop()!();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const startedAt = new Date();
  fs.mkdirSync(RESULTS, {recursive: true});
  const load = () => os.loadavg().map((x) => +x.toFixed(2));
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memGB: +(os.totalmem() / 2 ** 30).toFixed(1),
    loadavgStart: load(),
  };
  log(`bench: ${machine.cpus} CPUs, load average ${machine.loadavgStart.join(' ')}`);

  // 1. Builds
  const builds: Partial<Record<Bundler, BuildResult>> = {};
  let webpackError: string | null = null;
  let site: string;
  if (SITE) {
    if (!fs.existsSync(path.join(SITE, 'index.html'))) throw new Error(`${SITE}/index.html not found`);
    site = SITE;
    log(`build   skipped: measuring ${rel(SITE)}`);
  } else {
    warnConcurrentBuilds();
    builds.rspack = build('rspack');
    if (!SKIP_WEBPACK) {
      try {
        builds.webpack = build('webpack');
      } catch (err) {
        // Keep going: the Rspack build is what the rest of the bench measures.
        webpackError = err instanceof Error ? err.message : String(err);
        console.error(`bench: ${webpackError}`);
      }
    }
    site = builds.rspack.outDir;
  }
  const speedup = builds.rspack && builds.webpack ? builds.webpack.medianSeconds / builds.rspack.medianSeconds : null;

  // 2. Pages
  const pages = countPages(site);
  const long = pickLongPage(site, pages.docsHtml);
  const searchIndexFile = path.join(site, SEARCH_INDEX);
  log(
    `pages   ${pages.pages} HTML pages (${pages.docsPages} under /docs, ${pages.docSources} doc sources); long doc: ${long.route} (${long.how})`,
  );

  const types = [
    {key: 'home', label: 'home /', route: '/', docs: false},
    {key: 'long-doc', label: 'long doc', route: long.route, docs: true},
    {key: 'api-doc', label: 'API doc', route: API_PAGE, docs: true},
    {key: 'search', label: 'search /search', route: '/search', docs: false},
  ];

  // 3 + 4. Serve with nginx, measure
  const server = await startNginx(site, PORT);
  let transfer: Record<string, Transfer>;
  let lh: Record<string, LhSummary> = {};
  let searchIndex: {rawBytes: number; gzipBytes: number | null} | null = null;
  try {
    const enc = await get(`${server.origin}/`, {'Accept-Encoding': 'gzip, deflate, br, zstd'});
    log(`serve   ${server.origin} (nginx, deploy/nginx rules, content-encoding ${enc.headers['content-encoding'] ?? 'none'})`);
    transfer = await measureTransfer(
      server.origin,
      types.map((t) => t.route),
    );
    if (fs.existsSync(searchIndexFile)) {
      // The index loads on the first search only; reported apart, not counted in any page's first load.
      const r = await new Promise<number>((resolve, reject) => {
        let n = 0;
        http
          .get(`${server.origin}/${SEARCH_INDEX}`, {headers: {'Accept-Encoding': 'gzip'}}, (res) => {
            res.on('data', (c: Buffer) => (n += c.length));
            res.on('end', () => resolve(n));
          })
          .on('error', reject);
      });
      searchIndex = {rawBytes: fs.statSync(searchIndexFile).size, gzipBytes: r};
    }
    if (!SKIP_LIGHTHOUSE)
      lh = await lighthouseRuns(
        server.origin,
        types.map(({key, route}) => ({key, route})),
      );
  } finally {
    await server.stop();
  }

  // 5. Results and table
  const pageResults = types.map((t) => {
    const tr = transfer[t.route];
    const l = lh[t.key];
    return {
      ...t,
      transfer: {
        firstLoadBytes: tr.firstLoad,
        firstLoadBodyBytes: tr.firstLoadBody,
        requests: tr.requests,
        bytes: tr.bytes,
        bodyBytes: tr.bodyBytes,
        uncompressed: tr.uncompressed,
        resources: tr.resources.map((r) => ({...r, url: r.url.replace(server.origin, '')})),
      },
      lighthouse: l ?? null,
      targets: {
        firstLoad: t.docs ? kb(tr.firstLoad) <= TARGETS.docsFirstLoadKB : null,
        performance: l ? l.performance >= TARGETS.performance : null,
        accessibility: l ? l.accessibility >= TARGETS.accessibility : null,
        bestPractices: l ? l.bestPractices >= TARGETS.bestPractices : null,
        seo: l ? l.seo >= TARGETS.seo : null,
        tbt: l ? l.tbtMs <= TARGETS.tbtMs : null,
        cls: l ? l.cls <= TARGETS.cls : null,
      },
    };
  });
  const buildTargets = {
    buildSeconds: builds.rspack ? builds.rspack.medianSeconds <= TARGETS.buildSeconds : null,
    speedup: speedup === null ? null : speedup >= TARGETS.speedup,
  };
  const allMarks = [...Object.values(buildTargets), ...pageResults.flatMap((p) => Object.values(p.targets))].filter(
    (x): x is boolean => x !== null,
  );

  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    options: {runs: BUILD_RUNS, lighthouseRuns: LH_RUNS, skipWebpack: SKIP_WEBPACK, site: rel(site), port: PORT},
    machine: {...machine, loadavgEnd: load()},
    versions: {
      node: process.version,
      docusaurus: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@docusaurus/core/package.json'), 'utf8')).version,
      lighthouse: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version,
      chromium: spawnSync(CHROMIUM, ['--version'], {encoding: 'utf8'}).stdout.trim(),
    },
    targets: TARGETS,
    build: {
      rspack: builds.rspack ? {...builds.rspack, outDir: rel(builds.rspack.outDir)} : null,
      webpack: builds.webpack
        ? {...builds.webpack, outDir: rel(builds.webpack.outDir)}
        : webpackError
          ? {error: webpackError}
          : null,
      speedup,
      targets: buildTargets,
    },
    pages: {
      pages: pages.pages,
      htmlFiles: pages.htmlFiles,
      docsPages: pages.docsPages,
      docSources: pages.docSources,
      longDoc: long,
    },
    searchIndex,
    pageTypes: pageResults,
    summary: {passed: allMarks.filter(Boolean).length, failed: allMarks.filter((x) => !x).length},
  };
  const stamp = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const file = path.join(RESULTS, `${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  fs.writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(result, null, 2) + '\n');

  // Table
  const line = '─'.repeat(118);
  log(`\n${line}`);
  log(
    `凌川科技文档中心 benchmark — ${startedAt.toISOString()} — load average ${machine.loadavgStart.join(' ')} → ${result.machine.loadavgEnd.join(' ')}`,
  );
  log(line);
  if (builds.rspack) {
    const runs = (b: BuildResult) => (b.seconds.length > 1 ? `  (runs: ${b.seconds.map((s) => s.toFixed(1)).join(', ')})` : '');
    log(`Build (clean, wall-clock${BUILD_RUNS > 1 ? `, median of ${BUILD_RUNS}` : ''})`);
    log(
      `  rspack    ${builds.rspack.medianSeconds.toFixed(1).padStart(6)} s   ${mark(buildTargets.buildSeconds)} ≤ ${TARGETS.buildSeconds} s${runs(builds.rspack)}`,
    );
    if (builds.webpack) {
      log(`  webpack   ${builds.webpack.medianSeconds.toFixed(1).padStart(6)} s${runs(builds.webpack)}`);
      log(
        `  speed-up  ${speedup!.toFixed(2).padStart(6)} ×   ${mark(buildTargets.speedup)} ≥ ${TARGETS.speedup}× (webpack / rspack)`,
      );
    } else {
      log(`  webpack   ${webpackError ? 'FAILED (see above)' : 'skipped (--skip-webpack)'}`);
    }
  } else {
    log(`Build     not measured (--site ${rel(site)})`);
  }
  log(`Pages     ${pages.pages} HTML pages (+ 404), ${pages.docsPages} under /docs, ${pages.docSources} doc sources`);
  if (searchIndex)
    log(
      `Search    index ${fmtKB(searchIndex.rawBytes)} KB raw, ${fmtKB(searchIndex.gzipBytes ?? 0)} KB gzip (loaded on first search; not in first load)`,
    );
  log('');
  const cols = ['page', 'HTML', 'JS', 'CSS', 'font', 'first load', 'perf', 'a11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS'];
  const widths = [44, 7, 7, 6, 6, 12, 7, 7, 7, 7, 8, 9, 8];
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
  log(row(cols));
  log(
    row([
      '',
      'KB gz',
      'KB gz',
      'KB gz',
      'KB',
      `KB gz ≤${TARGETS.docsFirstLoadKB}`,
      '≥0.97',
      '=1',
      '=1',
      '=1',
      'ms',
      '≤150 ms',
      '≤0.01',
    ]),
  );
  for (const p of pageResults) {
    const b = p.transfer.bytes;
    const l = p.lighthouse;
    const t = p.targets;
    const sc = (v: number | undefined, ok: boolean | null) => (l && v !== undefined ? `${v.toFixed(2)}${mark(ok)}` : '–');
    log(
      row([
        `${p.label} ${p.route === '/' || p.route === '/search' ? '' : p.route}`.trim().slice(0, widths[0]),
        fmtKB(b.html),
        fmtKB(b.js),
        fmtKB(b.css),
        fmtKB(b.font),
        `${fmtKB(p.transfer.firstLoadBytes)}${mark(t.firstLoad)}`,
        sc(l?.performance, t.performance),
        sc(l?.accessibility, t.accessibility),
        sc(l?.bestPractices, t.bestPractices),
        sc(l?.seo, t.seo),
        l ? `${Math.round(l.lcpMs)}` : '–',
        l ? `${Math.round(l.tbtMs)}${mark(t.tbt)}` : '–',
        l ? `${l.cls.toFixed(3)}${mark(t.cls)}` : '–',
      ]),
    );
  }
  log(line);
  log(
    `First load = HTML + JS + CSS + fonts, gzip bodies + response headers, empty cache (images, prefetches and the search index apart).` +
      (SKIP_LIGHTHOUSE ? '' : ` Lighthouse ${result.versions.lighthouse}: mobile, simulated throttling, median of ${LH_RUNS}.`),
  );
  log(`${result.summary.passed} targets met, ${result.summary.failed} missed.  Results: ${rel(file)} (and latest.json)`);
  if (!SKIP_LIGHTHOUSE) {
    const bi = pageResults.map((p) => (p.lighthouse?.diagnostics as {benchmarkIndex?: number}).benchmarkIndex ?? 0);
    log(
      `Lighthouse BenchmarkIndex ${Math.round(Math.min(...bi))}–${Math.round(Math.max(...bi))}` +
        (Math.min(...bi) < 1000 ? ' (below 1000: the CPU was slow or contended, so simulated TBT and LCP are inflated)' : ''),
    );
    log('Diagnostics (representative Lighthouse run per page; full reports in bench/results/lighthouse/):');
    for (const p of pageResults) {
      const l = p.lighthouse;
      if (!l) continue;
      const d = l.diagnostics as {
        failing: Record<string, {id: string; displayValue?: string}[]>;
        lcpElement?: string;
        lcpPhases?: string[];
        domSize?: number;
        unusedJs: {url: string; wastedKB: number}[];
        renderBlocking: {url: string; wastedMs: number}[];
        mainThread: string[];
        thirdParty: unknown[];
      };
      const failing = Object.entries(d.failing)
        .filter(([cat]) => cat !== 'performance')
        .flatMap(([cat, list]) => list.map((f) => `${cat}:${f.id}`));
      const unused = d.unusedJs.reduce((s, u) => s + u.wastedKB, 0);
      log(
        `  ${p.label}: DOM ${d.domSize} nodes; FCP ${Math.round(l.fcpMs)} ms; LCP element ${(d.lcpElement ?? '?').slice(0, 60)} (${(d.lcpPhases ?? []).join(', ')})`,
      );
      log(
        `    main thread ${d.mainThread.slice(0, 3).join(', ')}; unused JS ${unused.toFixed(0)} KB; render-blocking ${d.renderBlocking.map((r) => `${r.url} ${Math.round(r.wastedMs)} ms`).join(', ') || 'none'}; third-party ${d.thirdParty.length}` +
          (failing.length ? `; failing audits ${failing.join(', ')}` : ''),
      );
    }
  }
}

main()
  .catch((err) => {
    console.error(`bench: ${err instanceof Error ? err.stack : err}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
