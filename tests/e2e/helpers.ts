import {expect, type ConsoleMessage, type Page} from '@playwright/test';

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function trackConsole(page: Page): {errors: string[]; warnings: string[]} {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return {errors, warnings};
}

/** Wait until React has hydrated the server-rendered page (Docusaurus sets data-has-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** Every page route listed in the built sitemap, as paths. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const res = await page.request.get('/sitemap.xml');
  expect(res.ok()).toBeTruthy();
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Navigate inside the single-page app (a router push, as a click on an internal link does), not a full page load. */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** axe-core's serious and critical violations on the page (or inside `include`), one line each. */
export async function axe(page: Page, include?: string) {
  await page.addScriptTag({path: require.resolve('axe-core/axe.min.js')});
  return page.evaluate(async (sel) => {
    const w = window as unknown as {
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{violations: {id: string; impact: string; nodes: {target: string[]; failureSummary: string}[]}[]}>;
      };
    };
    const res = await w.axe.run(sel ? {include: [sel]} : document, {
      runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
      resultTypes: ['violations'],
    });
    return res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  }, include);
}

/** Opens 「本页工具 ▾」 (the page tools are items of that one menu button). */
export async function openPageTools(page: Page): Promise<void> {
  const button = page.locator('[data-page-tools-button]');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}
