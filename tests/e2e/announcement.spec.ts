import {test, expect} from '@playwright/test';
import {gotoHydrated} from './helpers';

const bar = (page: import('@playwright/test').Page) => page.getByRole('region', {name: '网站公告'});

test('the announcement bar shows until dismissed, and stays dismissed', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(bar(page)).toBeVisible();
  await expect(bar(page)).toContainText('Neptune v2.9 已发布');
  await bar(page).getByRole('button', {name: '关闭'}).click();
  await expect(bar(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe('neptune-v2-9');
  await page.reload();
  await expect(page.locator('[data-announcement-id]')).toHaveCount(0);
});

test('a dismissal of an older bar id does not hide the current bar', async ({page}) => {
  await page.addInitScript(() => {
    localStorage.setItem('docusaurus.announcement.id', 'neptune-v2-8');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
  });
  await gotoHydrated(page, '/');
  await expect(bar(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
});
