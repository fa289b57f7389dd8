// Benchmark step 3: first-load transfer sizes in Chromium, from nginx with the repository's rules.
import http from 'node:http';
import {startNginx as startSharedNginx} from '../scripts/lib/nginx';
import {CHROMIUM, CHROMIUM_FLAGS} from '../scripts/lib/chromium';
import {SEARCH_INDEX} from './options';
import {cleanups, fmtKB, log, sleep} from './lib';

// ---------------------------------------------------------------------------------------------------------------------
// nginx (the repository's rules, gzip only: the brotli module, when installed, is left out)
// ---------------------------------------------------------------------------------------------------------------------
export function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{status: number; headers: http.IncomingHttpHeaders}> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, {headers}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers}));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
  });
}

export async function startNginx(
  root: string,
  port: number,
  {csp = true}: {csp?: boolean} = {},
): Promise<{origin: string; stop: () => Promise<void>}> {
  // gzip only: the brotli module, when installed, is left out so that sizes compare with any static host.
  const nginx = await startSharedNginx({root, port, brotli: false, csp});
  cleanups.push(nginx.stop);
  return nginx;
}

// ---------------------------------------------------------------------------------------------------------------------
// 3. First-load transfer sizes (Playwright + Chromium)
// ---------------------------------------------------------------------------------------------------------------------
export type Kind = 'html' | 'js' | 'css' | 'font' | 'image' | 'prefetch' | 'searchIndex' | 'other';
export type Resource = {url: string; kind: Kind; type: string; status: number; encoding: string; body: number; headers: number};
export type Transfer = {
  /** Encoded (gzip) response bodies plus response headers, per kind; `firstLoad` = html + js + css + font. */
  bytes: Record<Kind, number>;
  bodyBytes: Record<Kind, number>;
  firstLoad: number;
  firstLoadBody: number;
  requests: number;
  uncompressed: string[];
  resources: Resource[];
};
export const FIRST_LOAD: Kind[] = ['html', 'js', 'css', 'font'];

export function classify(url: string, type: string): Kind {
  if (new URL(url).pathname.endsWith(`/${SEARCH_INDEX}`)) return 'searchIndex';
  switch (type) {
    case 'document':
      return 'html';
    case 'script':
      return 'js';
    case 'stylesheet':
      return 'css';
    case 'font':
      return 'font';
    case 'image':
    case 'media':
      return 'image';
    default:
      // <link rel="prefetch"> (Docusaurus prefetches the chunks of links in view) reports as "other".
      return /\.(js|css)(\?|$)/.test(url) ? 'prefetch' : 'other';
  }
}

export async function measureTransfer(origin: string, routes: string[]): Promise<Record<string, Transfer>> {
  const {chromium} = await import('playwright-core');
  const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_FLAGS});
  cleanups.push(() => browser.close().catch(() => {}));
  const out: Record<string, Transfer> = {};
  try {
    for (const route of routes) {
      // A new context per page: empty cache, first visit.
      const context = await browser.newContext({
        viewport: {width: 1280, height: 800},
        locale: 'zh-CN',
        extraHTTPHeaders: {'Accept-Encoding': 'gzip'},
      });
      const page = await context.newPage();
      const pending: Promise<Resource | null>[] = [];
      page.on('requestfinished', (req) => {
        pending.push(
          (async () => {
            const resp = await req.response();
            if (!resp) return null;
            const sizes = await req.sizes();
            const headers = await resp.allHeaders();
            // Served from the memory cache (e.g. a prefetch of a chunk already loaded): nothing crossed the network.
            const cached = sizes.responseBodySize < 0;
            return {
              url: req.url(),
              kind: classify(req.url(), req.resourceType()),
              type: req.resourceType(),
              status: resp.status(),
              encoding: headers['content-encoding'] ?? '',
              body: cached ? 0 : sizes.responseBodySize,
              headers: cached ? 0 : sizes.responseHeadersSize,
            } satisfies Resource;
          })().catch(() => null),
        );
      });
      const resp = await page.goto(origin + route, {waitUntil: 'load', timeout: 60_000});
      if (!resp || resp.status() !== 200) throw new Error(`${route}: HTTP ${resp?.status()}`);
      await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => {});
      await sleep(500);
      const fetched = (await Promise.all(pending)).filter((r): r is Resource => r !== null);
      await context.close();
      // One entry per URL: a chunk that a <link rel="prefetch"> fetched before the page's own <script> asked for it
      // (served from the cache the second time) is first-load JS all the same; the bytes are those that crossed the network.
      const rank: Kind[] = ['html', 'css', 'js', 'font', 'image', 'searchIndex', 'other', 'prefetch'];
      const byUrl = new Map<string, Resource>();
      for (const r of fetched) {
        const seen = byUrl.get(r.url);
        if (!seen) {
          byUrl.set(r.url, {...r});
          continue;
        }
        if (rank.indexOf(r.kind) < rank.indexOf(seen.kind)) Object.assign(seen, {kind: r.kind, type: r.type});
        if (r.body + r.headers > seen.body + seen.headers)
          Object.assign(seen, {body: r.body, headers: r.headers, encoding: r.encoding});
      }
      const resources = [...byUrl.values()];
      const zero = () => ({html: 0, js: 0, css: 0, font: 0, image: 0, prefetch: 0, searchIndex: 0, other: 0});
      const bytes: Record<Kind, number> = zero();
      const bodyBytes: Record<Kind, number> = zero();
      for (const r of resources) {
        bytes[r.kind] += r.body + r.headers;
        bodyBytes[r.kind] += r.body;
      }
      out[route] = {
        bytes,
        bodyBytes,
        firstLoad: FIRST_LOAD.reduce((s, k) => s + bytes[k], 0),
        firstLoadBody: FIRST_LOAD.reduce((s, k) => s + bodyBytes[k], 0),
        requests: resources.filter((r) => FIRST_LOAD.includes(r.kind)).length,
        // Text responses nginx sent uncompressed (gzip_min_length is 512 bytes; anything larger is worth a look).
        uncompressed: resources
          .filter((r) => r.kind !== 'image' && r.kind !== 'font' && !r.encoding && r.body >= 512)
          .map((r) => r.url),
        resources,
      };
      log(`transfer ${route.padEnd(44)} ${fmtKB(out[route].firstLoad).padStart(7)} KB gzip (${out[route].requests} requests)`);
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return out;
}
