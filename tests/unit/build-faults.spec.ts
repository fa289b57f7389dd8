// Fault tests of `npm run build` (scripts/build.ts): a build killed at any moment (SIGTERM, SIGKILL of its process group
// or of the build alone, under load) leaves no process behind, and the next build on the same caches completes; caches a
// build could not finish with (a bundler cache of `storage_meta` and empty folders, a truncated entry of ours) never
// stall or spoil the next build; a step that stops responding is stopped by the watchdog, which retries once.
// They build the small site of fixtures/tiny-site with the real pipeline, each test with cache folders of its own.
import {test, expect} from '@playwright/test';
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {ROOT} from '../../plugins/lib/paths';
import {tempDir} from '../tmp';

const TINY = path.join(ROOT, 'tests/unit/fixtures/tiny-site');
const STALL = path.join(ROOT, 'tests/unit/fixtures/faults/stall-docusaurus.cjs');

// Each test builds several times on a loaded machine (the other suites run beside it). One after another, in one worker:
// they build the same small site, whose generated files (.docusaurus/) are the site folder's.
test.describe.configure({mode: 'default', timeout: 300_000});

type Build = {child: ChildProcess; out: () => string; done: Promise<number | null>; onOutput: (f: () => void) => void};

/** `npm run build`'s script on the small site, in a process group of its own (as a CI runner starts a job). */
function build(cache: string, outDir: string, env: NodeJS.ProcessEnv = {}): Build {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--skip-checks', '--no-pdf', '--site-dir', TINY, '--out-dir', outDir],
    {cwd: ROOT, detached: true, env: {...process.env, DOCS_CACHE_DIR: cache, SITE_URL: 'https://docs.example.com', ...env}},
  );
  let out = '';
  const watchers: (() => void)[] = [];
  const add = (d: Buffer) => {
    out += d;
    for (const w of watchers) w();
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const done = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return {child, out: () => out, done, onOutput: (f) => watchers.push(f)};
}

/** Build to completion; returns its output (the test fails with it when the build does not complete). */
async function completes(cache: string, outDir: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const b = build(cache, outDir, env);
  const code = await b.done;
  expect(code, b.out()).toBe(0);
  expect(fs.existsSync(path.join(outDir, 'index.html'))).toBe(true);
  return b.out();
}

/** The live processes whose command line names `needle` (the build's own output folder is in each of its steps'). */
function processesNaming(needle: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(needle) && state !== 'Z') found.push(`${pid}: ${cmd.slice(0, 160)}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Kill the build when its output has `moment`, then check that nothing of it is left and the next build completes. */
async function killAt(moment: RegExp, kill: (b: Build) => void, load = false) {
  const dir = tempDir('build-fault-');
  const cache = path.join(dir, 'cache');
  const out = path.join(dir, 'out');
  await completes(cache, out); // warm caches, as a writer's or CI's
  const busy = load ? spawn(process.execPath, ['-e', 'for (;;) {}']) : null;
  try {
    const b = build(cache, out);
    // Killed the moment its output shows `moment` (from the output event itself, not a later poll: after the site is
    // written, the small site's build has only milliseconds left).
    let runningWhenKilled: boolean | null = null;
    b.onOutput(() => {
      if (runningWhenKilled !== null || !moment.test(b.out())) return;
      runningWhenKilled = b.child.exitCode === null && b.child.signalCode === null;
      if (runningWhenKilled) kill(b);
    });
    await b.done;
    expect(runningWhenKilled, b.out()).toBe(true);
    await expect.poll(() => processesNaming(out), {timeout: 20_000}).toEqual([]);
  } finally {
    busy?.kill('SIGKILL');
  }
  expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('故障测试'); // the previous build stayed
  const after = await completes(cache, out);
  // No temporary folder is left: the killed build's (SIGKILL) is swept by the next one.
  expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-') || f.includes('.old-'))).toEqual([]);
  return {after, cache};
}

const groupKill = (sig: NodeJS.Signals) => (b: Build) => process.kill(-b.child.pid!, sig);

test('SIGKILL to the build\'s process group while Docusaurus compiles: no step survives; the next build sets the caches aside and completes', async () => {
  const {after} = await killAt(/Creating an optimized production build/, groupKill('SIGKILL'));
  expect(after).toMatch(/build caches in \S+ were left by a build that did not finish \(pid \d+/);
  expect(after).toContain('this build runs cold');
});

test('SIGKILL to the build process alone (as an out-of-memory kill), under load: its steps die with it', async () => {
  const {after} = await killAt(/Creating an optimized production build/, (b) => process.kill(b.child.pid!, 'SIGKILL'), true);
  expect(after).toMatch(/were left by a build that did not finish/);
});

test('SIGTERM while Docusaurus compiles and after it wrote the site: cancelled, nothing left, the next build completes', async () => {
  for (const moment of [/Creating an optimized production build/, /Generated static files in/]) {
    const {after} = await killAt(moment, groupKill('SIGTERM'));
    expect(after).toMatch(/build\/? ?|complete/);
  }
});

test('a bundler cache of storage_meta and empty folders (what a killed build left) leads to a completed build', async () => {
  const dir = tempDir('build-fault-skeleton-');
  for (const withState of [false, true]) {
    const cache = path.join(dir, `cache-${withState}`);
    const version = path.join(cache, 'rspack', '527509023ef76388');
    for (const sub of ['meta', 'snapshot_file', 'snapshot_build', 'occasion_make_module_graph'])
      fs.mkdirSync(path.join(version, sub), {recursive: true});
    fs.writeFileSync(path.join(version, 'storage_meta'), '');
    if (withState)
      fs.writeFileSync(
        path.join(cache, 'state.json'),
        JSON.stringify({state: 'complete', pid: 1, started: '2026-11-27T00:00:00Z', ended: '2026-11-27T00:01:00Z'}),
      );
    const output = await completes(cache, path.join(dir, `out-${withState}`));
    expect(output).toContain(
      withState ? 'hold a bundler cache that cannot be trusted: its version folder 527509023ef76388 has no meta/scope_meta' : 'have no record of a build that finished with them',
    );
  }
});

test('a truncated entry in our own cache is made again: the build completes and its files are whole', async () => {
  const dir = tempDir('build-fault-cut-');
  const cache = path.join(dir, 'cache');
  const out = path.join(dir, 'out');
  await completes(cache, out);
  const entries = path.join(cache, 'steps', 'precompress');
  for (const f of fs.readdirSync(entries)) fs.writeFileSync(path.join(entries, f), Buffer.alloc(7)); // every entry cut
  const output = await completes(cache, out);
  expect(output).not.toContain('set aside'); // the bundler's cache of a finished build is trusted
  expect(output).not.toContain('unchanged from an earlier build');
  const gz = fs.readdirSync(path.join(out, 'assets/js')).filter((f) => f.endsWith('.js.gz'));
  expect(gz.length).toBeGreaterThan(0);
  for (const f of gz) {
    const source = path.join(out, 'assets/js', f.slice(0, -3));
    expect(zlib.gunzipSync(fs.readFileSync(path.join(out, 'assets/js', f)))).toEqual(fs.readFileSync(source));
  }
});

test('a step that stops responding is stopped by the watchdog with its name, and the build is tried once more on cold caches', async () => {
  const dir = tempDir('build-fault-stall-');
  const flag = path.join(dir, 'stalled-once');
  const env = {NODE_OPTIONS: `--require ${STALL}`, STALL_ONCE_FLAG: flag, BUILD_WATCHDOG_SECONDS: '4'};
  const output = await completes(path.join(dir, 'cache'), path.join(dir, 'out'), env);
  expect(fs.existsSync(flag)).toBe(true); // the first Docusaurus did stall
  expect(output).toMatch(/build: docusaurus made no progress for \d+ s \(no output, no CPU\) after ".+": stopped it/);
  expect(output).toContain('were in use when a step stalled: set aside');
  expect(output).toContain('build: trying once more, on cold caches');
});

test('a step that stalls again on cold caches ends the build with the watchdog\'s message, and nothing is left running', async () => {
  const dir = tempDir('build-fault-stall2-');
  const out = path.join(dir, 'out');
  const b = build(path.join(dir, 'cache'), out, {NODE_OPTIONS: `--require ${STALL}`, BUILD_WATCHDOG_SECONDS: '4'});
  expect(await b.done, b.out()).toBe(1);
  expect(b.out()).toMatch(/docusaurus made no progress for \d+ s .* \(again, on cold caches\): stopped it; \S+ was left as it was/);
  await expect.poll(() => processesNaming(out), {timeout: 20_000}).toEqual([]);
  expect(fs.existsSync(out)).toBe(false);
});
