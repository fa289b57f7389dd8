import {test, expect} from '@playwright/test';
import {gotoHydrated, hydrated} from './helpers';
import {PRODUCT_LINES} from '../../src/areas';

/** Another page of each product line, to check the navbar entry stays active there. */
const OTHER: Record<string, string> = {
  automation: '/docs/automation/doc-map',
  lowcode: '/docs/lowcode/quick-start',
  janus: '/docs/janus/api/introduction',
  neptune: '/docs/neptune/api/introduction',
};
// Labels and landing pages from the area registry (src/areas.ts), in navbar order.
const PRODUCTS = PRODUCT_LINES.map((a) => ({label: a.navLabel!, path: a.entry, other: OTHER[a.key]}));

test.describe('navbar', () => {
  test('four product entries on the left, in order, each opening its landing page', async ({page}) => {
    await gotoHydrated(page, '/');
    const left = page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link');
    await expect(left).toHaveText(PRODUCTS.map((p) => p.label));
    for (const p of PRODUCTS) {
      await page.locator('.navbar__items:not(.navbar__items--right)').getByRole('link', {name: p.label, exact: true}).click();
      await expect(page).toHaveURL(p.path);
      await expect(page.locator('article h1')).toBeVisible();
    }
  });

  test('an entry is active on every page of its area and only there', async ({page}) => {
    for (const p of PRODUCTS) {
      await gotoHydrated(page, p.other);
      const active = page.locator('.navbar__items:not(.navbar__items--right) a.navbar__link--active');
      await expect(active).toHaveCount(1);
      await expect(active).toHaveText(p.label);
    }
    await gotoHydrated(page, '/docs/triton/introduction');
    await expect(page.locator('.navbar a.navbar__link--active')).toHaveCount(0);
  });

  test('the colour switch, the language switcher and the search box are in the navbar', async ({page}) => {
    await gotoHydrated(page, '/');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.getByRole('button', {name: /切换浅色\/暗黑模式/})).toBeVisible();
    await expect(navbar.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText('简体中文');
    await expect(navbar.locator('.DocSearch-Button')).toBeVisible();
  });

  test('the language switcher keeps path, query and hash', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/quick-start?from=test#top');
    const link = page.locator('.navbar .dropdown__menu a', {hasText: '简体中文'});
    await expect(link).toHaveAttribute('href', '/docs/neptune/user/quick-start?from=test#top');
    await expect(link).toHaveAttribute('lang', 'zh-Hans');
  });
});

test.describe('routes', () => {
  test('/docs lands on the Neptune introduction on direct load', async ({page}) => {
    await page.goto('/docs');
    await expect(page).toHaveURL('/docs/neptune/user/introduction');
    await expect(page.locator('article h1')).toHaveText('Neptune 工业云平台简介');
  });

  test('/docs lands on the Neptune introduction on client navigation', async ({page}) => {
    await gotoHydrated(page, '/markdown-page');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL('/docs/neptune/user/introduction');
    await expect(page.locator('article h1')).toHaveText('Neptune 工业云平台简介');
  });

  test('paths ending in .html or index.html show the page without the suffix', async ({page}) => {
    for (const url of ['/docs/janus/user/introduction.html', '/docs/janus/user/introduction/index.html']) {
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      await hydrated(page);
      await expect(page.locator('article h1')).toHaveText('Janus 边缘计算系统简介');
      await expect(page.locator('.navbar a.navbar__link--active')).toHaveText('边缘计算系统软件');
    }
  });

  test('an unknown path shows the not-found page with status 404', async ({page}) => {
    const res = await page.goto('/docs/no-such-page');
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: '找不到页面'})).toBeVisible();
    await expect(page.getByText('请联系原始链接来源网站的所有者，并告知他们链接已损坏。')).toBeVisible();
  });

  test('/markdown-page is the about page and /search is the search page', async ({page}) => {
    await gotoHydrated(page, '/markdown-page');
    await expect(page.locator('h1')).toHaveText('关于本文档中心');
    await gotoHydrated(page, '/search?q=MQTT');
    await expect(page.locator('h1')).toContainText('MQTT');
  });
});

test.describe('docs layout', () => {
  test('breadcrumbs show the sidebar path of a page', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
    const crumbs = page.getByRole('navigation', {name: '页面路径'});
    await expect(crumbs).toBeVisible();
    await expect(crumbs.locator('.breadcrumbs__item')).toHaveText(['', 'API 参考', 'MQTT 设备接入', /连接/]);
  });

  test('the table of contents lists H2 and H3 headings and no deeper', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc).toBeVisible();
    const h2 = await page.locator('article .markdown h2').count();
    const h3 = await page.locator('article .markdown h3').count();
    expect(h2).toBeGreaterThan(1);
    await expect(toc.locator('a.table-of-contents__link')).toHaveCount(h2 + h3);
    const h4 = page.locator('article .markdown h4[id]');
    for (const id of await h4.evaluateAll((els) => els.map((e) => e.id))) {
      await expect(toc.locator(`a[href="#${id}"]`)).toHaveCount(0);
    }
  });

  test('the docs sidebar cannot be hidden', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
    await expect(page.getByRole('button', {name: '切换导航栏'})).toHaveCount(0);
    await expect(page.locator('button[title="收起侧边栏"]')).toHaveCount(0);
  });

  test('the footer has link columns, the logo and the copyright line', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    const footer = page.locator('footer.footer');
    await expect(footer.locator('.footer__title')).toHaveText(['产品文档', '开发与集成', '支持']);
    await expect(footer.locator('img.footer__logo')).toBeVisible();
    await expect(footer.locator('.footer__copyright')).toHaveText('版权所有 © 2008-2025 凌川科技有限公司');
  });

  test('a page with `footer: false` shows no footer', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/glossary');
    await expect(page.locator('footer.footer')).toBeHidden();
    await gotoHydrated(page, '/docs/neptune/user/faq');
    await expect(page.locator('footer.footer')).toBeVisible();
  });

  test('the skip link moves focus to the main content', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/user/introduction');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: '跳到主要内容'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    // The next Tab stop after skipping is inside the main content, past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest('nav.navbar, .theme-doc-sidebar-container'))).toBe(false);
  });
});
