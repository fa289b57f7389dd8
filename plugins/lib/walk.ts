// The one recursive directory walker: the docs sources, the built pages, the precompressed files, the benchmark's copies
// and the copy linter all list files through it.
import fs from 'node:fs';
import path from 'node:path';

export type WalkOptions = {
  /** Keep a file (its absolute path and its path relative to the walked folder, with forward slashes). */
  file?: (rel: string, abs: string) => boolean;
  /** Enter a sub-folder (same arguments); every folder by default. */
  dir?: (rel: string, abs: string) => boolean;
};

/** Every file under `root` that the filters keep, as absolute paths sorted by their relative path. A missing root is empty. */
export function walkFiles(root: string, {file = () => true, dir = () => true}: WalkOptions = {}): string[] {
  const out: {rel: string; abs: string}[] = [];
  const visit = (d: string, prefix: string) => {
    for (const e of fs.readdirSync(d, {withFileTypes: true})) {
      const abs = path.join(d, e.name);
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (dir(rel, abs)) visit(abs, rel);
      } else if (e.isFile() && file(rel, abs)) out.push({rel, abs});
    }
  };
  if (fs.existsSync(root)) visit(root, '');
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0)).map((f) => f.abs);
}
