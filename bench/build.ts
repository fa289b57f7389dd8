// Benchmark steps 1–2: clean builds with Rspack and webpack, and the page count.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {listDocs} from '../plugins/lib/docs-source';
import {BUILD_RUNS, DOCUSAURUS, FALLBACK_LONG_PAGE, KEEP_BUILDS, LONG_PAGE, RESULTS} from './options';
import {cleanups, htmlToRoute, log, median, rel, walkHtml} from './lib';

// ---------------------------------------------------------------------------------------------------------------------
// 1. Clean builds
// ---------------------------------------------------------------------------------------------------------------------
export type Bundler = 'rspack' | 'webpack';
export type BuildResult = {bundler: Bundler; outDir: string; seconds: number[]; medianSeconds: number; log: string};

/** What `docusaurus clear` removes, minus build/: the generated folder and the bundlers' persistent caches. */
export function clearCaches(outDir: string) {
  for (const p of ['.docusaurus', 'node_modules/.cache', '.yarn/.cache']) {
    fs.rmSync(path.join(ROOT, p), {recursive: true, force: true});
  }
  fs.rmSync(outDir, {recursive: true, force: true});
}

export function build(bundler: Bundler): BuildResult {
  const outDir = path.join(ROOT, `build-bench-${bundler}`);
  const logFile = path.join(RESULTS, 'logs', `build-${bundler}.log`);
  fs.mkdirSync(path.dirname(logFile), {recursive: true});
  const seconds: number[] = [];
  // Offline search mode always, whatever the shell exports, so that runs compare; no colours in the log.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DOCS_BUNDLER: bundler,
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
    // Docusaurus' phase timings in the log (buildPhases reads them).
    DOCUSAURUS_PERF_LOGGER: 'true',
  };
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
export function warnConcurrentBuilds() {
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
export function countPages(site: string) {
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

export function pickLongPage(site: string, docsHtml: string[]): {route: string; htmlBytes: number; how: string} {
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

/** Docusaurus' own phase timings from a build log written with DOCUSAURUS_PERF_LOGGER: seconds per phase. */
export function buildPhases(logFile: string): Record<'load' | 'bundle' | 'ssg' | 'postBuild', number> {
  const text = fs.readFileSync(logFile, 'utf8');
  const secs = (label: RegExp) => {
    const m = new RegExp(`\\[PERF\\] Build > [^>\\n]+ > ${label.source} - ([\\d.]+) (ms|seconds)`).exec(text);
    return m ? Number(m[1]) / (m[2] === 'ms' ? 1000 : 1) : NaN;
  };
  return {load: secs(/Load site/), bundle: secs(/Bundling with \w+/), ssg: secs(/SSG/), postBuild: secs(/postBuild\(\)/)};
}
