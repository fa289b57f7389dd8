// `npm run build`: the writer checks first (file:line messages in a second), then the Docusaurus build into a temporary
// folder that replaces the output folder only when the build succeeded, with a completion marker that `serve` requires.
// A failed build leaves the previous good build (or nothing) in place: never a half-written site.
// Where Chromium is present (CI, deployment, `npm run setup:system`), the whole manuals are printed to PDF too
// (scripts/manuals-pdf.ts), unless --no-pdf; --require-pdf (or REQUIRE_PDF=1, as the deploy workflow sets) fails the build
// when they cannot be printed. Then the large text files are precompressed for nginx (scripts/precompress.ts).
// SIGINT or SIGTERM cancels the build: the Docusaurus process is stopped, its temporary folder removed, and the output
// folder is left as it was.
// Each phase's time is printed (`build: phase docusaurus: 41.2 s`).
// Usage: tsx scripts/build.ts [--out-dir build] [--skip-checks] [--no-pdf] [--require-pdf]
//        [--locale L] [--config F] [--no-minify] [--bundle-analyzer] [--dev] (passed to docusaurus build)
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {ROOT} from '../plugins/lib/paths';
import {CHROMIUM} from './lib/chromium';
import {searchModeFromEnv} from '../src/shared/search-mode';

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

/** Each phase's wall time, printed as `build: phase <name>: <seconds> s` (bench/stock.ts reads these lines). */
function phaseTimer() {
  let last = performance.now();
  const started = last;
  return {
    done(name: string) {
      const now = performance.now();
      console.log(`build: phase ${name}: ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
    },
    total: () => console.log(`build: phase total: ${((performance.now() - started) / 1000).toFixed(1)} s`),
  };
}

if (require.main === module) {
  let values: {[K in keyof typeof OPTIONS]?: string | boolean};
  try {
    ({values} = parseArgs({options: OPTIONS, strict: true, allowPositionals: false}));
  } catch (e) {
    console.error(
      `build: ${(e as Error).message}; options: ${Object.keys(OPTIONS)
        .map((o) => `--${o}`)
        .join(' ')}`,
    );
    process.exit(2);
  }
  const outDir = values['out-dir'] as string;
  const skipChecks = values['skip-checks'] === true;
  const requirePdf = values['require-pdf'] === true || process.env.REQUIRE_PDF === '1';
  const hasChromium = fs.existsSync(CHROMIUM);
  const pdf = values['no-pdf'] !== true && (hasChromium || requirePdf);
  const rest = (['locale', 'config', 'no-minify', 'bundle-analyzer', 'dev'] as const).flatMap((k) =>
    values[k] === undefined ? [] : values[k] === true ? [`--${k}`] : [`--${k}`, String(values[k])],
  );
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1'};
  const phase = phaseTimer();
  if (requirePdf && !hasChromium) {
    console.error(
      `build: the PDF manuals are required (--require-pdf / REQUIRE_PDF=1) but ${CHROMIUM} is missing: npm run setup:system`,
    );
    process.exit(1);
  }
  if (!skipChecks) {
    const check = spawnSync('npx', ['--no-install', 'tsx', 'scripts/check-docs.ts'], {cwd: ROOT, stdio: 'inherit', env});
    if (check.status !== 0) {
      console.error('build: the docs check failed (see the file:line messages above); nothing was built');
      process.exit(1);
    }
    phase.done('checks');
  }
  // Cancellation: the first SIGINT/SIGTERM stops the running step; the build then fails and cleans up.
  let cancelled: NodeJS.Signals | null = null;
  let running: ReturnType<typeof spawn> | null = null;
  const cancel = (sig: NodeJS.Signals) => {
    if (cancelled) return;
    cancelled = sig;
    console.error(`build: ${sig}: cancelling`);
    if (running?.pid) {
      try {
        process.kill(-running.pid, 'SIGTERM'); // the step's whole process group (docusaurus and its workers)
      } catch {
        running.kill('SIGTERM');
      }
    }
  };
  process.on('SIGINT', () => cancel('SIGINT'));
  process.on('SIGTERM', () => cancel('SIGTERM'));
  const run = (cmd: string, cmdArgs: string[]) =>
    new Promise<boolean>((resolve) => {
      if (cancelled) return resolve(false);
      running = spawn(cmd, cmdArgs, {cwd: ROOT, stdio: 'inherit', env, detached: true});
      running.on('exit', (code) => {
        running = null;
        resolve(code === 0 && !cancelled);
      });
    });
  const build = async (tmp: string): Promise<boolean> => {
    if (!(await run('npx', ['--no-install', 'docusaurus', 'build', '--out-dir', tmp, ...rest]))) return false;
    phase.done('docusaurus');
    if (!pdf) console.log('build: no Chromium (or --no-pdf): the manuals are printable pages without PDF files');
    else {
      const {printManuals} = await import('./manuals-pdf'); // Playwright is loaded only when PDFs are made
      for (const m of await printManuals(tmp, {stop: () => cancelled !== null}))
        console.log(
          `build: manual ${m.key}.pdf: ${m.pages} pages, ${(m.bytes / 1024 / 1024).toFixed(1)} MB${m.cached ? ' (unchanged: from the cache)' : ''}`,
        );
      phase.done('pdf');
    }
    if (cancelled) return false;
    const {precompress} = await import('./precompress');
    const t = await precompress(tmp);
    phase.done('precompress');
    console.log(
      `build: precompressed ${t.files} files for nginx (gzip ${(t.gz / 1048576).toFixed(1)} MB, brotli ${(t.br / 1048576).toFixed(1)} MB)`,
    );
    const {readPrecache, describePrecache} = await import('./lib/precache');
    const precache = readPrecache(tmp);
    if (precache) console.log(`build: offline reading (sw.js) precaches ${describePrecache(precache)}`);
    return !cancelled;
  };
  atomicBuild(path.resolve(ROOT, outDir), build).then(
    (ok) => {
      if (cancelled) {
        console.error(`build: cancelled; ${outDir}/ was left as it was`);
        process.exit(cancelled === 'SIGINT' ? 130 : 143);
      }
      if (!ok) {
        console.error(`build: the Docusaurus build failed; ${outDir}/ was left as it was`);
        process.exit(1);
      }
      phase.total();
      console.log(`build: ${outDir}/ is complete`);
    },
    (err: Error) => {
      console.error(`build: ${cancelled ? 'cancelled' : err.message}; ${outDir}/ was left as it was`);
      process.exit(cancelled ? 143 : 1);
    },
  );
}
