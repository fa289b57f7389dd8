import {test, expect} from '@playwright/test';
import {hydrated, sitemapPaths, trackConsole} from './helpers';

// Every page of the built site (the sitemap), plus the pages the sitemap leaves out, with no console error.
test('no page of the built site logs a console error', async ({page}) => {
  test.setTimeout(600_000);
  const paths = [...(await sitemapPaths(page)), '/search', '/markdown-page', '/docs'];
  expect(paths.length).toBeGreaterThan(200);
  const failures: string[] = [];
  for (const path of paths) {
    const log = trackConsole(page);
    await page.goto(path, {waitUntil: 'load'});
    await hydrated(page);
    await page.waitForTimeout(50);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
    for (const e of log.errors) failures.push(`${path}: ${e}`);
  }
  expect(failures).toEqual([]);
});
