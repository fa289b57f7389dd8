// The page tools (「下载 PDF / 打印手册」, 「复制为 Markdown」, the Markdown source) sit in one labelled row above the title,
// so the title keeps the article's whole width at desktop, tablet and phone widths, and the tools are reachable by
// keyboard in reading order.
import {test, expect} from '@playwright/test';
import {gotoHydrated} from './helpers';

const PAGE = '/docs/neptune/user/introduction';

for (const width of [1280, 996, 390]) {
  test(`at ${width} px the tools are one labelled row above a title that keeps its width`, async ({page}) => {
    await page.setViewportSize({width, height: 900});
    await gotoHydrated(page, PAGE);
    const tools = page.getByRole('group', {name: '本页工具'});
    await expect(tools).toBeVisible();
    await expect(tools.locator('[data-manual-entry="neptune"]')).toHaveText('下载 PDF / 打印手册');
    await expect(tools.locator('[data-copy-markdown]')).toHaveText('复制为 Markdown');
    await expect(tools.locator('[data-markdown-source]')).toHaveText('Markdown 源文本');
    await expect(tools.locator('[data-markdown-source]')).toHaveAttribute('href', `${PAGE}.md`);
    const box = await page.evaluate(() => {
      const h1 = document.querySelector('article h1')!;
      const group = document.querySelector('[data-page-tools]')!;
      const markdown = document.querySelector('article .markdown')!;
      const r = h1.getBoundingClientRect();
      const g = group.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(h1).lineHeight);
      // The title's text on its own (a range over its text): how many lines it takes.
      const range = document.createRange();
      range.selectNodeContents(h1);
      const lines = new Set(Array.from(range.getClientRects()).map((x) => Math.round(x.top))).size;
      return {
        toolsBottom: g.bottom,
        titleTop: r.top,
        titleWidth: r.width,
        articleWidth: markdown.getBoundingClientRect().width,
        lineHeight,
        lines,
      };
    });
    // Above the title, not beside it: the title has the article's width.
    expect(box.toolsBottom).toBeLessThanOrEqual(box.titleTop + 1);
    expect(Math.abs(box.titleWidth - box.articleWidth)).toBeLessThanOrEqual(1);
    // 「Neptune 工业云平台简介」 fits one line on desktop and tablet once nothing sits beside it (a phone may wrap it by
    // its own width, never because of the tools).
    if (width >= 996) expect(box.lines).toBe(1);
  });
}

test('the tools are reached by keyboard in order, and the copy button works from the keyboard', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, PAGE);
  await page.locator('[data-manual-entry]').focus();
  await expect(page.locator('[data-manual-entry]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-copy-markdown]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-copy-markdown]')).toHaveText('已复制');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-markdown-source]')).toBeFocused();
});
