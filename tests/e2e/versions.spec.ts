// Versions from one source (issue 42): badges from docs-guide/versions.yaml are in the static HTML and the Markdown export;
// a reader who says they run an older Neptune and an older Janus sees, beside the badges of newer features, which version
// they need, and the product introduction lists what their version lacks; with the current versions nothing is marked.
// The upgrade-path pages list the breaking changes with their steps.
import {test, expect, type Page} from '@playwright/test';
import {axe, gotoHydrated, trackConsole} from './helpers';

async function chooseVersions(page: Page, versions: Record<string, string>) {
  await page.locator('[data-page-tools-button]').click();
  await page.locator('[data-my-environment]').click();
  const dialog = page.locator('[data-my-environment-panel]');
  for (const [product, version] of Object.entries(versions))
    await dialog.locator(`select[name="version:${product}"]`).selectOption(version);
  await dialog.getByRole('button', {name: '保存'}).click();
  await dialog.getByRole('button', {name: '关闭'}).click();
}

test('badges come from the registry, in the static HTML and the Markdown export', async ({page}) => {
  const html = await (await page.request.get('/docs/neptune/api/team/get-quota')).text();
  expect(html).toMatch(/data-version-badges[^>]*>.*v2\.7 起/);
  const md = await (await page.request.get('/docs/neptune/api/team/get-quota.md')).text();
  expect(md).toContain('（v2.7 起）');
  const ml = await (await page.request.get('/docs/open-platform/machine-learning.md')).text();
  expect(ml).toContain('Janus 2.4 起');
  // The whole manual (and so its PDF, printed from it) carries the badges as text.
  const manual = await (await page.request.get('/manuals/neptune/')).text();
  expect(manual).toMatch(/data-version-badges[^>]*><span[^>]*>v2\.7 起</);
});

test('an older Neptune and Janus: the sections they lack say so; the current versions: nothing is marked', async ({page}) => {
  const log = trackConsole(page);
  await gotoHydrated(page, '/docs/neptune/api/team/get-quota');
  await expect(page.locator('[data-needs]')).toHaveCount(0);
  await chooseVersions(page, {neptune: '2.6', janus: '2.2'});
  await expect(page.locator('[data-version-badges] [data-needs]').first()).toHaveText('：你的 Neptune v2.6 需要升级到 2.7');
  await gotoHydrated(page, '/docs/open-platform/machine-learning');
  await expect(page.locator('[data-product="janus"] [data-needs]').first()).toHaveText('：你的 Janus 2.2 需要升级到 2.4');
  // The introduction lists what the reader's Neptune lacks (v2.7, v2.8, v2.9 features), nothing older.
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  const gaps = page.locator('[data-version-gaps="neptune"]');
  await expect(gaps).toContainText('你的 Neptune v2.6 还没有下列');
  await expect(gaps.locator('li', {hasText: 'v2.7 起'}).first()).toBeVisible();
  await expect(gaps.locator('li', {hasText: 'v2.6 起'})).toHaveCount(0);
  // Back to the current versions: no badge says anything more.
  await chooseVersions(page, {neptune: '', janus: ''});
  await gotoHydrated(page, '/docs/neptune/api/team/get-quota');
  await expect(page.locator('[data-version-badges]').first()).toBeVisible();
  await expect(page.locator('[data-needs]')).toHaveCount(0);
  expect(log.errors).toEqual([]);
});

test('the upgrade paths list each version with its breaking changes and steps', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/versions/upgrade-path');
  await expect(page.locator('h2#to-2-7')).toHaveText(/升级到 Neptune v2\.7/);
  await expect(page.locator('h2#to-2-7 ~ ol').first()).toBeVisible();
  await gotoHydrated(page, '/docs/lowcode/upgrade-path');
  await expect(page.locator('h2#to-1-5')).toHaveText(/升级到 HMI 1\.5/);
  await gotoHydrated(page, '/docs/janus/user/upgrade-path');
  await expect(page.locator('h2#to-2-4')).toBeVisible();
});

test.describe('versions, accessibility', () => {
  test.use({bypassCSP: true});
  for (const width of [390, 1280])
    test(`axe finds nothing serious on badges, gaps and the upgrade path at ${width} px`, async ({page}) => {
      await page.setViewportSize({width, height: 860});
      await page.addInitScript(() =>
        localStorage.setItem('lc.my-environment', JSON.stringify({version: 1, values: {'version:neptune': '2.6'}})),
      );
      for (const path of [
        '/docs/neptune/api/team/get-quota',
        '/docs/neptune/user/introduction',
        '/docs/neptune/versions/upgrade-path',
      ]) {
        await gotoHydrated(page, path);
        expect(await axe(page), path).toEqual([]);
      }
    });
});
