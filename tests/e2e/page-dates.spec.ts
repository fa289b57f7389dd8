// 「最后更新」 from git and 「编辑此页」 from EDIT_URL: the offline build has no EDIT_URL, the Algolia-mode build has one
// (scripts/test.ts); neither appears on the home, search or not-found pages.
import {test, expect} from '@playwright/test';
import {execFileSync} from 'node:child_process';
import {ROOT} from '../../plugins/lib/paths';
import {gotoHydrated} from './helpers';
import {ALGOLIA_PORT} from '../../playwright.config';

const EDIT_URL = 'https://git.example.com/lingchuan/docs/edit/main/';
const PAGE = '/docs/neptune/user/quick-start';
const SOURCE = 'docs/neptune/user/quick-start.md';

test('a doc page shows 「最后更新」 with the date of its last commit', async ({page}) => {
  const ct = execFileSync('git', ['log', '-1', '--format=%ct', '--', SOURCE], {cwd: ROOT, encoding: 'utf8'}).trim();
  test.skip(!ct, `${SOURCE} has no commit in this checkout`);
  await gotoHydrated(page, PAGE);
  const updated = page.locator('.theme-last-updated');
  await expect(updated).toContainText('最后');
  const when = await updated.locator('time').getAttribute('datetime');
  expect(when!.slice(0, 10)).toBe(new Date(Number(ct) * 1000).toISOString().slice(0, 10));
  await expect(page.locator('a.theme-edit-this-page')).toHaveCount(0);
});

test('with EDIT_URL, 「编辑此页」 links the page’s source', async ({page}) => {
  await gotoHydrated(page, `http://127.0.0.1:${ALGOLIA_PORT}${PAGE}`);
  const edit = page.locator('a.theme-edit-this-page');
  await expect(edit).toHaveText(/编辑此页/);
  await expect(edit).toHaveAttribute('href', `${EDIT_URL}${SOURCE}`);
});

for (const [name, url] of [
  ['home', '/'],
  ['search', '/search'],
  ['not found', '/docs/no-such-page'],
]) {
  test(`no page date or edit link on the ${name} page (with EDIT_URL)`, async ({page}) => {
    await page.goto(`http://127.0.0.1:${ALGOLIA_PORT}${url}`);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.locator('.theme-last-updated')).toHaveCount(0);
    await expect(page.locator('a.theme-edit-this-page')).toHaveCount(0);
  });
}
