import {test, expect} from '@playwright/test';
import {gotoHydrated, trackConsole} from './helpers';

test('with browser storage unavailable the site works and only warns', async ({page}) => {
  await page.addInitScript(() => {
    const deny = () => {
      throw new DOMException('storage disabled by policy', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', {get: deny, configurable: true});
    Object.defineProperty(window, 'sessionStorage', {get: deny, configurable: true});
  });
  const log = trackConsole(page);
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', {name: /切换浅色\/暗黑模式/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('region', {name: '网站公告'}).getByRole('button', {name: '关闭'}).click();
  await page.locator('.theme-doc-sidebar-container a[href="/docs/neptune/user/quick-start"]').click();
  await expect(page.locator('article h1')).toHaveText('快速入门：5 分钟接入第一台设备');
  expect(log.errors).toEqual([]);
  expect(log.warnings.some((w) => /storage/i.test(w))).toBe(true);
});
