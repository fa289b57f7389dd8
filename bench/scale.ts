// `npm run bench:scale`: how the build and the pages grow with the number of pages. The site is copied into a temporary
// folder (sources only) with its docs once (1×) and with three more copies of docs/ under docs/scale-<k>/ (4×; the copies
// keep their relative links, belong to no sidebar, and broken links only warn); each is built clean with Rspack and
// measured: build time and peak memory (GNU time), main.js and the route data it carries (gzip), a docs page's
// first-load transfer and the first search's transfer (Chromium against nginx). Prints both and the growth per page.
// Options: --factor N (default 4), --port N (default 4195). Nothing is committed; the temporary folders are removed.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {ROOT} from '../plugins/lib/paths';
import {walkFiles} from '../plugins/lib/walk';
import {cleanup, cleanups, fmtKB, installSignalCleanup, loadAverage, log} from './lib';
import {parseBenchOptions} from './options';
import {measureTransfer, startNginx} from './transfer';
import {measureFirstSearch} from '../scripts/lib/first-search';

const DOCS_PAGE = '/docs/neptune/api/mqtt/connect';
const QUERY = '设备影子';

/** What the site is built from (the rest of the repository is tests, tools and outputs). */
const SOURCES = [
  'docusaurus.config.ts',
  'sidebars.ts',
  'babel.config.js',
  'tsconfig.json',
  'package.json',
  'src',
  'plugins',
  'static',
  'i18n',
  'docs-guide',
  'openapi',
  'asyncapi',
  'examples',
];

function makeSite(factor: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-scale-${factor}x-`));
  cleanups.push(() => fs.rmSync(dir, {recursive: true, force: true}));
  for (const s of SOURCES) fs.cpSync(path.join(ROOT, s), path.join(dir, s), {recursive: true});
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const docs = path.join(dir, 'docs');
  fs.cpSync(path.join(ROOT, 'docs'), docs, {recursive: true});
  for (let k = 2; k <= factor; k++) fs.cpSync(path.join(ROOT, 'docs'), path.join(docs, `scale-${k}`), {recursive: true});
  // Copies link to absolute routes of their own copy that do not exist: allowed to warn here, never in the real build.
  const config = path.join(dir, 'docusaurus.config.ts');
  const text = fs.readFileSync(config, 'utf8');
  if (!text.includes("onBrokenLinks: 'throw'"))
    throw new Error('bench:scale: docusaurus.config.ts has no onBrokenLinks to relax');
  fs.writeFileSync(config, text.replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"));
  return dir;
}

type Measure = {
  factor: number;
  pages: number;
  seconds: number;
  peakMB: number;
  mainJs: number;
  routeData: number;
  docsFirstLoad: number;
  firstSearch: number;
};

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), {level: 6}).length;

/** main.js, and the part of it that lists every route (the registry, routes, chunk names and the docs' global data). */
function mainJs(site: string): {total: number; routeData: number} {
  const js = path.join(site, 'assets/js');
  const file = fs.readdirSync(js).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  if (!file) throw new Error(`bench:scale: no main.js in ${js}`);
  const text = fs.readFileSync(path.join(js, file), 'utf8');
  // Webpack module bodies: `,<id>(e,t,n){…`. The route data modules are the ones that name route chunks or docs routes.
  const starts = [...text.matchAll(/[,{](\d+)\((?:e|e,t|e,t,n|e,t,r)\)\{/g)].map((m) => m.index!);
  let routeData = '';
  starts.forEach((s, i) => {
    const body = text.slice(s, starts[i + 1] ?? text.length);
    if (/"__comp"|"\/docs\/[^"]*":\[|"@site\/docs\/|"versions":\[\{"name"/.test(body)) routeData += body;
  });
  return {total: gz(path.join(js, file)), routeData: zlib.gzipSync(routeData, {level: 6}).length};
}

/** Everything the first search sends over the wire until its first hits (scripts/lib/first-search.ts). */
async function firstSearch(origin: string): Promise<number> {
  const [m] = await measureFirstSearch(origin, [QUERY], {settleMs: 0});
  return m.bytes;
}

async function measure(factor: number, port: number): Promise<Measure> {
  const dir = makeSite(factor);
  const out = path.join(dir, 'build');
  const logFile = path.join(ROOT, 'bench/results/logs', `build-scale-${factor}x.log`);
  fs.mkdirSync(path.dirname(logFile), {recursive: true});
  fs.rmSync(path.join(ROOT, 'node_modules/.cache'), {recursive: true, force: true});
  const fd = fs.openSync(logFile, 'w');
  const started = performance.now();
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', 'peak-rss-kb %M', process.execPath, path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'],
    {cwd: dir, env: {...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0'}, stdio: ['ignore', fd, fd]},
  );
  const seconds = (performance.now() - started) / 1000;
  fs.closeSync(fd);
  const logText = fs.readFileSync(logFile, 'utf8');
  if (r.status !== 0) throw new Error(`bench:scale: the ${factor}× build failed; see ${logFile}`);
  const peakMB = Number(/peak-rss-kb (\d+)/.exec(logText)?.[1] ?? NaN) / 1024;
  const pages = walkFiles(path.join(out, 'docs'), {file: (f) => f.endsWith('.html')}).length;
  const {total, routeData} = mainJs(out);
  const nginx = await startNginx(out, port);
  try {
    const transfer = await measureTransfer(nginx.origin, [DOCS_PAGE]);
    return {
      factor,
      pages,
      seconds,
      peakMB,
      mainJs: total,
      routeData,
      docsFirstLoad: transfer[DOCS_PAGE].firstLoad,
      firstSearch: await firstSearch(nginx.origin),
    };
  } finally {
    await nginx.stop();
  }
}

async function main() {
  // The bench's one option parser (bench/options.ts), with this script's default port.
  const {factor: scaleFactor, port} = parseBenchOptions('bench:scale', ['factor', 'port'], {port: 4195});
  installSignalCleanup();
  const load = () => loadAverage().join(' ');
  log(`bench:scale: load average ${load()}, ${os.cpus().length} CPUs, factor ${scaleFactor}`);
  const rows: Measure[] = [];
  for (const factor of [1, scaleFactor]) {
    rows.push(await measure(factor, port));
    const m = rows[rows.length - 1];
    log(
      `${String(factor).padStart(2)}× ${String(m.pages).padStart(5)} docs pages: build ${m.seconds.toFixed(1)} s, peak ${Math.round(m.peakMB)} MB, ` +
        `main.js ${fmtKB(m.mainJs)} KB gzip (route data ${fmtKB(m.routeData)} KB), docs page first load ${fmtKB(m.docsFirstLoad)} KB, ` +
        `first search ${fmtKB(m.firstSearch)} KB`,
    );
  }
  const [a, b] = rows;
  const per = (f: (m: Measure) => number) => (f(b) - f(a)) / (b.pages - a.pages);
  const at = (pages: number, f: (m: Measure) => number) => f(a) + per(f) * (pages - a.pages);
  log('');
  log('growth per docs page (from the two builds):');
  log(`  build      ${(per((m) => m.seconds) * 1000).toFixed(0)} ms`);
  log(`  peak memory ${per((m) => m.peakMB).toFixed(2)} MB`);
  log(`  main.js    ${per((m) => m.mainJs).toFixed(0)} B gzip (route data ${per((m) => m.routeData).toFixed(0)} B)`);
  log(
    `  docs page first load ${per((m) => m.docsFirstLoad).toFixed(0)} B; first search ${per((m) => m.firstSearch).toFixed(0)} B`,
  );
  const ratio = b.firstSearch / a.firstSearch;
  log(
    `first search at ${b.factor}×: ${fmtKB(b.firstSearch)} KB, ${ratio.toFixed(2)}× the 1× figure of ${fmtKB(a.firstSearch)} KB (target at most 1.3×)`,
  );
  log('at 2,500 docs pages (linear):');
  log(
    `  build ${at(2500, (m) => m.seconds).toFixed(0)} s, peak ${(at(2500, (m) => m.peakMB) / 1024).toFixed(1)} GB, main.js ${fmtKB(at(2500, (m) => m.mainJs))} KB gzip, ` +
      `docs page first load ${fmtKB(at(2500, (m) => m.docsFirstLoad))} KB, first search ${fmtKB(at(2500, (m) => m.firstSearch))} KB`,
  );
  log(`bench:scale: load average at the end ${load()}`);
  fs.writeFileSync(
    path.join(ROOT, 'bench/results/scale-latest.json'),
    JSON.stringify({at: new Date().toISOString(), loadavg: os.loadavg(), rows}, null, 2),
  );
}

if (require.main === module)
  main()
    .catch((err) => {
      console.error(`bench:scale: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
