// `npm start` (scripts/start.ts): the dev server has no offline index, so search shows a development notice naming the
// command that builds one (never the network error); stopping the script by its process id stops the dev server too.
import {test, expect} from '@playwright/test';
import {spawn, type ChildProcess} from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';

const PORT = 4395;
let server: ChildProcess;

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(PORT, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/start.ts',
      '--port',
      String(PORT),
      '--host',
      '127.0.0.1',
      '--no-open',
    ],
    {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, BROWSER: 'none'}},
  );
  let log = '';
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/docs/neptune/user/introduction`).catch(() => null))?.status ?? 0, {
      timeout: 280_000,
      intervals: [2_000],
      message: `the dev server did not answer:\n${log.slice(-2000)}`,
    })
    .toBe(200);
  expect(log).not.toContain('Update available');
});

test('search under the dev server shows the development notice, not the network error', async ({page}) => {
  test.setTimeout(120_000);
  await page.goto(`http://127.0.0.1:${PORT}/docs/neptune/user/introduction`);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: 60_000});
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('MQTT');
  const notice = page.locator('[data-search-dev-notice]');
  await expect(notice).toBeVisible({timeout: 30_000});
  await expect(notice).toContainText('npm run build && npm run serve');
  await expect(page.getByText('无法获取结果')).toHaveCount(0);
});

test('SIGTERM to `npm start`’s script stops the dev server and frees its port', async () => {
  test.setTimeout(60_000);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await expect.poll(portOpen, {timeout: 20_000}).toBe(false);
});

test.afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});
