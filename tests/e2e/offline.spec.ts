// Offline reading (@docusaurus/plugin-pwa): from the served build (nginx with our rules, on a copy of build/), a
// reader's browser installs the service worker in offline mode (?offlineMode=true, as an installed app or a tablet in
// standalone mode would), the network drops, and pages never visited still open (client-side and by full load) and
// search still answers. A second deployment shows the reload prompt, and a reload shows the new page.
import {test, expect, type BrowserContext, type Page} from '@playwright/test';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {startNginx, type RunningNginx} from '../../scripts/lib/nginx';
import {tempDir} from '../tmp';
import {hydrated, trackConsole} from './helpers';

const PORT = Number(process.env.E2E_PORT || 4173) + 40;
let site: string;
let nginx: RunningNginx;

test.describe.configure({mode: 'serial'});
test.setTimeout(120_000);

test.beforeAll(async () => {
  // A deployment of its own (hard links: instant, and the test rewrites files by replacing them, never in place).
  site = path.join(tempDir('lingchuan-offline-'), 'site');
  const cp = spawnSync('cp', ['-al', path.join(ROOT, 'build'), site]);
  if (cp.status !== 0) throw new Error(`cp -al build: ${cp.stderr}`);
  nginx = await startNginx({root: site, port: PORT});
});
test.afterAll(async () => nginx?.stop());

/** Opens the site in offline mode and waits until the service worker has precached the site and is active. */
async function install(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${nginx.origin}/?offlineMode=true`);
  await hydrated(page);
  // Registered after load when the browser is idle; active once every precached file is in the cache.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The page that registered it is not controlled yet: a reload is (as a reader's next visit would be).
  await page.reload();
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return page;
}

/** Replaces a file of the deployment (and drops its precompressed copies, which nginx would serve instead). */
function redeploy(file: string, edit: (text: string) => string): void {
  const full = path.join(site, file);
  const text = edit(fs.readFileSync(full, 'utf8'));
  for (const f of [full, `${full}.gz`, `${full}.br`]) fs.rmSync(f, {force: true});
  fs.writeFileSync(full, text);
}

test('with the network off, pages never visited open (client-side and full load) and search answers', async ({browser}) => {
  const context = await browser.newContext();
  const page = await install(context);
  const console_ = trackConsole(page);
  await context.setOffline(true);
  // 1. A full load of a page never opened, then a link the reader follows (client-side: its route's code from the cache).
  await page.goto(`${nginx.origin}/docs/triton/introduction`);
  await hydrated(page);
  await expect(page.locator('article h1')).toContainText('Triton');
  await page.locator('article a[href="/docs/triton/supported-protocols"]').first().click();
  await expect(page).toHaveURL(/\/docs\/triton\/supported-protocols$/);
  await expect(page.locator('article h1')).toBeVisible();
  // 2. More full loads of pages never opened.
  for (const p of ['/docs/janus/user/activation/offline-activation', '/docs/lowcode/dev-HMI-app/recipe']) {
    await page.goto(`${nginx.origin}${p}`);
    await hydrated(page);
    await expect(page.locator('article h1')).toBeVisible();
  }
  // 3. Search: the worker and every index file come from the cache.
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('断网以后数据还在吗');
  const first = page.locator('.DocSearch-Hit a').first();
  await expect(first).toBeVisible();
  await expect(page.locator('.DocSearch-ErrorScreen')).toBeHidden();
  const href = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[#?].*$/, '')}`));
  await expect(page.locator('article h1')).toBeVisible();
  expect(console_.errors).toEqual([]);
  await context.close();
});

test('with the network off, 「我的环境」 opens and applies, and both tools compute (issue 41)', async ({browser}) => {
  const context = await browser.newContext();
  const page = await install(context);
  const console_ = trackConsole(page);
  await context.setOffline(true);
  await page.goto(`${nginx.origin}/docs/neptune/api/device/get-device`);
  await hydrated(page);
  // The panel's code is its own chunk, fetched on first open: from the cache now.
  await page.locator('[data-page-tools-button]').click();
  await page.locator('[data-my-environment]').click();
  const dialog = page.locator('[data-my-environment-panel]');
  await dialog.locator('input[name="deviceName"]').fill('line7-press');
  await dialog.getByRole('button', {name: '保存'}).click();
  await dialog.getByRole('button', {name: '关闭'}).click();
  await expect(page.locator('article pre code', {hasText: 'curl'}).first()).toContainText('/pk7Hc2xQm9A/line7-press');
  await page.goto(`${nginx.origin}/docs/neptune/api/signature-tool`);
  await hydrated(page);
  await page.getByRole('button', {name: '填入向量 2：查询设备列表'}).click();
  await expect(page.locator('[data-tool-output="signature"]')).toHaveText('KtvMHOQ+ekJ3ZgnOfSf9Ym2xUiqMsBAyf4IVrFFVwrM=');
  await page.goto(`${nginx.origin}/docs/neptune/api/mqtt/connect-tool`);
  await hydrated(page);
  await expect(page.locator('[data-tool-output="password"]')).toHaveText(
    'fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2',
  );
  expect(console_.errors).toEqual([]);
  await context.close();
});

test('a new deployment shows the reload prompt in Chinese; reloading shows the new page', async ({browser}) => {
  const context = await browser.newContext();
  const page = await install(context);
  // Deploy: one page changes, and with it the service worker's precache list (its revision of that page). The change is
  // a tag in the page's head, outside React's tree (a change inside the article would be re-rendered away by the
  // unchanged JavaScript on hydration: this copy only rewrites the HTML).
  const marker = 'offline-redeploy-2';
  redeploy('docs/neptune/user/introduction/index.html', (html) =>
    // The minified pages omit </head>: a tag just before <body> is the head's last.
    html.replace('<body', `<meta name="lc-deployment" content="${marker}"><body`),
  );
  redeploy('sw.js', (sw) =>
    sw.replace(/("?revision"?:")([0-9a-f]+)("?,"?url"?:"docs\/neptune\/user\/introduction\/index\.html")/, '$1$2ff$3'),
  );
  expect(fs.readFileSync(path.join(site, 'docs/neptune/user/introduction/index.html'), 'utf8')).toContain(marker);
  expect(fs.readFileSync(path.join(site, 'sw.js'), 'utf8')).toMatch(/ff","url":"docs\/neptune\/user\/introduction\/index\.html"/);
  await page.goto(`${nginx.origin}/docs/neptune/user/introduction?offlineMode=true`);
  await hydrated(page);
  const popup = page.locator('#pwa-popup-container');
  await expect(popup).toContainText('文档已更新：刷新后阅读新版本', {timeout: 60_000});
  await popup.getByRole('button', {name: '刷新'}).click();
  await expect(page.locator('meta[name="lc-deployment"]')).toHaveAttribute('content', marker, {timeout: 30_000});
  await context.close();
});
