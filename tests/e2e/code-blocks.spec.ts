// Code blocks: highlighted in the static HTML and kept through hydration without Prism; highlighted in the browser (Prism
// loaded on demand) when a block mounts after hydration: client-side navigation, dark mode. Copy and word wrap keep
// working on both kinds.
import {test, expect, type Page} from '@playwright/test';
import {clientNavigate, gotoHydrated, trackConsole} from './helpers';

const CODE_PAGE = '/docs/triton/dev/go/modbus-example';
const OTHER_CODE_PAGE = '/docs/neptune/api/device/list-devices';

/** Scripts the page requested, by file name. */
function scripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') names.push(new URL(r.url()).pathname.replace(/^.*\//, ''));
  });
  return names;
}

/** Whether a script the page loaded defines Prism's grammars (the highlighter's chunk). */
async function loadedPrism(page: Page, names: string[]): Promise<boolean> {
  for (const name of names) {
    const body = await (await page.request.get(`/assets/js/${name}`)).text();
    if (body.includes('before-tokenize')) return true;
  }
  return false;
}

const tokenCount = (page: Page) => page.locator('pre.prism-code .token').count();

test('a page opened directly keeps its highlighted blocks and never loads Prism', async ({page}) => {
  const {errors} = trackConsole(page);
  const names = scripts(page);
  await page.goto(CODE_PAGE);
  // The static HTML's first token, remembered before hydration, is still the node in the page afterwards.
  await page.evaluate(() => {
    (window as unknown as {firstToken: Element | null}).firstToken = document.querySelector('pre.prism-code .token');
  });
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(await tokenCount(page)).toBeGreaterThan(1000);
  expect(
    await page.evaluate(() => {
      const kept = (window as unknown as {firstToken: Element | null}).firstToken;
      return kept !== null && kept.isConnected && kept === document.querySelector('pre.prism-code .token');
    }),
  ).toBe(true);
  expect(await loadedPrism(page, names)).toBe(false);
  expect(errors).toEqual([]);
});

test('a page reached by client-side navigation is highlighted in the browser', async ({page}) => {
  const {errors} = trackConsole(page);
  const names = scripts(page);
  await gotoHydrated(page, '/docs/neptune/user/introduction');
  await clientNavigate(page, CODE_PAGE);
  await expect(page.locator('pre.prism-code').first()).toBeVisible();
  await expect.poll(() => tokenCount(page)).toBeGreaterThan(1000);
  expect(await loadedPrism(page, names)).toBe(true);
  // The same grammars as the build's: Go keywords and JSON properties are tokens.
  await expect(page.locator('pre.language-go .token.keyword').first()).toBeVisible();
  await clientNavigate(page, OTHER_CODE_PAGE);
  await expect(page.locator('pre.language-json .token.property').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('copy and word wrap work on a block kept from the static HTML', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, CODE_PAGE);
  const block = page.locator('.theme-code-block').first();
  await block.hover();
  await block.getByRole('button', {name: /复制/}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trimEnd()).toBe((await block.locator('pre code').innerText()).trimEnd());
  expect(copied.length).toBeGreaterThan(10);
  // The longest block overflows at a phone's width and offers word wrap, which wraps its <code>.
  await page.setViewportSize({width: 390, height: 844});
  const wrap = page.getByRole('button', {name: /切换自动换行/}).first();
  await expect(wrap).toBeVisible();
  await wrap.click();
  await expect(page.locator('pre.prism-code code[style*="pre-wrap"]').first()).toBeAttached();
});
