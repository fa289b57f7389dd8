// Benchmark builds.
//   - bench:site, steps 1–2: clean `docusaurus build`s with Rspack and webpack, and the page count;
//   - bench (bench/stock.ts): our `npm run build` (what writers and CI run: the docs check, Docusaurus, the PDF manuals,
//     precompression) beside stock's `docusaurus build`, from empty caches and after one changed page, with each phase.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {listDocs} from '../plugins/lib/docs-source';
import {walkFiles} from '../plugins/lib/walk';
import {DOCUSAURUS, FALLBACK_LONG_PAGE, RESULTS} from './options';
import {cleanups, forget, htmlToRoute, log, median, rel} from './lib';

// ---------------------------------------------------------------------------------------------------------------------
// Caches
// ---------------------------------------------------------------------------------------------------------------------
/**
 * What `docusaurus clear` removes, and the output folder: the generated folder and the persistent caches of the site in
 * `siteDir` (Rspack's, and ours: CACHE_DIR, the printed manuals and the MDX check, is under node_modules/.cache too).
 */
export function clearCaches(siteDir: string, outDir: string) {
  for (const p of ['.docusaurus', 'node_modules/.cache', '.yarn/.cache']) {
    fs.rmSync(path.join(siteDir, p), {recursive: true, force: true});
  }
  fs.rmSync(outDir, {recursive: true, force: true});
}

// ---------------------------------------------------------------------------------------------------------------------
// 1. Clean builds (bench:site)
// ---------------------------------------------------------------------------------------------------------------------
export type Bundler = 'rspack' | 'webpack';
export type BuildResult = {bundler: Bundler; outDir: string; seconds: number[]; medianSeconds: number; log: string};

export function build(bundler: Bundler, {runs, keepBuilds}: {runs: number; keepBuilds: boolean}): BuildResult {
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
    // Docusaurus' phase timings in the log (docusaurusPhases reads them).
    DOCUSAURUS_PERF_LOGGER: 'true',
  };
  delete env.ALGOLIA_APP_ID;
  delete env.ALGOLIA_SEARCH_API_KEY;
  for (let run = 1; run <= runs; run++) {
    clearCaches(ROOT, outDir);
    process.stdout.write(`build   ${bundler.padEnd(7)} run ${run}/${runs} (clean) … `);
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
  if (!keepBuilds) cleanups.unshift(() => fs.rmSync(outDir, {recursive: true, force: true}));
  return {bundler, outDir, seconds, medianSeconds: median(seconds), log: rel(logFile)};
}

/** Timings are wall-clock on shared cores: say so when another Docusaurus build or dev server is running. */
export function warnConcurrentBuilds() {
  if (!fs.existsSync('/proc')) return;
  const others: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (/docusaurus(\.mjs)? (build|start)|scripts\/build\.ts/.test(cmd))
        others.push(`${pid} (${fs.readlinkSync(`/proc/${pid}/cwd`)})`);
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
  const html = walkFiles(site, {file: (f) => f.endsWith('.html')});
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

/** The long doc page: `longPage` (a route) when given, else the largest built docs HTML. */
export function pickLongPage(
  site: string,
  docsHtml: string[],
  longPage: string | null,
): {route: string; htmlBytes: number; how: string} {
  if (longPage) {
    const f = [path.join(site, longPage, 'index.html'), path.join(site, `${longPage}.html`)].find(fs.existsSync);
    return {route: longPage, htmlBytes: f ? fs.statSync(f).size : 0, how: '--long-page'};
  }
  const sized = docsHtml
    .filter((f) => path.basename(f) === 'index.html')
    .map((f) => ({f, size: fs.statSync(f).size}))
    .sort((a, b) => b.size - a.size);
  if (!sized.length) return {route: FALLBACK_LONG_PAGE, htmlBytes: 0, how: 'fallback'};
  return {route: htmlToRoute(site, sized[0].f), htmlBytes: sized[0].size, how: 'largest built docs HTML'};
}

// ---------------------------------------------------------------------------------------------------------------------
// Phases, from the build logs
// ---------------------------------------------------------------------------------------------------------------------
export type DocusaurusPhases = Record<'load' | 'bundle' | 'ssg' | 'postBuild' | 'total', number>;

/** Docusaurus' own phase timings in a build log written with DOCUSAURUS_PERF_LOGGER=true: seconds per phase. */
export function docusaurusPhases(text: string): DocusaurusPhases {
  const secs = (label: RegExp) => {
    const m = new RegExp(`\\[PERF\\] Build > [^>\\n]+ > ${label.source} - ([\\d.]+) (ms|seconds)`).exec(text);
    return m ? Number(m[1]) / (m[2] === 'ms' ? 1000 : 1) : NaN;
  };
  const total = /\[PERF\] Build - ([\d.]+) (ms|seconds)/.exec(text);
  return {
    load: secs(/Load site/),
    bundle: secs(/Bundling with \w+/),
    ssg: secs(/SSG/),
    postBuild: secs(/postBuild\(\)/),
    total: total ? Number(total[1]) / (total[2] === 'ms' ? 1000 : 1) : NaN,
  };
}

/** Our build's phases: scripts/build.ts prints `build: phase <name>: <seconds> s` (checks, docusaurus, pdf, precompress, total). */
export function ourPhases(text: string): Record<string, number> {
  return Object.fromEntries([...text.matchAll(/^build: phase ([\w-]+): ([\d.]+) s$/gm)].map((m) => [m[1], Number(m[2])]));
}

const DOCUSAURUS_LABELS: [keyof DocusaurusPhases, string][] = [
  ['load', 'load'],
  ['bundle', 'bundling'],
  ['ssg', 'static pages'],
  ['postBuild', 'post-build'],
];
/** `load 3.1 s, bundling 15.0 s, static pages 8.0 s, post-build 3.0 s` (phases the log lacks are left out). */
export const fmtDocusaurusPhases = (p: DocusaurusPhases) =>
  DOCUSAURUS_LABELS.filter(([k]) => Number.isFinite(p[k]))
    .map(([k, label]) => `${label} ${p[k].toFixed(1)} s`)
    .join(', ') || 'no [PERF] lines in the log';
/** `checks 1.5 s, docusaurus 30.2 s, pdf 15.0 s, precompress 4.0 s, total 51.0 s`. */
export const fmtOurPhases = (p: Record<string, number>) =>
  Object.entries(p)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ') || 'no `build: phase` lines in the log';

// ---------------------------------------------------------------------------------------------------------------------
// The build comparison (bench): ours as writers and CI run it, stock's `docusaurus build`
// ---------------------------------------------------------------------------------------------------------------------
export type TimedBuild = {
  /** Wall-clock seconds of the whole command. */
  seconds: number;
  /** The machine's busy CPU seconds over the run (/proc/stat); elsewhere GNU time's user + system of the command. */
  cpuSeconds: number | null;
  /** Our build's own phases (empty for stock). */
  phases: Record<string, number>;
  docusaurus: DocusaurusPhases;
  /** Manual PDFs our build printed, and those it took unchanged from its cache (its `build: manual …` lines). */
  manualsPrinted: number;
  manualsCached: number;
  log: string;
};

const GNU_TIME = '/usr/bin/time';
const CPU_LINE = 'bench-cpu-seconds';

/**
 * The whole machine's busy CPU time so far (Linux /proc/stat: user, nice, system, irq and softirq; not idle, I/O wait or
 * time stolen by the host), in seconds, or null elsewhere. A build's CPU is the difference over its run: GNU time counts
 * only the processes its command waited for, and misses Chromium's renderers (its zygote reaps them), about 47 s of a
 * clean build's PDF print. The bench runs alone, so other processes add little (the load average is printed).
 */
function machineBusySeconds(): number | null {
  try {
    const [user, nice, system, , , irq, softirq] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Both sides' environment: Docusaurus' phase timings, no colours or banners, the default bundler and cache. */
function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...process.env, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', DOCUSAURUS_PERF_LOGGER: 'true'};
  // Offline search mode, Rspack and its persistent cache, whatever the shell exports: what `npm run build` does by default.
  for (const name of ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'DOCS_BUNDLER', 'DOCUSAURUS_NO_PERSISTENT_CACHE'])
    delete env[name];
  return env;
}

/**
 * Run a build command with its output in `logFile`, timed. It runs in its own process group, so that SIGINT/SIGTERM to
 * the bench (its clean-ups) stop the whole build, and the bench goes on only once it has stopped.
 */
async function timedRun(cmd: string, args: string[], cwd: string, logFile: string) {
  fs.mkdirSync(path.dirname(logFile), {recursive: true});
  const fd = fs.openSync(logFile, 'w');
  const withTime = fs.existsSync(GNU_TIME);
  const [file, argv] = withTime ? [GNU_TIME, ['-f', `${CPU_LINE} %U %S`, cmd, ...args]] : [cmd, args];
  const started = performance.now();
  const busyBefore = machineBusySeconds();
  const child = spawn(file, argv, {cwd, env: buildEnv(), stdio: ['ignore', fd, fd], detached: true});
  fs.closeSync(fd);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  let stopped = false;
  const stop = async () => {
    stopped = true;
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sig);
      } catch {
        /* already gone */
      }
    };
    signal('SIGTERM');
    const force = setTimeout(() => signal('SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  };
  cleanups.push(stop);
  const status = await exited;
  forget(stop);
  if (stopped) throw new Error(`${path.basename(cmd)} ${args.join(' ')}: stopped by the bench's clean-up`);
  const seconds = (performance.now() - started) / 1000;
  const busyAfter = machineBusySeconds();
  const text = fs.readFileSync(logFile, 'utf8');
  const cpu = new RegExp(`^${CPU_LINE} ([\\d.]+) ([\\d.]+)$`, 'm').exec(text);
  const cpuSeconds =
    busyBefore !== null && busyAfter !== null ? busyAfter - busyBefore : cpu ? Number(cpu[1]) + Number(cpu[2]) : null;
  return {status, seconds, cpuSeconds, text};
}

const tail = (text: string) => text.trimEnd().split('\n').slice(-30).join('\n');

/** `npm run build` into `outDir` (a folder of the repository), as writers and CI run it; the result is timed. */
export async function buildOurs(outDir: string, logFile: string): Promise<TimedBuild> {
  const r = await timedRun('npm', ['run', 'build', '--', '--out-dir', path.relative(ROOT, outDir)], ROOT, logFile);
  if (r.status !== 0 || !fs.existsSync(path.join(outDir, 'index.html')))
    throw new Error(`npm run build failed (exit ${r.status}); end of ${rel(logFile)}:\n${tail(r.text)}`);
  const manuals = r.text.match(/^build: manual \S+\.pdf:.*$/gm) ?? [];
  const cached = manuals.filter((line) => line.includes('from the cache')).length;
  return {
    seconds: r.seconds,
    cpuSeconds: r.cpuSeconds,
    phases: ourPhases(r.text),
    docusaurus: docusaurusPhases(r.text),
    manualsPrinted: manuals.length - cached,
    manualsCached: cached,
    log: rel(logFile),
  };
}

/** Stock's `docusaurus build` of the site in `dir` (into dir/build); the result is timed. */
export async function buildStock(dir: string, logFile: string): Promise<TimedBuild> {
  const bin = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  const r = await timedRun(process.execPath, [bin, 'build', dir], dir, logFile);
  if (r.status !== 0 || !fs.existsSync(path.join(dir, 'build/index.html')))
    throw new Error(`the stock site did not build (exit ${r.status}); end of ${rel(logFile)}:\n${tail(r.text)}`);
  return {
    seconds: r.seconds,
    cpuSeconds: r.cpuSeconds,
    phases: {},
    docusaurus: docusaurusPhases(r.text),
    manualsPrinted: 0,
    manualsCached: 0,
    log: rel(logFile),
  };
}

/** What the one-page rebuild appends to the page (a paragraph any page can take: no link, no code, no heading). */
export const EDIT_PARAGRAPH = '基准测试在此页末尾追加的一段文字：修改一页之后重新构建，测量增量构建的耗时。';

/**
 * Append EDIT_PARAGRAPH to a doc page; returns the function that restores it, which also runs among the clean-ups (on
 * failure and SIGINT/SIGTERM). It removes only what it added: if the page was changed meanwhile, it says so instead.
 */
export function changePage(file: string): () => void {
  const before = fs.readFileSync(file, 'utf8');
  const added = `${before.endsWith('\n') ? '' : '\n'}\n${EDIT_PARAGRAPH}\n`;
  fs.writeFileSync(file, before + added);
  const restore = () => {
    forget(restore);
    const now = fs.readFileSync(file, 'utf8');
    if (now === before) return;
    if (now.endsWith(added)) fs.writeFileSync(file, now.slice(0, -added.length));
    else if (now.includes(added)) fs.writeFileSync(file, now.replace(added, ''));
    else log(`bench: warning: ${rel(file)} changed during the bench; its appended paragraph was not found to remove`);
  };
  cleanups.push(restore);
  return restore;
}
