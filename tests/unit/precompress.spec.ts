// scripts/precompress.ts: `.gz` and `.br` beside the large text files, and its cache: a file compressed by an earlier
// build is taken from the cache (same bytes), a changed file is compressed again, and the cache keeps only what the last
// whole run used.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {newBuildRun} from '../../plugins/lib/build-cache';
import {precompress} from '../../scripts/precompress';
import {tempDir} from '../tmp';

function site(): string {
  const dir = tempDir('precompress-site-');
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'assets/js/main.js'), 'console.log("凌川");\n'.repeat(400));
  fs.writeFileSync(path.join(dir, 'llms.txt'), '# 凌川科技文档中心\n'.repeat(300));
  fs.writeFileSync(path.join(dir, 'small.css'), 'a{}'); // under 1 KB: left alone
  fs.writeFileSync(path.join(dir, 'index.html'), '<p>x</p>'.repeat(500)); // HTML: nginx compresses it
  return dir;
}

test('compressed once; unchanged files come from the cache with the same bytes; a changed file is compressed again', async () => {
  const cacheDir = tempDir('precompress-cache-');
  const first = site();
  const a = await precompress(first, {cacheDir});
  expect([a.files, a.cached]).toEqual([2, 0]);
  expect(zlib.gunzipSync(fs.readFileSync(path.join(first, 'llms.txt.gz'))).toString()).toBe(
    fs.readFileSync(path.join(first, 'llms.txt'), 'utf8'),
  );
  expect(fs.existsSync(path.join(first, 'small.css.gz')) || fs.existsSync(path.join(first, 'index.html.gz'))).toBe(false);

  newBuildRun(); // the next build
  const second = site();
  fs.appendFileSync(path.join(second, 'llms.txt'), '新的一行\n');
  const b = await precompress(second, {cacheDir});
  expect([b.files, b.cached]).toEqual([2, 1]);
  expect(fs.readFileSync(path.join(second, 'assets/js/main.js.br'))).toEqual(
    fs.readFileSync(path.join(first, 'assets/js/main.js.br')),
  );
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(second, 'llms.txt.br'))).toString()).toContain('新的一行');
  // Entries of the first llms.txt are gone: 2 files × (gz, br).
  expect(fs.readdirSync(cacheDir)).toHaveLength(4);
});

test('exclude and only: a file left out of the whole run is compressed by itself afterwards', async () => {
  const dir = site();
  const t = await precompress(dir, {cacheDir: null, exclude: (rel) => rel === 'llms.txt'});
  expect(t.files).toBe(1);
  expect(fs.existsSync(path.join(dir, 'llms.txt.gz'))).toBe(false);
  await precompress(dir, {cacheDir: null, only: ['llms.txt']});
  expect(fs.existsSync(path.join(dir, 'llms.txt.gz'))).toBe(true);
});

test('a compressed file taken from the cache (a hard link) is replaced, not written through, when its source changes', async () => {
  const cacheDir = tempDir('precompress-cache-');
  const dir = site();
  await precompress(dir, {cacheDir});
  const before = new Map(fs.readdirSync(cacheDir).map((f) => [f, fs.readFileSync(path.join(cacheDir, f))]));
  const again = site();
  await precompress(again, {cacheDir}); // every file from the cache
  fs.appendFileSync(path.join(again, 'llms.txt'), '新的一行\n');
  await precompress(again, {cacheDir, only: ['llms.txt']});
  expect(zlib.gunzipSync(fs.readFileSync(path.join(again, 'llms.txt.gz'))).toString()).toContain('新的一行');
  for (const [f, bytes] of before) expect(fs.readFileSync(path.join(cacheDir, f)), f).toEqual(bytes);
});

test("a cached file cut short is compressed again, and a build's own entries do not count as unchanged", async () => {
  const cacheDir = tempDir('precompress-cut-');
  newBuildRun();
  const first = site();
  await precompress(first, {cacheDir, only: ['llms.txt']}); // as the build compresses the search index first
  const whole = await precompress(first, {cacheDir});
  expect([whole.files, whole.cached]).toEqual([2, 0]); // llms.txt came from this build's own first pass
  newBuildRun();
  const entry = fs.readdirSync(cacheDir).find((f) => f.endsWith('.gz'))!;
  const cut = path.join(cacheDir, entry);
  fs.writeFileSync(cut, fs.readFileSync(cut).subarray(0, 10)); // truncated, as by a full disk
  const second = site();
  const again = await precompress(second, {cacheDir});
  expect([again.files, again.cached]).toEqual([2, 1]);
  for (const f of ['llms.txt', 'assets/js/main.js'])
    expect(zlib.gunzipSync(fs.readFileSync(path.join(second, `${f}.gz`))).toString()).toBe(
      fs.readFileSync(path.join(second, f), 'utf8'),
    );
});
