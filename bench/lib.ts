// Small helpers shared by the benchmark's steps, and the clean-up list run at the end.
import fs from 'node:fs';
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

export function walkHtml(dir: string): string[] {
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
export const htmlToRoute = (site: string, file: string) => {
  const r = '/' + path.relative(site, file).split(path.sep).join('/');
  return r.replace(/\/index\.html$/, '') || '/';
};

// Main
// ---------------------------------------------------------------------------------------------------------------------
export const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanup() {
  while (cleanups.length) await cleanups.pop()!();
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}
