// `npm run build`: the writer checks first (file:line messages in a second), then the Docusaurus build into a temporary
// folder that replaces the output folder only when the build succeeded, with a completion marker that `serve` requires.
// A failed build leaves the previous good build (or nothing) in place: never a half-written site.
// Where Chromium is present (CI, deployment, `npm run setup:system`), the whole manuals are printed to PDF too
// (scripts/manuals-pdf.ts), unless --no-pdf; --require-pdf (or REQUIRE_PDF=1, as the deploy workflow sets) fails the build
// when they cannot be printed. Then the large text files are precompressed for nginx (scripts/precompress.ts).
// SIGINT or SIGTERM cancels the build: the Docusaurus process is stopped, its temporary folder removed, and the output
// folder is left as it was.
// Each step's time is printed (`build: phase docusaurus: 41.2 s`); the PDFs print during Docusaurus' post-build phase,
// as soon as the manuals are written, and beside the compression.
// Usage: npm run build -- [--out-dir build] [--skip-checks] [--no-pdf] [--require-pdf]
//        [--locale L] [--config F] [--no-minify] [--bundle-analyzer] [--dev] (passed to docusaurus build)
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';
import {PRINT_CHROMIUM} from './lib/chromium';
import {searchModeFromEnv} from '../src/shared/search-mode';
import {INDEX_FILE, INDEX_FILES} from '../src/search/types';

/**
 * Docusaurus' command, run with this Node rather than through npx (which costs about 0.5 s to find it), as the steps
 * below run tsx through Node's --import rather than the tsx command (0.4 s instead of 1.3 s to start).
 */
const DOCUSAURUS_BIN = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
/** Preloaded into Docusaurus' process: it exits as soon as its work is done, skipping Node's teardown (1–2 s). */
export const EXIT_WHEN_DONE = path.join(ROOT, 'scripts/lib/exit-when-done.cjs');

/** Written last into a finished build; `serve` refuses a folder without it. */
export const BUILD_MARKER = '.build-complete.json';

/** Build with `run(tmpDir)` and move the result to `outDir` only when it succeeds. Returns whether it did. */
export async function atomicBuild(outDir: string, run: (tmpDir: string) => boolean | Promise<boolean>): Promise<boolean> {
  const out = path.resolve(outDir);
  const tmp = `${out}.tmp-${process.pid}`;
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
  const pdf = values['no-pdf'] !== true && (hasChromium || requirePdf);
  const rest = (['locale', 'config', 'no-minify', 'bundle-analyzer', 'dev'] as const).flatMap((k) =>
    values[k] === undefined ? [] : values[k] === true ? [`--${k}`] : [`--${k}`, String(values[k])],
  );
  // A larger young generation for Docusaurus' process: the post-build plugins allocate many short-lived objects
  // (parsed pages, syntax trees), and with Node's default the post-build phase spent 2.4 s more collecting them.
  const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1', NODE_OPTIONS: nodeOptions};
  const started = performance.now();
  if (requirePdf && !hasChromium) {
    console.error(
      `build: the PDF manuals are required (--require-pdf / REQUIRE_PDF=1) but ${PRINT_CHROMIUM} is missing: npm run setup:system`,
    );
    process.exit(1);
  }
  // Cancellation: the first SIGINT/SIGTERM (or a failed docs check) stops the running steps; the build then fails and
  // cleans up.
  let cancelled: NodeJS.Signals | null = null;
  let checkFailed = false;
  const running = new Set<ReturnType<typeof spawn>>();
  const stopAll = () => {
    for (const child of running) {
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the step's whole process group (docusaurus and its workers)
      } catch {
        child.kill('SIGTERM');
      }
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
  /** Run a step; with `onLine`, its standard output is passed through line by line and each line shown to it. */
  const run = (cmd: string, cmdArgs: string[], onLine?: (line: string) => void) =>
    new Promise<boolean>((resolve) => {
      if (cancelled || checkFailed) return resolve(false);
      // Piped output keeps its colours where ours has them.
      const childEnv = onLine && process.stdout.isTTY ? {...env, FORCE_COLOR: '1'} : env;
      const child = spawn(cmd, cmdArgs, {
        cwd: ROOT,
        stdio: ['inherit', onLine ? 'pipe' : 'inherit', 'inherit'],
        env: childEnv,
        detached: true,
      });
      if (onLine && child.stdout) {
        let rest = '';
        child.stdout.on('data', (chunk: Buffer) => {
          process.stdout.write(chunk);
          const lines = (rest + chunk.toString('utf8')).split('\n');
          rest = lines.pop() ?? '';
          lines.forEach(onLine);
        });
      }
      running.add(child);
      child.on('close', (code) => {
        running.delete(child);
        resolve(code === 0 && !cancelled);
      });
    });
  // The writer checks (file:line messages in a second or two) run beside Docusaurus' start-up, which spends its first
  // seconds on one core: a failed check stops the build, and its messages are the ones the writer sees.
  const checks = skipChecks
    ? Promise.resolve(true)
    : timed('checks', () => run(process.execPath, ['--import', 'tsx', 'scripts/check-docs.ts'])).then((ok) => {
        if (!ok && !cancelled) {
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
    const docusaurus = timed('docusaurus', () =>
      run(process.execPath, ['--require', EXIT_WHEN_DONE, DOCUSAURUS_BIN, 'build', '--out-dir', tmp, ...rest], (line) => {
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
            const stop = () => cancelled !== null || checkFailed || (docusaurusEnded && !docusaurusOk);
            for (const m of await printManuals(tmp, {stop}))
              console.log(
                `build: manual ${m.key}.pdf: ${m.pages} pages, ${(m.bytes / 1024 / 1024).toFixed(1)} MB${m.cached ? ' (unchanged: from the cache)' : ''}`,
              );
          });
        })()
      : Promise.resolve(console.log('build: no Chromium (or --no-pdf): the manuals are printable pages without PDF files'));
    // The search index is much of what a one-page edit changes (the files of the terms the page holds, about 100): its
    // files are compressed as soon as the search plugin has written them (the head last), beside the rest of
    // Docusaurus' post-build phase. In Algolia mode there is no index.
    const indexCompressed = (async () => {
      if (!(await appeared(path.join(tmp, INDEX_FILE))) || cancelled || checkFailed) return;
      const {precompress} = await import('./precompress');
      await precompress(tmp, {only: fs.readdirSync(tmp).filter((f) => INDEX_FILES.test(f))});
    })();
    // The compression of the rest (zlib threads) starts once the site is written, beside the end of Docusaurus' process
    // and the rest of the printing; it takes the index's files from the cache. The manuals list, which the printer
    // completes, is compressed after it.
    const compressing = Promise.all([written, indexCompressed]).then(async () => {
      if (cancelled || checkFailed || (docusaurusEnded && !docusaurusOk)) return null;
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
    console.log(
      `build: precompressed ${t.files} files for nginx (gzip ${(t.gz / 1048576).toFixed(1)} MB, brotli ${(t.br / 1048576).toFixed(1)} MB, ${t.cached} unchanged from the cache)`,
    );
    if (precache) console.log(`build: offline reading (sw.js) precaches ${precache}`);
    return !cancelled;
  };
  atomicBuild(path.resolve(ROOT, outDir), build).then(
    (ok) => {
      if (cancelled) {
        console.error(`build: cancelled; ${outDir}/ was left as it was`);
        process.exit(cancelled === 'SIGINT' ? 130 : 143);
      }
      if (checkFailed) {
        console.error('build: the docs check failed (see the file:line messages above); nothing was built');
        process.exit(1);
      }
      if (!ok) {
        console.error(`build: the Docusaurus build failed; ${outDir}/ was left as it was`);
        process.exit(1);
      }
      console.log(`build: phase total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      console.log(`build: ${outDir}/ is complete`);
    },
    (err: Error) => {
      console.error(`build: ${cancelled ? 'cancelled' : err.message}; ${outDir}/ was left as it was`);
      process.exit(cancelled ? 143 : 1);
    },
  );
}
