import {test, expect} from '@playwright/test';
import {gotoHydrated} from './helpers';
import {SIDEBARLESS} from '../../src/areas';
import {readPlan} from '../../plugins/lib/docs-source';

// Areas without a sidebar: from the entry page, the "next" links visit every page once, "previous" links lead back.
// From the area registry (src/areas.ts): key is the docs folder, label its short name.
const AREAS = SIDEBARLESS.map((a) => ({key: a.dir, entry: a.entry, label: a.short}));

for (const area of AREAS) {
  test(`${area.key}: every page is reached by the neighbour links, shows its place and no sidebar`, async ({page}) => {
    test.setTimeout(120_000);
    const planned = readPlan()
      .filter((r) => r.id.startsWith(`${area.key}/`))
      .map((r) => `/docs/${r.id}`);
    await gotoHydrated(page, area.entry);
    const visited = [page.url().replace(/^https?:\/\/[^/]+/, '')];
    for (;;) {
      await expect(page.locator('.theme-doc-sidebar-container')).toHaveCount(0);
      const crumbs = page.getByRole('navigation', {name: '页面路径'});
      await expect(crumbs).toContainText(area.label);
      const pager = page.locator(`[data-area-pager="${area.key}"]`);
      if (planned.length === 1) {
        await expect(pager).toHaveCount(0);
        break;
      }
      await expect(pager).toBeVisible();
      if (visited.length > 1) await expect(pager.locator('[data-rel="up"]')).toHaveAttribute('href', area.entry);
      const next = pager.locator('[data-rel="next"]');
      if ((await next.count()) === 0) break;
      const from = visited[visited.length - 1];
      // Enter on the focused link, as a keyboard user would: a mouse click right after scrolling could land beside the
      // link while long pages' blocks below the fold (content-visibility: auto) take their real size.
      await next.press('Enter');
      // The next page has rendered when its "previous" link leads back (its chunks load on the click: no prefetch).
      await expect(page.locator(`[data-area-pager="${area.key}"] [data-rel="prev"]`)).toHaveAttribute('href', from);
      await expect(page.locator('article h1')).toBeVisible();
      visited.push(new URL(page.url()).pathname);
      expect(visited.length).toBeLessThanOrEqual(planned.length);
    }
    expect([...visited].sort()).toEqual([...planned].sort());
    for (let i = visited.length - 1; i > 0; i--) {
      await page.locator(`[data-area-pager="${area.key}"] [data-rel="prev"]`).press('Enter');
      // The previous page's chunks load on the click (no prefetch); under two busy workers that once took over 7 s.
      await expect(page).toHaveURL(visited[i - 1], {timeout: 15_000});
      if (i > 1)
        await expect(page.locator(`[data-area-pager="${area.key}"] [data-rel="next"]`)).toHaveAttribute('href', visited[i]);
    }
  });
}

test('the entry pages list every page of their area, and the home page links into each area', async ({page}) => {
  for (const area of AREAS.slice(0, 2)) {
    await gotoHydrated(page, area.entry);
    const listed = await page
      .locator(`nav[data-area="${area.key}"] a`)
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const planned = readPlan()
      .filter((r) => r.id.startsWith(`${area.key}/`))
      .map((r) => `/docs/${r.id}`);
    expect([...listed].sort()).toEqual([...planned].sort());
  }
  await gotoHydrated(page, '/');
  for (const area of AREAS) await expect(page.locator(`main a[href="${area.entry}"]`).first()).toBeVisible();
});
