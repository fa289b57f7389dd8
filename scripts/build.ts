// `npm run build`: the writer checks first (file:line messages in a second), then the Docusaurus build into a temporary
// folder that replaces the output folder only when the build succeeded, with a completion marker that `serve` requires.
// A failed build leaves the previous good build (or nothing) in place: never a half-written site.
// Where Chromium is present (CI, deployment, `npm run setup:system`), the whole manuals are printed to PDF too
// (scripts/manuals-pdf.ts), unless --no-pdf.
// Usage: tsx scripts/build.ts [--out-dir build] [--skip-checks] [--no-pdf] [any further docusaurus build flags]
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../plugins/lib/docs-source';
import {CHROMIUM} from './lib/chromium';

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
  fs.writeFileSync(path.join(tmp, BUILD_MARKER), JSON.stringify({builtAt: new Date().toISOString()}) + '\n');
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

if (require.main === module) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--out-dir');
  const outDir = i >= 0 ? args.splice(i, 2)[1] : 'build';
  const skipChecks = args.includes('--skip-checks');
  const pdf = !args.includes('--no-pdf') && fs.existsSync(CHROMIUM);
  const rest = args.filter((a) => a !== '--skip-checks' && a !== '--no-pdf');
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1'};
  if (!skipChecks) {
    const check = spawnSync('npx', ['--no-install', 'tsx', 'scripts/check-docs.ts'], {cwd: ROOT, stdio: 'inherit', env});
    if (check.status !== 0) {
      console.error('build: the docs check failed (see the file:line messages above); nothing was built');
      process.exit(1);
    }
  }
  const build = async (tmp: string): Promise<boolean> => {
    const r = spawnSync('npx', ['--no-install', 'docusaurus', 'build', '--out-dir', tmp, ...rest], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
    if (r.status !== 0) return false;
    if (!pdf) {
      console.log('build: no Chromium (or --no-pdf): the manuals are printable pages without PDF files');
      return true;
    }
    const {printManuals} = await import('./manuals-pdf'); // Playwright is loaded only when PDFs are made
    for (const m of await printManuals(tmp))
      console.log(`build: manual ${m.key}.pdf: ${m.pages} pages, ${(m.bytes / 1024 / 1024).toFixed(1)} MB`);
    return true;
  };
  atomicBuild(path.resolve(ROOT, outDir), build).then(
    (ok) => {
      if (!ok) {
        console.error(`build: the Docusaurus build failed; ${outDir}/ was left as it was`);
        process.exit(1);
      }
      console.log(`build: ${outDir}/ is complete`);
    },
    (err: Error) => {
      console.error(`build: ${err.message}; ${outDir}/ was left as it was`);
      process.exit(1);
    },
  );
}
