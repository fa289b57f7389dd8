// Results kept between builds, keyed by the hash of everything they were made from: a Markdown page converted from its
// source, a manual assembled from its chapters' built pages, a built page's search records. Each kind lives in a folder
// of CACHE_DIR (plugins/lib/paths.ts: outside build/, so a clean output folder still reuses it; CI restores it).
// A whole build marks what it used; `prune()` then drops the rest, so a folder holds one build's entries.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {CACHE_DIR} from './paths';

/** SHA-256 (hex) of files' bytes (a missing file hashes as its name) and of JSON values. */
export function inputsHash(files: string[], ...values: unknown[]): string {
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(`\0${f}\0`).update(fs.existsSync(f) ? fs.readFileSync(f) : 'missing');
  for (const v of values) hash.update(`\0${JSON.stringify(v)}`);
  return hash.digest('hex');
}

export class BuildCache {
  readonly dir: string;
  private used = new Set<string>();
  hits = 0;
  misses = 0;

  /** `name`: the folder under CACHE_DIR; `root` for tests. */
  constructor(name: string, root = CACHE_DIR) {
    this.dir = path.join(root, name);
  }

  /** The file of `key`'s entry (`key`: a file name, hash and extension), or null when there is none. */
  path(key: string): string | null {
    this.used.add(key);
    const file = path.join(this.dir, key);
    if (!fs.existsSync(file)) {
      this.misses++;
      return null;
    }
    this.hits++;
    return file;
  }

  /** Whether `key` has an entry (without counting it as used, a hit or a miss). */
  has(key: string): boolean {
    return fs.existsSync(path.join(this.dir, key));
  }

  /** The entry of `key` as text, or null. */
  get(key: string): string | null {
    const file = this.path(key);
    return file === null ? null : fs.readFileSync(file, 'utf8');
  }

  /** Keep `data` under `key`, written whole (a rename), so a cancelled build leaves no half-written entry. */
  put(key: string, data: string | Buffer): void {
    this.used.add(key);
    fs.mkdirSync(this.dir, {recursive: true});
    const file = path.join(this.dir, key);
    fs.writeFileSync(`${file}.tmp-${process.pid}`, data);
    fs.renameSync(`${file}.tmp-${process.pid}`, file);
  }

  /** The entry of `key`, made by `make` (and kept) when missing. */
  through(key: string, make: () => string): string {
    const hit = this.get(key);
    if (hit !== null) return hit;
    const data = make();
    this.put(key, data);
    return data;
  }

  /** Drop the entries this build did not use. Call after a whole build only: a partial run does not know the rest. */
  prune(): void {
    if (!fs.existsSync(this.dir)) return;
    for (const f of fs.readdirSync(this.dir)) if (!this.used.has(f)) fs.rmSync(path.join(this.dir, f), {force: true});
  }
}
