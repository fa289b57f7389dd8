// Tabs: the default tab in the static HTML; a reader's choice spreads over the tab sets of its group, survives a reload
// and can be linked with the query string; the tab sets are hydrated in place, not rebuilt (src/theme/Tabs).
import {test, expect} from '@playwright/test';
import {gotoHydrated, trackConsole} from './helpers';

const PAGE = '/docs/neptune/api/device/list-devices';
const selected = (page: import('@playwright/test').Page) => page.locator('[role=tab][aria-selected=true]');

test('the default tab is selected in the static HTML and after hydration, without rebuilding the tab set', async ({page}) => {
  const {errors} = trackConsole(page);
  await page.goto(PAGE);
  await page.evaluate(() => {
    (window as unknown as {tabList: Element | null}).tabList = document.querySelector('[role=tablist]');
  });
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(selected(page)).toHaveText(['Node.js']);
  await expect(page.locator('[role=tabpanel]:visible')).toHaveCount(1);
  expect(
    await page.evaluate(
      () => (window as unknown as {tabList: Element | null}).tabList === document.querySelector('[role=tablist]'),
    ),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('a chosen tab is stored for its group and selected again after a reload', async ({page}) => {
  await gotoHydrated(page, PAGE);
  await page.getByRole('tab', {name: 'Python'}).click();
  await expect(selected(page)).toHaveText(['Python']);
  await expect(page.locator('[role=tabpanel]:visible')).toContainText('import');
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.code-language'))).toBe('python');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(selected(page)).toHaveText(['Python']);
  await expect(page.locator('[role=tabpanel]:visible')).toHaveCount(1);
  await expect(page.locator('[role=tabpanel]:visible')).not.toContainText('require(');
});

test('arrow keys move between tabs', async ({page}) => {
  await gotoHydrated(page, PAGE);
  await page.getByRole('tab', {name: 'Node.js'}).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', {name: 'Python'})).toBeFocused();
});
