import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {BROTLI_MODULE} from '../../scripts/lib/nginx';
import {gotoHydrated, trackConsole} from './helpers';
import {ALGOLIA_PORT, PORT} from '../../playwright.config';

// The e2e server is Debian's nginx running deploy/nginx/lingchuan-docs.conf as is (scripts/serve.ts copies it byte for byte).
const mainJs = () =>
  '/assets/js/' + fs.readdirSync(path.join(ROOT, 'build/assets/js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));

test('HTML: 200, revalidated, with the security headers and a CSP without unsafe-eval', async ({request}) => {
  const res = await request.get('/docs/neptune/user/introduction');
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h['content-type']).toBe('text/html; charset=utf-8');
  expect(h['cache-control']).toBe('no-cache');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['content-security-policy']).toContain("default-src 'self'");
  expect(h['content-security-policy']).not.toContain('unsafe-eval');
  expect(h['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(h['server']).toBe('nginx');
});

test('clean URL, trailing slash, .html and /index.html forms serve the same page', async ({request}) => {
  const bodies = [];
  for (const url of [
    '/docs/janus/user/introduction',
    '/docs/janus/user/introduction/',
    '/docs/janus/user/introduction.html',
    '/docs/janus/user/introduction/index.html',
  ]) {
    const res = await request.get(url, {maxRedirects: 0});
    expect(res.status(), url).toBe(200);
    bodies.push(await res.text());
  }
  expect(new Set(bodies).size).toBe(1);
});

test("unknown paths get the site's not-found page with status 404", async ({request}) => {
  for (const url of ['/no/such/page', '/docs/neptune/nope.html', '/assets/js/missing.js']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.text(), url).toContain('找不到页面');
  }
});

test('hashed assets are cached for a year and compressed', async ({request}) => {
  const url = mainJs();
  const gz = await request.get(url, {headers: {'Accept-Encoding': 'gzip'}});
  expect(gz.status()).toBe(200);
  expect(gz.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(gz.headers()['content-encoding']).toBe('gzip');
  expect(gz.headers()['x-content-type-options']).toBe('nosniff');
  const html = await request.get('/', {headers: {'Accept-Encoding': 'gzip'}});
  expect(html.headers()['content-encoding']).toBe('gzip');
});

test('brotli where the module exists', async ({request}) => {
  test.skip(!fs.existsSync(BROTLI_MODULE), 'nginx brotli module not installed');
  const res = await request.get(mainJs(), {headers: {'Accept-Encoding': 'br'}});
  expect(res.headers()['content-encoding']).toBe('br');
});

test('pages work under the CSP with no console error', async ({page}) => {
  const log = trackConsole(page);
  for (const url of [
    '/',
    '/docs/neptune/api/mqtt/connect',
    '/search?q=MQTT',
    '/docs/janus/api/device/download-websocket-stomp-tester',
  ]) {
    await gotoHydrated(page, url);
  }
  await page.getByRole('button', {name: /切换浅色\/暗黑模式/}).click();
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  await page.keyboard.type('MQTT');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(log.errors).toEqual([]);
});

test('downloads are served as attachments, not run as pages of the site', async ({request}) => {
  const res = await request.get('/downloads/janus-stomp-tester-1.0.1.html');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toBe('attachment');
  expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
});

// --- Compression, refusals and headers on every answer (deploy/nginx) ---------------------------------------------

/** A raw HTTP answer (no decompression, any method): status, headers and the bytes on the wire. */
function raw(pathname: string, {method = 'GET', encoding = ''} = {}, port = PORT) {
  return new Promise<{status: number; headers: http.IncomingHttpHeaders; bytes: number}>((resolve, reject) => {
    const req = http.request(
      {host: '127.0.0.1', port, path: pathname, method, headers: encoding ? {'Accept-Encoding': encoding} : {}},
      (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, bytes}));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('Markdown, llms.txt and llms-full.txt are compressed like every text type', async () => {
  const md = fs.readdirSync(path.join(ROOT, 'build/docs/neptune/user')).find((f) => f.endsWith('.md'))!;
  for (const url of ['/llms-full.txt', '/llms.txt', `/docs/neptune/user/${md}`]) {
    const gz = await raw(url, {encoding: 'gzip'});
    expect(gz.status, url).toBe(200);
    expect(gz.headers['content-encoding'], url).toBe('gzip');
    expect(gz.headers['content-type'], url).toMatch(/^text\/(plain|markdown); charset=utf-8$/);
  }
});

test('the service worker and the web app manifest are always revalidated (a deployment reaches installed sites)', async () => {
  const sw = await raw('/sw.js');
  expect(sw.status).toBe(200);
  expect(sw.headers['cache-control']).toBe('no-cache');
  expect(sw.headers['content-type']).toMatch(/javascript/);
  const manifest = await raw('/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.headers['cache-control']).toBe('no-cache');
  expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(manifest.headers['content-security-policy']).toBeTruthy();
});

test('large static files are sent from the .gz/.br written at build time, not compressed per request', async () => {
  const file = mainJs();
  const gz = await raw(file, {encoding: 'gzip'});
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.bytes).toBe(fs.statSync(path.join(ROOT, 'build', `${file}.gz`)).size);
  const index = await raw('/search-index.json', {encoding: 'gzip'});
  expect(index.bytes).toBe(fs.statSync(path.join(ROOT, 'build/search-index.json.gz')).size);
  if (fs.existsSync(BROTLI_MODULE)) {
    const br = await raw('/llms-full.txt', {encoding: 'br'});
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes).toBe(fs.statSync(path.join(ROOT, 'build/llms-full.txt.br')).size);
  }
});

test('dot files are refused and /404 answers 404', async () => {
  expect((await raw('/.build-complete.json')).status).toBe(404);
  const nf = await raw('/404');
  expect(nf.status).toBe(404);
  expect(nf.headers['x-content-type-options']).toBe('nosniff');
});

/** A request written by hand on a socket (methods and malformed lines that HTTP clients refuse to send). */
function rawRequest(text: string): Promise<{status: number; head: string}> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.on('data', (d) => {
      data += d;
      const end = data.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve({status: Number(data.split(' ')[1]), head: data.slice(0, end).toLowerCase()});
      }
    });
    socket.on('error', reject);
  });
}

test('answers nginx makes itself (TRACE, CONNECT, a malformed request) carry the security headers', async () => {
  for (const text of [
    'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
  ]) {
    const res = await rawRequest(text);
    const what = text.split('\r\n')[0];
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.head, what).toContain('x-content-type-options: nosniff');
    expect(res.head, what).toContain("content-security-policy: default-src 'self'");
  }
});

test('the CSP allows Algolia only for a build that searches Algolia', async () => {
  const offline = await raw('/');
  expect(offline.headers['content-security-policy']).toContain("connect-src 'self';");
  expect(offline.headers['content-security-policy']).not.toContain('algolia');
  const algolia = await raw('/', {}, ALGOLIA_PORT);
  expect(algolia.headers['content-security-policy']).toContain(
    "connect-src 'self' https://*.algolia.net https://*.algolianet.com;",
  );
  expect(offline.headers['strict-transport-security']).toBeUndefined(); // plain HTTP: no HSTS
});

test('the manual pages have the site icon (no 404 in their console)', async ({request}) => {
  const html = await (await request.get('/manuals/lowcode/')).text();
  expect(html).toContain('<link rel="icon" href="/img/favicon.svg"');
});
