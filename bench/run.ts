// `npm run bench:site` (bench/run.ts; steps in bench/build.ts, transfer.ts, lighthouse.ts; report here): the site's performance benchmark (not part of `npm test`). Measures, in order:
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
//   --port N          port for the bench's nginx (default 4190)     --keep-builds  keep build-bench-rspack/ and -webpack/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {CHROMIUM} from '../scripts/lib/chromium';
import {API_PAGE, RESULTS, SEARCH_INDEX, TARGETS, parseBenchOptions} from './options';
import {cleanup, fmtKB, installSignalCleanup, kb, log, mark, rel} from './lib';
import {BuildResult, Bundler, build, countPages, pickLongPage, warnConcurrentBuilds} from './build';
import {Transfer, get, measureTransfer, startNginx} from './transfer';
import {LhSummary, lighthouseRuns} from './lighthouse';

async function main() {
  const opts = parseBenchOptions('bench:site', [
    'runs',
    'skip-webpack',
    'site',
    'lh-runs',
    'skip-lighthouse',
    'long-page',
    'port',
    'keep-builds',
  ]);
  installSignalCleanup();
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
  if (opts.site) {
    if (!fs.existsSync(path.join(opts.site, 'index.html'))) throw new Error(`${opts.site}/index.html not found`);
    site = opts.site;
    log(`build   skipped: measuring ${rel(opts.site)}`);
  } else {
    warnConcurrentBuilds();
    builds.rspack = build('rspack', opts);
    if (!opts.skipWebpack) {
      try {
        builds.webpack = build('webpack', opts);
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
  const long = pickLongPage(site, pages.docsHtml, opts.longPage);
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
  const server = await startNginx(site, opts.port);
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
    if (!opts.skipLighthouse)
      lh = await lighthouseRuns(
        server.origin,
        types.map(({key, route}) => ({key, route})),
        opts.lhRuns,
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
    options: {runs: opts.runs, lighthouseRuns: opts.lhRuns, skipWebpack: opts.skipWebpack, site: rel(site), port: opts.port},
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
    log(`Build (clean, wall-clock${opts.runs > 1 ? `, median of ${opts.runs}` : ''})`);
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
      (opts.skipLighthouse
        ? ''
        : ` Lighthouse ${result.versions.lighthouse}: mobile, simulated throttling, median of ${opts.lhRuns}.`),
  );
  log(`${result.summary.passed} targets met, ${result.summary.failed} missed.  Results: ${rel(file)} (and latest.json)`);
  if (!opts.skipLighthouse) {
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

if (require.main === module)
  main()
    .catch((err) => {
      console.error(`bench:site: ${err instanceof Error ? err.stack : err}`);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
