// Small helpers shared by the benchmark's steps, and the clean-up list run at the end (or on SIGINT/SIGTERM, once an
// entry point has called installSignalCleanup: importing this module installs nothing).
import os from 'node:os';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------------
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const kb = (bytes: number) => bytes / 1024;
export const fmtKB = (bytes: number) => `${kb(bytes).toFixed(1)}`;
export const mark = (ok: boolean | null) => (ok === null ? ' ' : ok ? '✔' : '✘');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rel = (p: string) => path.relative(process.cwd(), p) || '.';
export const log = (s: string) => console.log(s);
/** The 1, 5 and 15 minute load averages, as printed at the start and the end of every benchmark. */
export const loadAverage = () => os.loadavg().map((x) => +x.toFixed(2));

/** `/docs/a/b/index.html` → `/docs/a/b`, `/index.html` → `/`. */
export const htmlToRoute = (site: string, file: string) => {
  const r = '/' + path.relative(site, file).split(path.sep).join('/');
  return r.replace(/\/index\.html$/, '') || '/';
};

// ---------------------------------------------------------------------------------------------------------------------
// Clean-up
// ---------------------------------------------------------------------------------------------------------------------
/** What to undo at the end, last registered first: servers, browsers, temporary folders, a changed page. */
export const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanup() {
  while (cleanups.length) await cleanups.pop()!();
}
/** Drop a clean-up that already ran (or is no longer needed). */
export function forget(fn: () => Promise<void> | void) {
  const i = cleanups.lastIndexOf(fn);
  if (i >= 0) cleanups.splice(i, 1);
}

/** SIGINT and SIGTERM run the clean-ups, then exit 130: called by each entry point's main. */
export function installSignalCleanup() {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      log(`bench: ${sig}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}
