// The search modal as a reader sees it: above the navbar and the announcement bar at every width and in both colour
// modes (elementFromPoint at its top edge and on the field returns the modal), and a footer that names no provider
// offline while Algolia mode keeps DocSearch's own.
import {test, expect, type Page} from '@playwright/test';
import {ALGOLIA_PORT} from '../../playwright.config';
import {gotoHydrated} from './helpers';

async function openModal(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
}

/** What is topmost at the modal's top centre and at the field's centre: both must be inside the modal. */
async function topmost(page: Page): Promise<{edge: boolean; field: boolean}> {
  return page.evaluate(() => {
    const modal = document.querySelector('.DocSearch-Modal')!;
    const input = document.querySelector('.DocSearch-Input')!;
    const m = modal.getBoundingClientRect();
    const f = input.getBoundingClientRect();
    const at = (x: number, y: number) => document.elementFromPoint(x, y);
    return {
      edge: modal.contains(at(m.left + m.width / 2, m.top + 2)),
      field:
        input === at(f.left + f.width / 2, f.top + f.height / 2) ||
        input.contains(at(f.left + f.width / 2, f.top + f.height / 2)),
    };
  });
}

for (const viewport of [
  {width: 1280, height: 800},
  {width: 390, height: 844},
]) {
  for (const theme of ['light', 'dark'] as const) {
    for (const bar of [true, false]) {
      test(`${viewport.width}px, ${theme}, ${bar ? 'with' : 'without'} the announcement bar: the whole modal is on top`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript(
          ({theme, bar}) => {
            localStorage.setItem('theme', theme);
            localStorage.setItem('docusaurus.announcement.id', 'neptune-v2-9');
            localStorage.setItem('docusaurus.announcement.dismiss', bar ? 'false' : 'true');
          },
          {theme, bar},
        );
        await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('.theme-announcement-bar')).toHaveCount(bar ? 1 : 0);
        await openModal(page);
        expect(await topmost(page)).toEqual({edge: true, field: true});
      });
    }
  }
}

test('offline: the modal footer names no provider and says search runs locally', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  await openModal(page);
  await expect(page.locator('[data-search-local]')).toContainText('离线搜索');
  await expect(page.locator('.DocSearch-Logo')).toBeHidden();
  await expect(page.locator('.DocSearch-Footer')).not.toContainText(/algolia|搜索提供/i, {useInnerText: true});
});

test('Algolia mode keeps DocSearch’s footer with the provider', async ({page}) => {
  await gotoHydrated(page, `http://127.0.0.1:${ALGOLIA_PORT}/docs/neptune/user/introduction`);
  await openModal(page);
  await expect(page.locator('.DocSearch-Logo')).toBeVisible();
  await expect(page.locator('[data-search-local]')).toHaveCount(0);
});
