import {test, expect} from '@playwright/test';
import {gotoHydrated} from './helpers';

const toggle = (page: import('@playwright/test').Page) => page.getByRole('button', {name: /切换浅色\/暗黑模式/});

test('light by default, even when the system prefers dark', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
});

test('the switch toggles light and dark and stores the choice under "theme"', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  await expect(toggle(page)).toHaveAttribute('aria-label', /当前为浅色模式/);
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await toggle(page).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a change in one tab is applied in another', async ({context}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await gotoHydrated(a, '/');
  await gotoHydrated(b, '/docs/janus/user/introduction');
  await toggle(a).click();
  await expect(a.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(b.locator('html')).toHaveAttribute('data-theme', 'dark');
  await toggle(b).click();
  await expect(a.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('code blocks use the Dracula theme in dark mode', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
  await toggle(page).click();
  const bg = await page
    .locator('.theme-code-block pre')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe('rgb(40, 42, 54)');
});
