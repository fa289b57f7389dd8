// `npm run build`: the writer checks first (file:line messages in a second), then the Docusaurus build into a temporary
// folder that replaces the output folder only when the build succeeded, with a completion marker that `serve` requires.
// A failed build leaves the previous good build (or nothing) in place: never a half-written site.
// Where Chromium is present (CI, deployment, `npm run setup:system`), the whole manuals are printed to PDF too
// (scripts/manuals-pdf.ts), unless --no-pdf; --require-pdf (or REQUIRE_PDF=1, as the deploy workflow sets) fails the build
// when they cannot be printed. Then the large text files are precompressed for nginx (scripts/precompress.ts).
// SIGINT or SIGTERM cancels the build: the Docusaurus process is stopped, its temporary folder removed, and the output
// folder is left as it was. A build killed outright (SIGKILL) takes its steps with it (setpriv --pdeathsig, and
// scripts/lib/die-with-parent.cjs), and the next build sets the caches it left aside (scripts/lib/build-caches.ts: the
// caches are used only when the build that last used them finished). A step that neither writes nor computes for
// BUILD_WATCHDOG_SECONDS (default 120) is stopped by the watchdog (scripts/lib/watchdog.ts), and the build is tried once
// more on cold caches.
// Each step's time is printed (`build: phase docusaurus: 41.2 s`); the PDFs print during Docusaurus' post-build phase,
// as soon as the manuals are written, and beside the compression.
// Usage: npm run build -- [--out-dir build] [--skip-checks] [--no-pdf] [--require-pdf]
//        [--locale L] [--config F] [--no-minify] [--bundle-analyzer] [--dev] (passed to docusaurus build)
//        [--site-dir DIR] (another site to build with this pipeline: the fault tests' small site)
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';
import {PRINT_CHROMIUM} from './lib/chromium';
import {searchModeFromEnv} from '../src/shared/search-mode';
import {BuildBusyError, openBuildCaches} from './lib/build-caches';
import {watchStep} from './lib/watchdog';
import {pidAlive} from './lib/proc';
import {INDEX_FILE, INDEX_FILES} from '../src/search/types';

/**
 * Docusaurus' command, run with this Node rather than through npx (which costs about 0.5 s to find it), as the steps
 * below run tsx through Node's --import rather than the tsx command (0.4 s instead of 1.3 s to start).
 */
const DOCUSAURUS_BIN = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
/** Preloaded into Docusaurus' process: it exits as soon as its work is done, skipping Node's teardown (1–2 s). */
export const EXIT_WHEN_DONE = path.join(ROOT, 'scripts/lib/exit-when-done.cjs');

/** Preloaded into Docusaurus' process: drops its advice to delete babel.config.js, which the project keeps. */
const KEEP_BABEL_CONFIG = path.join(ROOT, 'scripts/lib/keep-babel-config.cjs');
/** Preloaded into every step: it ends when the build that started it is gone. */
export const DIE_WITH_PARENT = path.join(ROOT, 'scripts/lib/die-with-parent.cjs');
/** Where present (Linux), steps start under it: the kernel kills a step whose build died (`--pdeathsig SIGKILL`). */
const SETPRIV = '/usr/bin/setpriv';

/** Written last into a finished build; `serve` refuses a folder without it. */
export const BUILD_MARKER = '.build-complete.json';

/** Build with `run(tmpDir)` and move the result to `outDir` only when it succeeds. Returns whether it did. */
export async function atomicBuild(outDir: string, run: (tmpDir: string) => boolean | Promise<boolean>): Promise<boolean> {
  const out = path.resolve(outDir);
  const tmp = `${out}.tmp-${process.pid}`;
  sweepDeadBuilds(out);
  fs.rmSync(tmp, {recursive: true, force: true});
  let ok = false;
  try {
    ok = (await run(tmp)) && fs.existsSync(path.join(tmp, 'index.html'));
  } finally {
    if (!ok) fs.rmSync(tmp, {recursive: true, force: true});
  }
  if (!ok) return false;
  const searchMode = searchModeFromEnv(process.env);
  fs.writeFileSync(path.join(tmp, BUILD_MARKER), JSON.stringify({builtAt: new Date().toISOString(), searchMode}) + '\n');
  const old = `${out}.old-${process.pid}`;
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(tmp, out);
  fs.rmSync(old, {recursive: true, force: true});
  return true;
}

/**
 * Remove the temporary folders (`<out>.tmp-<pid>`, `<out>.old-<pid>`) of builds whose process is gone: a build killed
 * outright (SIGKILL) cannot remove its own.
 */
export function sweepDeadBuilds(out: string): void {
  const dir = path.dirname(out);
  if (!fs.existsSync(dir)) return;
  const mine = new RegExp(`^${path.basename(out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)$`);
  for (const name of fs.readdirSync(dir)) {
    const m = mine.exec(name);
    if (!m) continue;
    if (!pidAlive(Number(m[2]))) fs.rmSync(path.join(dir, name), {recursive: true, force: true});
  }
}

/** Why a folder is not a servable build, or null when it is. */
export function incompleteBuild(dir: string): string | null {
  if (!fs.existsSync(dir)) return `${dir} does not exist: run \`npm run build\` first`;
  if (!fs.existsSync(path.join(dir, BUILD_MARKER)))
    return `${dir} is incomplete (no ${BUILD_MARKER}: the build failed or is still running): run \`npm run build\``;
  return null;
}

/** Our options, and the Docusaurus build options passed through to it. */
const OPTIONS = {
  'out-dir': {type: 'string', default: 'build'},
  'skip-checks': {type: 'boolean'},
  'no-pdf': {type: 'boolean'},
  'require-pdf': {type: 'boolean'},
  locale: {type: 'string'},
  config: {type: 'string'},
  'no-minify': {type: 'boolean'},
  'bundle-analyzer': {type: 'boolean'},
  dev: {type: 'boolean'},
  'site-dir': {type: 'string'},
} as const;

/**
 * Each step's wall time, printed as `build: phase <name>: <seconds> s` (bench/stock.ts reads these lines). Steps may
 * overlap: the docs check runs beside Docusaurus, the PDFs print beside the compression.
 */
async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`build: phase ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

if (require.main === module) {
  const {values} = parseCli('build', OPTIONS);
  const outDir = values['out-dir'] as string;
  const skipChecks = values['skip-checks'] === true;
  const requirePdf = values['require-pdf'] === true || process.env.REQUIRE_PDF === '1';
  const hasChromium = fs.existsSync(PRINT_CHROMIUM);
  const noPdf = values['no-pdf'] === true;
  const pdf = !noPdf && (hasChromium || requirePdf);
  const siteDir = values['site-dir'] ? path.resolve(values['site-dir'] as string) : null;
  const rest = (['locale', 'config', 'no-minify', 'bundle-analyzer', 'dev'] as const).flatMap((k) =>
    values[k] === undefined ? [] : values[k] === true ? [`--${k}`] : [`--${k}`, String(values[k])],
  );
  // A larger young generation for Docusaurus' process: the post-build plugins allocate many short-lived objects
  // (parsed pages, syntax trees), and with Node's default the post-build phase spent 2.4 s more collecting them.
  const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1', NODE_OPTIONS: nodeOptions};
  const watchdogMs = Number(process.env.BUILD_WATCHDOG_SECONDS || 120) * 1000;
  const started = performance.now();
  if (requirePdf && !hasChromium) {
    console.error(
      `build: the PDF manuals are required (--require-pdf / REQUIRE_PDF=1) but ${PRINT_CHROMIUM} is missing: npm run setup:system`,
    );
    process.exit(1);
  }
  if (!process.env.SITE_URL)
    console.warn(
      `build: SITE_URL is not set: canonical links, the sitemap, opensearch.xml (the browser's site search) and the ` +
        `manuals' covers name https://docs.example.com. Set SITE_URL to the public origin for a deployment.`,
    );
  let caches: ReturnType<typeof openBuildCaches>;
  try {
    caches = openBuildCaches((line) => console.log(line));
  } catch (err) {
    if (!(err instanceof BuildBusyError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  // Cancellation: the first SIGINT/SIGTERM (or a failed docs check) stops the running steps; the build then fails and
  // cleans up. A step stopped by us (not ended by itself) may have left the caches half-written: `trusted` says so.
  let cancelled: NodeJS.Signals | null = null;
  let checkFailed = false;
  let stalled: string | null = null;
  let trusted = true;
  const running = new Set<ReturnType<typeof spawn>>();
  const stopAll = () => {
    for (const child of running) {
      trusted = false;
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the step's whole process group (docusaurus and its workers)
      } catch {
        child.kill('SIGTERM');
      }
      // A step that ignores SIGTERM (a stalled one may) is killed.
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // ended
        }
      }, 5000).unref();
    }
  };
  const cancel = (sig: NodeJS.Signals) => {
    if (cancelled) return;
    cancelled = sig;
    console.error(`build: ${sig}: cancelling`);
    stopAll();
  };
  process.on('SIGINT', () => cancel('SIGINT'));
  process.on('SIGTERM', () => cancel('SIGTERM'));
  /**
   * Run a Node step (with Node's --import/--require arguments in `nodeArgs`) in a process group of its own, under the
   * watchdog; with `onLine`, each line of its standard output is shown to it. Both outputs are passed through.
   */
  const run = (name: string, nodeArgs: string[], onLine?: (line: string) => void) =>
    new Promise<boolean>((resolve) => {
      if (cancelled || checkFailed || stalled) return resolve(false);
      // Piped output keeps its colours where ours has them.
      const childEnv = process.stdout.isTTY && !process.env.NO_COLOR ? {...env, FORCE_COLOR: '1'} : env;
      const argv = [process.execPath, '--require', DIE_WITH_PARENT, ...nodeArgs];
      const [file, args] = fs.existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGKILL', ...argv]] : [argv[0], argv.slice(1)];
      const child = spawn(file, args, {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv, detached: true});
      caches.addGroup(child.pid!);
      let lastLine = '(no output yet)';
      const watch = watchStep(child.pid!, watchdogMs, (seconds) => {
        if (stalled || cancelled) return;
        stalled = `${name} made no progress for ${seconds} s (no output, no CPU) after ${JSON.stringify(lastLine.slice(0, 120))}`;
        stopAll();
      });
      const pass = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream, lines?: (line: string) => void) => {
        let partial = '';
        stream.on('data', (chunk: Buffer) => {
          watch.output();
          const all = (partial + chunk.toString('utf8')).split('\n');
          partial = all.pop() ?? '';
          for (const line of all) {
            const plain = line.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
            if (plain.trim()) lastLine = plain.trim();
            to.write(`${line}\n`);
            lines?.(plain);
          }
        });
        stream.on('end', () => partial && to.write(partial));
      };
      pass(child.stdout!, process.stdout, onLine);
      pass(child.stderr!, process.stderr);
      running.add(child);
      child.on('close', (code, signal) => {
        watch.stop();
        running.delete(child);
        if (signal) trusted = false; // killed (by us, or by someone else): it could not finish its writes
        resolve(code === 0 && !cancelled && !stalled);
      });
    });
  // The writer checks (file:line messages in a second or two) run beside Docusaurus' start-up, which spends its first
  // seconds on one core: a failed check stops the build, and its messages are the ones the writer sees.
  const checks = skipChecks
    ? Promise.resolve(true)
    : timed('checks', () => run('the docs check', ['--import', 'tsx', path.join(ROOT, 'scripts/check-docs.ts')])).then((ok) => {
        if (!ok && !cancelled && !stalled) {
          checkFailed = true;
          stopAll();
        }
        return ok;
      });
  const build = async (tmp: string): Promise<boolean> => {
    const {MANUALS_DIR, MANUALS_LIST} = await import('../src/shared/manuals');
    const manualsList = path.join(MANUALS_DIR, MANUALS_LIST);
    let docusaurusEnded = false;
    let docusaurusOk = false;
    // Docusaurus says when every file of the site is written (its bundler's cache is saved by then); the compression
    // starts at that line rather than at the process' end.
    let siteWritten: () => void = () => undefined;
    let siteIsWritten = false;
    const written = new Promise<void>((resolve) => (siteWritten = resolve)).then(() => void (siteIsWritten = true));
    const docusaurusArgs = [
      ...['--require', EXIT_WHEN_DONE, '--require', KEEP_BABEL_CONFIG],
      ...[DOCUSAURUS_BIN, 'build', ...(siteDir ? [siteDir] : [])],
    ];
    const docusaurus = timed('docusaurus', () =>
      run('docusaurus', [...docusaurusArgs, '--out-dir', tmp, ...rest], (line) => {
        if (/\bGenerated static files in\b/.test(line)) siteWritten();
      }),
    ).then((ok) => {
      docusaurusEnded = true;
      docusaurusOk = ok;
      siteWritten();
      return ok;
    });
    /**
     * Whether a file Docusaurus' post-build plugins write (whole, or last of theirs) has appeared: looked for until it
     * does or Docusaurus has written the site or ended, after which it cannot appear.
     */
    const appeared = async (file: string): Promise<boolean> => {
      while (!fs.existsSync(file) && !siteIsWritten) await new Promise((r) => setTimeout(r, 200));
      return fs.existsSync(file);
    };
    // The PDFs print from the moment the manuals plugin has written its list (early in Docusaurus' post-build phase,
    // when every page and asset is in place): Chromium then works beside the search index and the Markdown export, which
    // use one core, and beside the compression after them. A failed or cancelled Docusaurus build stops the printing.
    const printing = pdf
      ? (async () => {
          if (!(await appeared(path.join(tmp, manualsList))) || (docusaurusEnded && !docusaurusOk)) return;
          await timed('pdf', async () => {
            const {printManuals} = await import('./manuals-pdf'); // Playwright is loaded only when PDFs are made
            const stop = () => cancelled !== null || checkFailed || stalled !== null || (docusaurusEnded && !docusaurusOk);
            for (const m of await printManuals(tmp, {stop}))
              console.log(
                `build: manual ${m.key}.pdf: ${m.pages} pages, ${(m.bytes / 1024 / 1024).toFixed(1)} MB${m.cached ? ' (unchanged: from the cache)' : ''}`,
              );
          });
        })()
      : Promise.resolve(
          console.log(
            noPdf
              ? 'build: --no-pdf: the manuals are printable pages without PDF files'
              : `build: no ${PRINT_CHROMIUM} (npm run setup:system installs it): the manuals are printable pages without PDF files`,
          ),
        );
    // The search index is much of what a one-page edit changes (the files of the terms the page holds, about 100): its
    // files are compressed as soon as the search plugin has written them (the head last), beside the rest of
    // Docusaurus' post-build phase. In Algolia mode there is no index.
    const indexCompressed = (async () => {
      if (!(await appeared(path.join(tmp, INDEX_FILE))) || cancelled || checkFailed || stalled) return;
      const {precompress} = await import('./precompress');
      await precompress(tmp, {only: fs.readdirSync(tmp).filter((f) => INDEX_FILES.test(f))});
    })();
    // The compression of the rest (zlib threads) starts once the site is written, beside the end of Docusaurus' process
    // and the rest of the printing; it takes the index's files from the cache. The manuals list, which the printer
    // completes, is compressed after it.
    const compressing = Promise.all([written, indexCompressed]).then(async () => {
      if (cancelled || checkFailed || stalled || (docusaurusEnded && !docusaurusOk)) return null;
      const {precompress} = await import('./precompress');
      return timed('precompress', () => precompress(tmp, {exclude: (rel) => rel === manualsList}));
    });
    // What the service worker precaches (its files' .gz sizes: after the compression), read beside the end of the
    // printing; the manuals are not precached.
    const precached = compressing.then(async (t) => {
      if (!t) return null;
      const {readPrecache, describePrecache} = await import('./lib/precache');
      const precache = readPrecache(tmp);
      return precache && describePrecache(precache);
    });
    const [checked, built] = await Promise.all([checks, docusaurus]);
    if (!checked || !built || cancelled) {
      await Promise.all([printing, compressing, precached].map((p) => p.catch(() => undefined)));
      return false;
    }
    const [, t, precache] = await Promise.all([printing, compressing, precached]);
    if (cancelled || !t) return false;
    const {precompress} = await import('./precompress');
    await precompress(tmp, {only: [manualsList]});
    const cached = t.cached ? `, ${t.cached} unchanged from an earlier build` : '';
    console.log(
      `build: precompressed ${t.files} files for nginx (gzip ${(t.gz / 1048576).toFixed(1)} MB, brotli ${(t.br / 1048576).toFixed(1)} MB${cached})`,
    );
    if (precache) console.log(`build: offline reading (sw.js) precaches ${precache}`);
    return !cancelled;
  };
  /** The build, tried once more on cold caches when the watchdog stopped a stalled step. */
  const buildWithRetry = async (tmp: string): Promise<boolean> => {
    if (await build(tmp)) return true;
    if (!stalled || cancelled) return false;
    console.error(`build: ${stalled}: stopped it`);
    const {newBuildRun} = await import('../plugins/lib/build-cache');
    await new Promise((r) => setTimeout(r, 200)); // the stopped group's last writes
    fs.rmSync(tmp, {recursive: true, force: true});
    caches.setAside('were in use when a step stalled');
    newBuildRun();
    stalled = null;
    trusted = true;
    console.error('build: trying once more, on cold caches');
    if (await build(tmp)) return true;
    if (stalled) stalled = `${stalled} (again, on cold caches)`;
    return false;
  };
  const finish = (code: number, message: string, reason?: string) => {
    caches.close(trusted, reason);
    if (code === 0) console.log(message);
    else console.error(message);
    process.exit(code);
  };
  atomicBuild(path.resolve(ROOT, outDir), buildWithRetry).then(
    (ok) => {
      if (cancelled)
        finish(cancelled === 'SIGINT' ? 130 : 143, `build: cancelled; ${outDir}/ was left as it was`, `cancelled (${cancelled})`);
      if (stalled) finish(1, `build: ${stalled}: stopped it; ${outDir}/ was left as it was`, 'a step stalled');
      if (checkFailed)
        finish(1, 'build: the docs check failed (see the file:line messages above); nothing was built', 'the docs check failed');
      if (!ok) finish(1, `build: the Docusaurus build failed; ${outDir}/ was left as it was`);
      console.log(`build: phase total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      finish(0, `build: ${outDir}/ is complete`);
    },
    (err: Error) => {
      trusted = false;
      finish(cancelled ? 143 : 1, `build: ${cancelled ? 'cancelled' : err.message}; ${outDir}/ was left as it was`, err.message);
    },
  );
}
