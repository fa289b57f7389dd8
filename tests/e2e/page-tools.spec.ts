// The page tools (「我的环境」, 「下载 PDF / 打印手册」, 「复制为 Markdown」, the Markdown source) are items of one compact
// button beside the title, 「本页工具 ▾」: at desktop, tablet and phone widths it takes one line beside the title's first
// line, the title starts that line, and the items open below it; keyboard: Enter opens, Tab walks the items, Esc closes
// and returns to the button.
import {test, expect} from '@playwright/test';
import {gotoHydrated, openPageTools} from './helpers';

const PAGE = '/docs/neptune/user/introduction';

for (const width of [1280, 996, 390]) {
  test(`at ${width} px the tools are one button beside the title's first line, and open below it`, async ({page}) => {
    await page.setViewportSize({width, height: 900});
    await gotoHydrated(page, PAGE);
    const button = page.locator('[data-page-tools-button]');
    await expect(button).toHaveText(/本页工具/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const box = await page.evaluate(() => {
      const h1 = document.querySelector('article h1')!;
      const b = document.querySelector('[data-page-tools-button]')!.getBoundingClientRect();
      const markdown = document.querySelector('article .markdown')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(h1);
      const first = range.getClientRects()[0];
      return {
        button: {top: b.top, bottom: b.bottom, left: b.left, right: b.right, height: b.height},
        first,
        left: markdown.left,
        right: markdown.right,
      };
    });
    // One line of one button, at the right edge, level with the title's first line (not a row of its own above it).
    expect(box.button.height).toBeLessThan(48);
    expect(Math.abs(box.button.right - box.right)).toBeLessThanOrEqual(2);
    expect(box.button.bottom).toBeGreaterThan(box.first.top);
    expect(box.button.top).toBeLessThan(box.first.bottom);
    // The title starts the line, at the article's left edge.
    expect(Math.abs(box.first.left - box.left)).toBeLessThanOrEqual(2);
    await openPageTools(page);
    const menu = page.getByRole('group', {name: '本页工具'});
    await expect(menu.locator('[data-my-environment]')).toHaveText(/我的环境/);
    await expect(menu.locator('[data-manual-entry="neptune"]')).toHaveText('下载 PDF / 打印手册');
    await expect(menu.locator('[data-copy-markdown]')).toHaveText('复制为 Markdown');
    await expect(menu.locator('[data-markdown-source]')).toHaveAttribute('href', `${PAGE}.md`);
    for (const item of await menu.locator('a, button').all()) {
      const r = (await item.boundingBox())!;
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(width);
    }
  });
}

test('the tools are reached by keyboard in order, and the copy item works from the keyboard', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, PAGE);
  const button = page.locator('[data-page-tools-button]');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  for (const item of ['[data-my-environment]', '[data-manual-entry]', '[data-copy-markdown]']) {
    await page.keyboard.press('Tab');
    await expect(page.locator(item)).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-copy-markdown]')).toHaveText('已复制');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-markdown-source]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  // A click elsewhere closes it too.
  await button.click();
  await page.locator('article p').first().click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});
