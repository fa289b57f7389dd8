import {test, expect} from '@playwright/test';
import {gotoHydrated} from './helpers';

test.describe('below the 996 px breakpoint', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the menu opens with the primary menu, locks page scroll and closes with its button', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link').first()).toBeHidden();
    await page.getByRole('button', {name: '切换导航栏'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator('.navbar-sidebar__item.menu').first()).toContainText('工业云平台及服务');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await sidebar.getByRole('button', {name: '关闭导航栏'}).click();
    await expect(sidebar).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('on a docs page the secondary menu shows the sidebar, with the back link to the main menu', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await page.getByRole('button', {name: '切换导航栏'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    const back = sidebar.getByRole('button', {name: '← 回到主菜单'});
    await expect(back).toBeVisible();
    await expect(sidebar.locator('.navbar-sidebar__item:nth-child(2)')).toContainText('用户指南');
    await back.click();
    await expect(sidebar.getByRole('link', {name: '边缘计算系统软件'})).toBeVisible();
    await sidebar.getByRole('link', {name: '边缘计算系统软件'}).click();
    await expect(page).toHaveURL('/docs/janus/user/introduction');
    await expect(sidebar).toBeHidden();
  });

  test('growing the window past the breakpoint closes the mobile menu', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await page.getByRole('button', {name: '切换导航栏'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  });

  test('back navigation closes the mobile menu', async ({page}) => {
    await gotoHydrated(page, '/');
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await page.getByRole('button', {name: '切换导航栏'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await page.goBack();
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
  });
});

test.describe('at and above the breakpoint', () => {
  test.use({viewport: {width: 997, height: 800}});

  test('desktop layout: navbar items and the docs sidebar, no menu button', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await expect(page.getByRole('button', {name: '切换导航栏'})).toBeHidden();
    await expect(page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link')).toHaveCount(4);
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  });

  test('sidebar categories collapse and expand', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    const toggle = page.locator('.theme-doc-sidebar-menu').getByRole('button', {name: '设备管理', exact: true}).first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
