// Compress the large static files of a build once, at build time: `x.js` gets `x.js.gz` and `x.js.br` beside it, and
// nginx (gzip_static, brotli_static in deploy/nginx) sends those instead of compressing on every request. Files: the
// JavaScript and CSS bundles, the search index and its shards, llms.txt / llms-full.txt and the pages' Markdown, the
// sitemap; each of at least 1 KB, and kept only where compression saves something.
// A file whose bytes were compressed by an earlier build is not compressed again: the results are kept by content hash
// in CACHE_DIR/precompress (outside build/; CI caches it), and entries no build used are dropped.
// Usage: tsx scripts/precompress.ts [build-dir]   (scripts/build.ts runs it on every build)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';
import {BuildCache} from '../plugins/lib/build-cache';
import {CACHE_DIR} from '../plugins/lib/paths';
import {walkFiles} from '../plugins/lib/walk';
import {parseCli} from './lib/args';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export const PRECOMPRESSED = /\.(js|css|json|txt|md|xml|svg)$/;
const MIN_BYTES = 1024;

/** The files worth compressing: the matching types, not hidden ones (such as the build's completion marker). */
const files = (dir: string) =>
  walkFiles(dir, {file: (rel) => PRECOMPRESSED.test(rel) && !path.posix.basename(rel).startsWith('.')});

export const PRECOMPRESS_CACHE = path.join(CACHE_DIR, 'precompress');
/** Bump when the compression settings change. */
const SETTINGS = 'gzip9-br10-9@1m';

export type PrecompressOptions = {
  /** Leave out files (path relative to the build, forward slashes). */
  exclude?: (rel: string) => boolean;
  /** Compress only these files (relative paths), and keep the cache as it is. */
  only?: string[];
  /** null: no cache. */
  cacheDir?: string | null;
};

/** Write `.gz` and `.br` beside every matching file of `dir`; returns counts and bytes. */
export async function precompress(
  dir: string,
  {exclude = () => false, only, cacheDir = PRECOMPRESS_CACHE}: PrecompressOptions = {},
): Promise<{files: number; bytes: number; gz: number; br: number; cached: number}> {
  const rel = (f: string) => path.relative(dir, f).split(path.sep).join('/');
  const list = (only ? only.map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f)) : files(dir))
    .filter((f) => !exclude(rel(f)))
    .filter((f) => fs.statSync(f).size >= MIN_BYTES);
  const total = {files: 0, bytes: 0, gz: 0, br: 0, cached: 0};
  const cache = cacheDir ? new BuildCache(path.basename(cacheDir), path.dirname(cacheDir)) : null;
  /** A compressed file: its size, and how to put it beside its source. */
  type Compressed = {bytes: number; place: (target: string) => void; earlier?: boolean};
  /**
   * Put a compressed file in place as a new file (never through an existing one: it may be a link to the cache).
   * From the cache it is a hard link, one call instead of reading and writing the bytes (copied where links fail).
   */
  const placed = (target: string, from: Buffer | string) => {
    fs.rmSync(target, {force: true});
    if (typeof from !== 'string') return fs.writeFileSync(target, from);
    try {
      fs.linkSync(from, target);
    } catch {
      fs.copyFileSync(from, target);
    }
  };
  const fresh = (out: Buffer): Compressed => ({bytes: out.length, place: (t) => placed(t, out)});
  /** The compressed file from the cache (`hash`: the source's, with the settings), or compressed now (and kept there). */
  const compressed = async (hash: string, ext: 'gz' | 'br', make: () => Promise<Buffer>): Promise<Compressed> => {
    if (!cache) return fresh(await make());
    const key = `${hash}.${ext}`;
    const file = cache.path(key);
    // `earlier`: made by an earlier build (the index's files, compressed first in this build, are this build's work).
    if (file) return {bytes: fs.statSync(file).size, place: (t) => placed(t, file), earlier: !cache.writtenByThisBuild(key)};
    const out = await make();
    cache.put(key, out);
    return fresh(out);
  };
  // zlib runs on libuv's thread pool: a few files at a time use both cores without flooding memory.
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const file = list[next++];
      const data = fs.readFileSync(file);
      const hash = cache ? crypto.createHash('sha256').update(SETTINGS).update(data).digest('hex') : '';
      let made = false;
      const [gz, br] = await Promise.all([
        compressed(hash, 'gz', () => ((made = true), gzip(data, {level: 9}))),
        compressed(hash, 'br', () => {
          made = true;
          return brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              // Quality 10: on this site's 18 MB of such files it takes 8.1 s of CPU for 5.11 MB, where 11 (up to
              // 100 KB) and 9 (above) took 19.2 s for 5.13 MB. Above 1 MB (llms-full.txt, which changes with every
              // page), 9: 0.3 s instead of 1.6 s, for 562 KB instead of 530 KB.
              [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > 1024 * 1024 ? 9 : 10,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
        }),
      ]);
      if (gz.bytes < data.length) gz.place(`${file}.gz`);
      if (br.bytes < data.length) br.place(`${file}.br`);
      total.files++;
      if (!made && gz.earlier && br.earlier) total.cached++;
      total.bytes += data.length;
      total.gz += gz.bytes;
      total.br += br.bytes;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  // The cache keeps what this build used (a whole build only: a partial run does not know the rest).
  if (cache && !only) cache.prune();
  return total;
}

if (require.main === module) {
  const {positionals} = parseCli('precompress', {}, {positionals: 1, args: '[build-dir]'});
  const dir = path.resolve(positionals[0] || 'build');
  if (!fs.existsSync(dir)) {
    console.error(`precompress: ${dir} does not exist`);
    process.exit(2);
  }
  const started = Date.now();
  precompress(dir).then(
    (t) => {
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(
        `precompress: ${t.files} files, ${mb(t.bytes)} MB → gzip ${mb(t.gz)} MB, brotli ${mb(t.br)} MB (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    },
    (err: Error) => {
      console.error(`precompress: ${err.message}`);
      process.exit(1);
    },
  );
}
