// `npm run build` never leaves a half-written site, `serve` refuses one, and stopping `serve` by its process id stops
// nginx and removes its temporary folder (no browser: files, processes and a port).
import {test, expect} from '@playwright/test';
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {BUILD_MARKER, atomicBuild, incompleteBuild} from '../../scripts/build';

const ROOT = path.resolve(__dirname, '../..');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'build-test-'));

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

test('SIGTERM to serve stops nginx, frees the port and removes the temporary config', async () => {
  test.setTimeout(30_000);
  const site = tmp();
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(site, '404.html'), 'nf');
  fs.writeFileSync(path.join(site, BUILD_MARKER), '{}');
  const port = 4392;
  // tsx directly (not npx), so that the pid we signal is serve's own process, as a user's `kill <pid>` would.
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/serve.ts', '--root', site, '--port', String(port)], {cwd: ROOT});
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await expect.poll(() => portOpen(port), {timeout: 15_000}).toBe(true);
  const dir = /temporary config (\S+)\)/.exec(out)?.[1];
  expect(dir).toBeTruthy();
  expect(fs.existsSync(dir!)).toBe(true);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  expect(await portOpen(port)).toBe(false);
  expect(fs.existsSync(dir!)).toBe(false);
});
