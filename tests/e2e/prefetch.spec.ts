// Prefetch on intent (src/prefetch/client.ts): links in view do not fetch their pages' chunks; a hover or touch on a
// link loads them before the click, and the click then opens the page without a full load.
import {test, expect} from '@playwright/test';
import {gotoHydrated, trackConsole} from './helpers';

test('links in view fetch nothing; hovering one loads its page, and following it stays in the app', async ({page}) => {
  const {errors} = trackConsole(page);
  let lastScriptAt = Date.now();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') lastScriptAt = Date.now();
  });
  await gotoHydrated(page, '/');
  // The image zoom's chunk arrives about a second after load (src/zoom); wait for 1.5 s without a new script after it.
  await page.waitForTimeout(1200);
  await expect.poll(() => Date.now() - lastScriptAt, {timeout: 15_000}).toBeGreaterThan(1500);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // Scroll the whole home page past the reader's eyes: every card link comes into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(800);
  expect(await page.locator('link[rel=prefetch]').count()).toBe(0);
  expect(scripts).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  const link = page.locator('main a[href="/docs/neptune/user/quick-start"]').first();
  await link.hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as {sameDocument: boolean}).sameDocument = true;
  });
  await link.click();
  await expect(page).toHaveURL('/docs/neptune/user/quick-start');
  await expect(page.locator('article h1')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
