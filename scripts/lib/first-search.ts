// What a reader's first search costs on the wire: a fresh browser opens a docs page, waits until it is quiet, opens the
// search modal, types the query and waits for the first hits. Counted: every response from then on until the first hit
// shows (bodies as sent, i.e. gzip from nginx, and headers): the modal's code, the search worker, the index head and
// the files of the query and its hits. What the warm-up fetches afterwards is reported apart.
import {chromium} from '@playwright/test';
import {CHROMIUM, CHROMIUM_FLAGS} from './chromium';

export interface FirstSearch {
  query: string;
  /** Bytes until the first hit showed. */
  bytes: number;
  requests: number;
  /** Bytes fetched after the first hit within `settleMs` (the warm-up). */
  afterBytes: number;
  afterRequests: number;
}

export async function measureFirstSearch(
  origin: string,
  queries: string[],
  {page: route = '/docs/neptune/user/introduction', settleMs = 6000, saveData = false} = {},
): Promise<FirstSearch[]> {
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  const out: FirstSearch[] = [];
  try {
    for (const query of queries) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (saveData) {
        await page.addInitScript(() => {
          Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}, configurable: true});
        });
      }
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      await page.waitForLoadState('networkidle');
      let shown = false;
      const before: Promise<number>[] = [];
      const after: Promise<number>[] = [];
      context.on('requestfinished', (req) => {
        const size = req.sizes().then((s) => s.responseBodySize + s.responseHeadersSize);
        (shown ? after : before).push(size);
      });
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.locator('.DocSearch-Hit').first().waitFor({timeout: 30_000});
      shown = true;
      await page.waitForTimeout(settleMs);
      const sum = async (xs: Promise<number>[]) => (await Promise.all(xs)).reduce((a, b) => a + b, 0);
      out.push({
        query,
        bytes: await sum(before),
        requests: before.length,
        afterBytes: await sum(after),
        afterRequests: after.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
