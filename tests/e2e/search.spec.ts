import {test, expect, type Page, type Route} from '@playwright/test';
import {ALGOLIA_PORT} from '../../playwright.config';
import {gotoHydrated, hydrated} from './helpers';

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');

async function openBy(page: Page, how: 'click' | 'ctrl-k' | 'slash') {
  if (how === 'click') await page.locator('.navbar .DocSearch-Button').click();
  if (how === 'ctrl-k') await page.keyboard.press('Control+k');
  if (how === 'slash') await page.keyboard.press('/');
  await expect(modal(page)).toBeVisible();
}

test.describe('offline search (no Algolia credentials)', () => {
  test('opens by button, Ctrl+K and "/", not by Ctrl+F; Escape closes it', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    for (const how of ['click', 'ctrl-k', 'slash'] as const) {
      await openBy(page, how);
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toBeHidden();
    }
    await page.keyboard.press('Control+f');
    await page.waitForTimeout(300);
    await expect(modal(page)).toBeHidden();
  });

  test('the cancel button closes it on a small screen', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await page.getByRole('button', {name: '取消'}).click();
    await expect(modal(page)).toBeHidden();
  });

  test('the index is fetched on first use only, and no provider is contacted', async ({page}) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await expect(page.locator('link[rel="preconnect"]')).toHaveCount(0);
    expect(requests.filter((u) => u.includes('search-index'))).toEqual([]);
    await openBy(page, 'ctrl-k');
    await input(page).fill('设备影子');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(requests.filter((u) => u.includes('search-index'))).toHaveLength(1);
    expect(requests.filter((u) => !u.startsWith('http://127.0.0.1'))).toEqual([]);
  });

  test('Chinese query: hits grouped by page with highlighted terms; Enter opens the first hit', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('设备影子');
    const first = page.locator('.DocSearch-Hit').first();
    await expect(first).toBeVisible();
    expect(await page.locator('.DocSearch-Hit-source').count()).toBeGreaterThan(0);
    await expect(first.locator('mark').first()).toContainText(/设备|影子/);
    const href = await first.locator('a').getAttribute('href');
    expect(href).toMatch(/^\/docs\//);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(href!.split('#')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(modal(page)).toBeHidden();
  });

  test('identifiers are found whole and by part', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    for (const q of ['deviceSecret', '40101', '/api/v1/devices', 'property/report']) {
      await input(page).fill(q);
      await expect(page.locator('.DocSearch-Hit').first(), q).toBeVisible();
    }
  });

  test('"see all" opens the search page, which pages through results', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('MQTT');
    const seeAll = page.getByRole('link', {name: /查看全部 \d+ 个结果/});
    await expect(seeAll).toBeVisible();
    const total = Number((await seeAll.textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(20);
    await seeAll.click();
    await expect(page).toHaveURL(/\/search\?q=MQTT/);
    const items = page.locator('main article');
    await expect(items.first()).toBeVisible();
    const firstPage = await items.count();
    await page.mouse.wheel(0, 20000);
    await expect.poll(async () => items.count(), {timeout: 10_000}).toBeGreaterThan(firstPage);
    await expect(page.locator('main article .search-result-match, main article mark, main article em').first()).toBeVisible();
    await expect(page.locator('a[href="https://www.algolia.com/"]')).toBeHidden();
  });

  test('the search page works on a direct load', async ({page}) => {
    await gotoHydrated(page, '/search?q=%E8%AE%BE%E5%A4%87%E5%BD%B1%E5%AD%90');
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.locator('main article a').first()).toHaveAttribute('href', /^\/docs\//);
  });

  test('the search page hydrates in place and then applies ?q=, without errors', async ({page}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/search?q=${encodeURIComponent('设备影子')}`);
    // The static HTML's navbar, remembered before hydration, is still the page's navbar afterwards (not rebuilt).
    await page.evaluate(() => {
      (window as unknown as {navbar: Element | null}).navbar = document.querySelector('nav.navbar');
    });
    await hydrated(page);
    await expect(page.locator('.main-wrapper input[type="search"]')).toHaveValue('设备影子');
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page).toHaveTitle(/设备影子/);
    expect(
      await page.evaluate(() => (window as unknown as {navbar: Element | null}).navbar === document.querySelector('nav.navbar')),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('recent searches are kept, each with a favourite button', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('一机一密');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(modal(page)).toBeHidden();
    // The hit's page loads its chunks on demand (no prefetch of links in view): wait until it has rendered.
    await page.waitForURL((url) => url.pathname !== '/');
    await expect(page.locator('article h1').first()).toBeVisible();
    await hydrated(page);
    await openBy(page, 'click');
    const recent = page.locator('.DocSearch-Hit-source', {hasText: '最近搜索'});
    await expect(recent).toBeVisible();
    await expect(recent.locator('xpath=..').getByText('一机一密')).toBeVisible();
    // Each recent search offers to be kept as a favourite (DocSearch's own control; see the closing note of the issue).
    await expect(page.locator('.DocSearch-Hit-action-button[title="保存这个搜索"]').first()).toBeAttached();
  });

  test('no hits: the no-results screen with its texts', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('qzxvjk');
    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toContainText('没有结果：');
    await expect(screen).toContainText('认为这个查询应该有结果？');
    await expect(screen).toContainText('请告知我们。');
  });

  test('an index that cannot be fetched shows the error screen, in the modal and on the search page', async ({page, context}) => {
    // context.route: the index is fetched by the search worker, whose requests page.route does not see.
    await context.route('**/search-index.json*', (route) => route.abort('internetdisconnected'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('MQTT');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('无法获取结果');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('你可能需要检查网络连接。');
    await expect(page.locator('.DocSearch-NoResults')).toBeHidden();
    await gotoHydrated(page, '/search?q=MQTT');
    await expect(page.locator('[data-search-error]')).toContainText('无法获取结果');
    await expect(page.locator('[data-search-error]')).toContainText('你可能需要检查网络连接。');
    // The error alone: not also 「未找到任何结果」.
    await expect(page.getByText('未找到任何结果')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('an HTTP error from the server is not called a network problem, in the modal or on the search page', async ({
    page,
    context,
  }) => {
    await context.route('**/search-index.json*', (route) => route.fulfill({status: 503, body: 'busy'}));
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('MQTT');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('无法获取结果');
    await expect(screen).toContainText('服务器返回了错误');
    await expect(screen).not.toContainText('网络连接');
    await gotoHydrated(page, '/search?q=MQTT');
    const notice = page.locator('[data-search-error]');
    await expect(notice).toContainText('服务器返回了错误');
    await expect(notice).not.toContainText('网络连接');
    await expect(page.getByText('未找到任何结果')).toBeHidden();
  });

  test('a search whose files never answer shows the error screen after 10 s, not a spinner forever', async ({page, context}) => {
    // The index head answers, the files of the query stall (a dead link on the plant network).
    await context.route(/search-(post|dict|meta|text)-\d+\.json/, () => new Promise<void>(() => {}));
    await page.clock.install();
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('设备影子');
    await page.waitForTimeout(500);
    await expect(page.locator('.DocSearch-ErrorScreen')).toBeHidden();
    await page.clock.runFor(10_500);
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('无法获取结果');
  });

  test('a question in readers’ words gets answers, not 「无结果」', async ({page}) => {
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('断网以后数据还在吗');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const links = await page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.slice(0, 9).some((h) => h?.includes('/reconnect-and-offline-cache'))).toBe(true);
    await expect(page.locator('.DocSearch-NoResults')).toBeHidden();
  });

  test('with data saving on, nothing is fetched after the first hits; on a normal connection the warm-up fetches a few files', async ({
    browser,
  }) => {
    // Two fresh browsers, each waiting 8 s after the first hits: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const run = async (saveData: boolean) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (saveData)
        await page.addInitScript(() =>
          Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}, configurable: true}),
        );
      await gotoHydrated(page, '/docs/neptune/user/introduction');
      let shown = false;
      const after: string[] = [];
      context.on('requestfinished', (r) => {
        if (shown && /search-.*\.json/.test(r.url())) after.push(new URL(r.url()).pathname);
      });
      await openBy(page, 'click');
      await input(page).fill('设备影子');
      await page.locator('.DocSearch-Hit').first().waitFor();
      shown = true;
      // The warm-up waits for a pause in typing (1 s), then for the browser to be idle (at most 5 s).
      await page.waitForTimeout(8000);
      await context.close();
      return after;
    };
    expect(await run(true)).toEqual([]);
    const warmed = await run(false);
    expect(warmed.length).toBeGreaterThan(0);
    // Only what the next page of hits and the next keystroke need: a handful of small files, not the whole index.
    expect(warmed.length).toBeLessThanOrEqual(12);
    expect(warmed.every((f) => /search-(meta|text|dict)-\d+\.json$/.test(f))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Algolia mode: the build in build-algolia/ (ALGOLIA_APP_ID=TESTAPP123), with the provider answered by the test.
// ---------------------------------------------------------------------------------------------------------------------
const ALGOLIA = `http://127.0.0.1:${ALGOLIA_PORT}`;
const PROVIDER = /https:\/\/testapp123(-dsn\.algolia\.net|-\d\.algolianet\.com)\//i;

type SentRequest = {indexName: string; query?: string; params?: string | Record<string, unknown>} & Record<string, unknown>;

function hit(url: string, lvl1: string, content: string) {
  const hierarchy = {lvl0: 'Neptune', lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const hl = (v: string) => ({value: v, matchLevel: 'full', matchedWords: ['mqtt'], fullyHighlighted: false});
  return {
    objectID: url,
    url,
    type: 'content',
    content,
    hierarchy,
    _highlightResult: {
      hierarchy: {lvl0: hl('Neptune'), lvl1: hl(lvl1)},
      content: hl(content.replace('MQTT', '<mark>MQTT</mark>')),
    },
    _snippetResult: {content: {value: content.replace('MQTT', '<mark>MQTT</mark>'), matchLevel: 'full'}},
  };
}

async function answerProvider(
  page: Page,
  sent: SentRequest[],
  hits = [hit('https://docs.example.com/docs/neptune/api/mqtt/connect', '建立 MQTT 连接', '设备通过 MQTT 连接 Neptune')],
) {
  await page.route(PROVIDER, async (route: Route) => {
    const body = route.request().postDataJSON() as {requests: SentRequest[]};
    sent.push(...body.requests);
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {'access-control-allow-origin': '*'},
      body: JSON.stringify({
        results: body.requests.map((r) => ({
          hits,
          nbHits: hits.length,
          page: 0,
          nbPages: 1,
          hitsPerPage: 20,
          processingTimeMS: 1,
          exhaustiveNbHits: true,
          query: r.query ?? '',
          params: '',
          index: r.indexName,
          facets: {language: {'zh-Hans': hits.length}, docusaurus_tag: {'docs-default-current': hits.length}},
        })),
      }),
    });
  });
}

const facetFiltersOf = (r: SentRequest) => {
  if (r.facetFilters) return r.facetFilters;
  const params = typeof r.params === 'string' ? Object.fromEntries(new URLSearchParams(r.params)) : (r.params ?? {});
  const ff = (params as Record<string, unknown>).facetFilters;
  return typeof ff === 'string' ? JSON.parse(ff) : ff;
};

test.describe('Algolia mode', () => {
  test.use({baseURL: ALGOLIA});

  test('preconnects to the provider host of the configured application', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await expect(page.locator('link[rel="preconnect"][href="https://TESTAPP123-dsn.algolia.net"]')).toHaveCount(1);
  });

  test('sends the contextual filters and parameters, and shows the hits with their URLs rewritten', async ({page}) => {
    const sent: SentRequest[] = [];
    await answerProvider(page, sent);
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await openBy(page, 'ctrl-k');
    await input(page).fill('MQTT');
    const first = page.locator('.DocSearch-Hit').first();
    await expect(first).toBeVisible();
    const req = sent.at(-1)!;
    expect(req.indexName).toBe('lingchuan-docs');
    expect(req.query).toBe('MQTT');
    expect(JSON.stringify(facetFiltersOf(req))).toContain('language:zh-Hans');
    expect(JSON.stringify(facetFiltersOf(req))).toContain('docusaurus_tag:default');
    expect(JSON.stringify(req)).toContain('docs-site');
    await expect(first.locator('a')).toHaveAttribute('href', '/docs/neptune/api/mqtt/connect');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${ALGOLIA}/docs/neptune/api/mqtt/connect`);
    await expect(page.getByRole('link', {name: /查看全部/})).toHaveCount(0);
  });

  test('a result on an external host opens as a full page load', async ({page}) => {
    const sent: SentRequest[] = [];
    await answerProvider(page, sent, [hit('https://download.example.com/janus/2.4.0/', 'Janus 2.4.0 下载', 'Janus 安装包 MQTT')]);
    await page.route('https://download.example.com/**', (route) =>
      route.fulfill({status: 200, contentType: 'text/html', body: '<title>download</title><h1>downloads</h1>'}),
    );
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('Janus 安装包');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('https://download.example.com/janus/2.4.0/');
  });

  test('the search page queries the provider with the language and version filters', async ({page}) => {
    const sent: SentRequest[] = [];
    await answerProvider(page, sent);
    await gotoHydrated(page, '/search?q=MQTT');
    await expect(page.locator('main article').first()).toContainText('建立 MQTT 连接');
    expect(JSON.stringify(sent)).toContain('zh-Hans');
  });

  test('a failing network shows the error screen', async ({page}) => {
    await page.route(PROVIDER, (route) => route.abort('internetdisconnected'));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, '/');
    await openBy(page, 'click');
    await input(page).fill('MQTT');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('无法获取结果', {timeout: 15_000});
    expect(errors).toEqual([]);
  });
});
