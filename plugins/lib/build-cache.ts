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

/** The entries this process wrote (absolute paths): a hit on one of them is this build's own work, not an earlier one's. */
const writtenNow = new Set<string>();

/** Forget which entries this process wrote: a test that runs two builds in one process calls it between them. */
export function newBuildRun(): void {
  writtenNow.clear();
}

/**
 * A folder of entries, and beside it its ledger (`<name>.sums`: a line of key, size and SHA-256 for each entry, appended
 * when the entry is written). An entry is used only when it matches its line, so a truncated or damaged file (a full
 * disk, a copy cut short) is a miss that is made again, never a result read as valid.
 */
export class BuildCache {
  readonly dir: string;
  private readonly sumsFile: string;
  private sums: Map<string, string> | null = null;
  /** Entries found sound (or written) in this run. */
  private checked = new Set<string>();
  private used = new Set<string>();
  hits = 0;
  misses = 0;

  /** `name`: the folder under CACHE_DIR; `root` for tests. */
  constructor(name: string, root = CACHE_DIR) {
    this.dir = path.join(root, name);
    this.sumsFile = `${this.dir}.sums`;
  }

  private ledger(): Map<string, string> {
    if (this.sums) return this.sums;
    this.sums = new Map();
    let text = '';
    try {
      text = fs.readFileSync(this.sumsFile, 'utf8');
    } catch {
      // no ledger: every entry is unknown, so none is used
    }
    for (const line of text.split('\n')) {
      const [key, size, sha] = line.split('\t');
      if (key && /^\d+$/.test(size ?? '') && /^[0-9a-f]{64}$/.test(sha ?? '')) this.sums.set(key, `${size}\t${sha}`);
    }
    return this.sums;
  }

  private static sum(data: Buffer): string {
    return `${data.length}\t${crypto.createHash('sha256').update(data).digest('hex')}`;
  }

  /**
   * Whether the entry is sound: the file is there and matches its ledger line (its bytes, when they were read for it;
   * `true` for an entry checked or written earlier in this run, which is not hashed again). An unsound one is dropped.
   */
  private check(key: string): Buffer | true | null {
    const file = path.join(this.dir, key);
    if (!fs.existsSync(file)) return null;
    if (this.checked.has(key)) return true;
    const expected = this.ledger().get(key);
    const data = expected !== undefined && fs.statSync(file).size === Number(expected.split('\t')[0]) ? fs.readFileSync(file) : null;
    if (data && BuildCache.sum(data) === expected) {
      this.checked.add(key);
      return data;
    }
    fs.rmSync(file, {force: true});
    this.ledger().delete(key);
    return null;
  }

  /** The file of `key`'s entry (`key`: a file name, hash and extension), or null when there is none. */
  path(key: string): string | null {
    this.used.add(key);
    if (this.check(key) === null) {
      this.misses++;
      return null;
    }
    this.hits++;
    return path.join(this.dir, key);
  }

  /** Whether `key` has a sound entry (without counting it as used, a hit or a miss). */
  has(key: string): boolean {
    return this.check(key) !== null;
  }

  /** Whether `key`'s entry was written by this process (this build's own work rather than an earlier build's). */
  writtenByThisBuild(key: string): boolean {
    return writtenNow.has(path.join(this.dir, key));
  }

  /** The entry of `key` as text, or null. */
  get(key: string): string | null {
    this.used.add(key);
    const data = this.check(key);
    if (data === null) {
      this.misses++;
      return null;
    }
    this.hits++;
    return (data === true ? fs.readFileSync(path.join(this.dir, key)) : data).toString('utf8');
  }

  /** Keep `data` under `key`, written whole (a rename), so a cancelled build leaves no half-written entry. */
  put(key: string, data: string | Buffer): void {
    this.used.add(key);
    fs.mkdirSync(this.dir, {recursive: true});
    const file = path.join(this.dir, key);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    fs.writeFileSync(`${file}.tmp-${process.pid}`, bytes);
    fs.renameSync(`${file}.tmp-${process.pid}`, file);
    const sum = BuildCache.sum(bytes);
    this.ledger().set(key, sum);
    fs.appendFileSync(this.sumsFile, `${key}\t${sum}\n`);
    this.checked.add(key);
    writtenNow.add(file);
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
    const sums = this.ledger();
    const kept = [...sums].filter(([key]) => this.used.has(key) && fs.existsSync(path.join(this.dir, key)));
    fs.writeFileSync(`${this.sumsFile}.tmp-${process.pid}`, kept.map(([k, v]) => `${k}\t${v}\n`).join(''));
    fs.renameSync(`${this.sumsFile}.tmp-${process.pid}`, this.sumsFile);
    this.sums = new Map(kept);
  }
}
