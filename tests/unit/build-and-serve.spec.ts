// `npm run build` never leaves a half-written site, `serve` refuses one, and stopping `serve` by its process id stops
// nginx and removes its temporary folder (no browser: files, processes and a port).
import {test, expect} from '@playwright/test';
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {BUILD_MARKER, EXIT_WHEN_DONE, atomicBuild, incompleteBuild, sweepDeadBuilds} from '../../scripts/build';
import {sweepStale} from '../../scripts/lib/nginx';
import {tempDir} from '../tmp';
import {ROOT} from '../../plugins/lib/paths';

const tmp = () => tempDir('build-test-');

test('a failed build leaves the previous build in place and no temporary folder', async () => {
  const dir = tmp();
  const out = path.join(dir, 'build');
  fs.mkdirSync(out);
  fs.writeFileSync(path.join(out, 'index.html'), 'good');
  fs.writeFileSync(path.join(out, BUILD_MARKER), '{}');
  const ok = await atomicBuild(out, (t) => {
    fs.mkdirSync(t);
    fs.writeFileSync(path.join(t, 'half.html'), 'half-written');
    return false;
  });
  expect(ok).toBe(false);
  expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('good');
  expect(fs.readdirSync(dir)).toEqual(['build']);
  expect(incompleteBuild(out)).toBeNull();
});

test('a successful build replaces the output with its completion marker', async () => {
  const dir = tmp();
  const out = path.join(dir, 'build');
  expect(incompleteBuild(out)).toContain('does not exist');
  const ok = await atomicBuild(out, (t) => {
    fs.mkdirSync(t);
    fs.writeFileSync(path.join(t, 'index.html'), 'new');
    return true;
  });
  expect(ok).toBe(true);
  expect(fs.existsSync(path.join(out, BUILD_MARKER))).toBe(true);
  expect(fs.readdirSync(dir)).toEqual(['build']);
});

test("Docusaurus' process ends as soon as its work is done, with its exit code and all of its output", () => {
  const node = (script: string) =>
    spawnSync(process.execPath, ['--require', EXIT_WHEN_DONE, '-e', script], {encoding: 'utf8', maxBuffer: 4 << 20});
  // Its last lines and its exit code (set, as Docusaurus may, without calling exit) reach the build.
  const done = node(`process.stdout.write('x'.repeat(1 << 20)); setTimeout(() => { process.exitCode = 3; }, 20);`);
  expect(done.stdout.length).toBe(1 << 20);
  expect(done.status).toBe(3);
  expect(node('setTimeout(() => {}, 20)').status).toBe(0);
  // Once its event loop is empty, nothing more runs before it exits.
  const more = node(`process.once('beforeExit', () => setTimeout(() => console.log('more work'), 1)); console.log('done');`);
  expect(more.stdout).toBe('done\n');
  expect(more.status).toBe(0);
});

test('serve refuses a build folder without the completion marker, with a clear message', async () => {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, 'index.html'), 'half');
  const child = spawn('npx', ['--no-install', 'tsx', 'scripts/serve.ts', '--root', dir, '--port', '4391'], {cwd: ROOT});
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise((r) => child.on('exit', r));
  expect(code).toBe(1);
  expect(stderr).toContain(`${dir} is incomplete`);
  expect(stderr).toContain('npm run build');
});

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** A minimal servable build folder (the path may hold a space, as a user's folder can). */
function tinySite(name = 'site'): string {
  const site = path.join(tmp(), name);
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(site, '404.html'), 'nf');
  fs.writeFileSync(path.join(site, BUILD_MARKER), '{}');
  return site;
}
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const exited = (child: ReturnType<typeof spawn>) => new Promise<number | null>((r) => child.on('exit', (code) => r(code)));

/**
 * An environment whose temp folder is the test's own. Every nginx start sweeps the stale nginx folders of its temp
 * folder, and one started beside these tests (by the e2e suites) would otherwise remove a folder a test checks is still
 * there, or hide one a stopped serve left behind (CI saw the first once).
 */
function ownTmp(): {tmpDir: string; env: NodeJS.ProcessEnv} {
  const tmpDir = tempDir('serve-');
  return {tmpDir, env: {...process.env, TMPDIR: tmpDir}};
}

/** `scripts/serve.ts` run by tsx directly (not npx), so that the child's pid is serve's own, as a user's `kill <pid>`. */
function serve(...args: string[]) {
  const {tmpDir, env} = ownTmp();
  return {child: spawn(process.execPath, [TSX, 'scripts/serve.ts', ...args], {cwd: ROOT, env}), tmpDir};
}

test('SIGTERM to serve stops nginx, frees the port and removes the temporary config', async () => {
  test.setTimeout(30_000);
  const port = 4392;
  const {child, tmpDir} = serve('--root', tinySite(), '--port', String(port));
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await expect.poll(() => out, {timeout: 15_000}).toContain('temporary config');
  expect(await portOpen(port)).toBe(true);
  const dir = /temporary config (\S+)\)/.exec(out)?.[1];
  expect(dir).toBeTruthy();
  expect(path.dirname(dir!)).toBe(tmpDir);
  expect(fs.existsSync(dir!)).toBe(true);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  expect(await portOpen(port)).toBe(false);
  expect(fs.existsSync(dir!)).toBe(false);
});

test('`kill` on npm\'s pid (what `$!` gives after `npm run serve &`) stops nginx and removes its folder', async () => {
  test.setTimeout(40_000);
  const site = tinySite('my site'); // a space in the path: quoted in nginx's config
  const port = 4393;
  const {tmpDir, env} = ownTmp();
  const npm = spawn('npm', ['run', '--silent', 'serve', '--', '--root', site, '--port', String(port)], {cwd: ROOT, env});
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  await expect.poll(() => out, {timeout: 20_000}).toContain(`on http://127.0.0.1:${port}/`);
  const dir = /temporary config (\S+)\)/.exec(out)![1];
  expect(path.dirname(dir)).toBe(tmpDir);
  npm.kill('SIGTERM');
  await exited(npm);
  await expect.poll(() => portOpen(port), {timeout: 10_000}).toBe(false);
  await expect.poll(() => fs.existsSync(dir), {timeout: 5_000}).toBe(false);
});

test('serve killed outright (SIGKILL) takes nginx with it; the next serve sweeps its folder', async () => {
  // Generous: on a loaded two-core machine (the e2e tests run beside this one) tsx and nginx took over 20 s once.
  test.setTimeout(60_000);
  const site = tinySite();
  const port = 4394;
  const {child, tmpDir} = serve('--root', site, '--port', String(port));
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  for (let waited = 0; !out.includes('temporary config') && waited < 40_000; waited += 200)
    await new Promise((r) => setTimeout(r, 200));
  expect(out, `serve wrote no config line within 40 s; its stderr: ${err}`).toContain('temporary config');
  const dir = /temporary config (\S+)\)/.exec(out)![1];
  expect(path.dirname(dir)).toBe(tmpDir);
  // tsx runs serve in a child node process: kill that one, the process that spawned nginx.
  const inner = fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .find((p) => {
      try {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === child.pid;
      } catch {
        return false;
      }
    });
  process.kill(Number(inner ?? child.pid), 'SIGKILL');
  await expect.poll(() => portOpen(port), {timeout: 10_000}).toBe(false);
  child.kill('SIGKILL');
  expect(fs.existsSync(dir)).toBe(true); // nobody could clean up…
  sweepStale(tmpDir);
  expect(fs.existsSync(dir)).toBe(false); // …until the next start
});

test('a taken port is refused with the --port hint before anything claims success, and leaves no folder', async () => {
  const port = 4395;
  const server = net.createServer().listen(port, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const {child, tmpDir} = serve('--root', tinySite(), '--port', String(port));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    expect(await exited(child)).toBe(1);
    expect(err).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(err).toContain(`npm run serve -- --port ${port + 1}`);
    expect(out).not.toContain('serve:');
    expect(fs.readdirSync(tmpDir).filter((n) => n.startsWith('docs-nginx-'))).toEqual([]);
  } finally {
    server.close();
  }
});

test('--port and --root are validated; the last --port wins (npm run serve -- --port N)', async () => {
  const run = async (...args: string[]) => {
    const {child} = serve(...args);
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    return {code: await exited(child), err};
  };
  const bad = await run('--root', tinySite(), '--port', 'abc');
  expect(bad.code).toBe(1);
  expect(bad.err).toContain('--port must be a whole number from 1 to 65535, not "abc"');
  const site = path.join(tmp(), 'a$b');
  fs.cpSync(tinySite(), site, {recursive: true});
  const dollar = await run('--root', site, '--port', '4396');
  expect(dollar.code).toBe(1);
  expect(dollar.err).toContain('nginx cannot take');
  const taken = net.createServer().listen(4398, '127.0.0.1');
  await new Promise((r) => taken.once('listening', r));
  try {
    const last = await run('--root', tinySite(), '--port', '4397', '--port', '4398');
    expect(last.err).toContain('port 4398'); // the second --port was used
  } finally {
    taken.close();
  }
});
// Cancelling and killing real builds: tests/unit/build-faults.spec.ts (on a small site, with caches of its own).

test("Docusaurus' advice to delete babel.config.js is dropped; every other warning is kept", () => {
  const keep = path.join(ROOT, 'scripts/lib/keep-babel-config.cjs');
  const advice = '- Your site is using the SWC js loader. You can safely remove the Babel config file at babel.config.js.';
  const run = (script: string) =>
    spawnSync(process.execPath, ['--require', keep, '-e', script], {encoding: 'utf8'}).stderr;
  expect(run(`console.warn('\\x1b[33m[WARNING] Docusaurus site warnings:\\n${advice}\\x1b[39m')`)).toBe('');
  expect(run(`console.warn('[WARNING] Docusaurus site warnings:\\n${advice}\\n- Another warning')`)).toBe(
    '[WARNING] Docusaurus site warnings:\n- Another warning\n',
  );
  expect(run(`console.warn('[WARNING] something else', 'two')`)).toBe('[WARNING] something else two\n');
});

test("the temporary folders of a build killed outright are swept by the next one; a live build's are kept", () => {
  const dir = tmp();
  const out = path.join(dir, 'build');
  // A pid no process can have (above the kernel's pid_max): a finished child's pid may be reused at once on a busy machine.
  const dead = Number(fs.readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1;
  for (const name of [`build.tmp-${dead}`, `build.old-${dead}`, `build.tmp-${process.pid}`, `build-other.tmp-${dead}`])
    fs.mkdirSync(path.join(dir, name));
  sweepDeadBuilds(out);
  expect(fs.readdirSync(dir).sort()).toEqual([`build-other.tmp-${dead}`, `build.tmp-${process.pid}`]);
});
