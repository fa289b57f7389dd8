// Tablets and phones (390, 768, 1024, 1280 px): reference tables keep every token whole (inline code, header cells,
// numbers never break across lines), a table that does not fit scrolls inside its named, focusable region and never
// the page; and the navbar fits from 996 to 1280 px with no label on two lines and the brand never cut.
import {test, expect, type Page} from '@playwright/test';
import {axe, gotoHydrated} from './helpers';

test.use({bypassCSP: true}); // only so that axe can be injected

// The reference pages with the widest tables.
const PAGES = [
  '/docs/janus/api/errors',
  '/docs/neptune/api/mqtt/connect',
  '/docs/janus/api/device/create',
  '/docs/neptune/user/limits',
  '/docs/automation/motion_parameter/axis-config',
  '/docs/open-platform/janus-api/device/write-points',
];
const WIDTHS = [390, 768, 1024, 1280];

/**
 * Texts laid out on more than one line: the tokens of the page's tables (header cells, inline code of up to 24
 * characters without spaces, numeric cells: 「10 / 01」 or 「cli / en / tId」), or the navbar's visible labels.
 */
async function multiLine(page: Page, what: 'table tokens' | 'navbar labels'): Promise<string[]> {
  return page.evaluate((what) => {
    // Lines of an element's text: its text boxes grouped by vertical position (Latin and CJK glyphs of one line may
    // sit a pixel or two apart; icons are not text).
    const lines = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
      }
      const half = parseFloat(getComputedStyle(el).fontSize) * 0.6;
      tops.sort((a, b) => a - b);
      return tops.filter((t, i) => i === 0 || t - tops[i - 1] > half).length;
    };
    const short = (el: Element) => (el.textContent ?? '').length <= 24 && !/\s/.test(el.textContent ?? '');
    const candidates =
      what === 'navbar labels'
        ? Array.from(document.querySelectorAll('.navbar__items .navbar__link')).filter((a) => (a as HTMLElement).offsetParent)
        : Array.from(document.querySelectorAll('.theme-doc-markdown table')).flatMap((table) => [
            ...Array.from(table.querySelectorAll('th')),
            ...Array.from(table.querySelectorAll('code')).filter(short),
            ...Array.from(table.querySelectorAll('td')).filter((td) => /^[-+]?\d[\d.,:]*$/.test((td.textContent ?? '').trim())),
          ]);
    return candidates.filter((el) => lines(el) > 1).map((el) => (el.textContent ?? '').trim());
  }, what);
}

for (const width of WIDTHS) {
  test(`${width} px: tables keep their tokens whole, scroll inside a named region, and the page never scrolls sideways`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({width, height: width < 700 ? 844 : 1024});
    for (const url of PAGES) {
      await gotoHydrated(page, url);
      expect(await multiLine(page, 'table tokens'), `${url} at ${width} px`).toEqual([]);
      const pageScroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(pageScroll, `${url} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      // Every table sits in a focusable region with a name.
      const regions = await page.locator('.theme-doc-markdown table').evaluateAll((ts) =>
        ts.map((t) => {
          const r = t.parentElement!;
          return {
            ok: r.classList.contains('table-scroll') && r.getAttribute('role') === 'region' && r.tabIndex === 0,
            name: r.getAttribute('aria-label') ?? '',
          };
        }),
      );
      expect(regions.length, url).toBeGreaterThan(0);
      for (const r of regions) {
        expect(r.ok, url).toBe(true);
        expect(r.name, url).toMatch(/表格/);
      }
    }
  });
}

test('a table wider than a phone scrolls inside its region, reached with the keyboard', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await gotoHydrated(page, '/docs/janus/api/errors');
  const region = page
    .locator('.table-scroll')
    .filter({has: page.locator('th', {hasText: 'HTTP 状态'})})
    .first();
  const sizes = await region.evaluate((r) => ({scroll: r.scrollWidth, client: r.clientWidth}));
  expect(sizes.scroll).toBeGreaterThan(sizes.client); // it does not fit: it scrolls…
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0); // …with the keyboard too
});

test('axe finds nothing serious on the table pages at 390 and 1024 px', async ({page}) => {
  test.setTimeout(90_000);
  for (const width of [390, 1024]) {
    await page.setViewportSize({width, height: 900});
    for (const url of PAGES.slice(0, 3)) {
      await gotoHydrated(page, url);
      expect(await axe(page), `${url} at ${width} px`).toEqual([]);
    }
  }
});

test('the navbar fits at every 16 px from 996 to 1280: no label on two lines, the brand never cut', async ({page}) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  for (let width = 996; width <= 1280; width += 16) {
    await page.setViewportSize({width, height: 800});
    const state = await page.evaluate(() => {
      const title = document.querySelector('.navbar__brand .navbar__title') as HTMLElement | null;
      const brand = document.querySelector('.navbar__brand') as HTMLElement;
      const titleShown = !!title && title.offsetParent !== null && getComputedStyle(title).clip !== 'rect(0px, 0px, 0px, 0px)';
      return {
        titleCut: titleShown ? title!.scrollWidth > title!.clientWidth + 1 : false,
        brandName: (brand.textContent ?? '') + (brand.querySelector('img')?.getAttribute('alt') ?? ''),
        navbarHeight: (document.querySelector('.navbar') as HTMLElement).offsetHeight,
      };
    });
    expect(await multiLine(page, 'navbar labels'), `labels on two lines at ${width} px`).toEqual([]);
    expect(state.titleCut, `brand title cut at ${width} px`).toBe(false);
    expect(state.brandName, `brand name at ${width} px`).toContain('凌川科技文档中心');
    expect(state.navbarHeight, `navbar height at ${width} px`).toBeLessThanOrEqual(64);
  }
});
