import {test, expect} from '@playwright/test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {gotoHydrated} from './helpers';

const FILE = 'janus-stomp-tester-1.0.1.html';
const PAGE = '/docs/janus/api/device/download-websocket-stomp-tester';

test('the download page shows the real size and SHA-256 of the file, and the file downloads intact', async ({page}) => {
  const buf = fs.readFileSync(path.join(ROOT, 'static/downloads', FILE));
  const sha = crypto.createHash('sha256').update(buf).digest('hex');
  await gotoHydrated(page, PAGE);
  const card = page.locator(`[data-download="${FILE}"]`);
  await expect(card.locator('[data-sha256]')).toHaveText(sha);
  await expect(card.locator('[data-bytes]')).toHaveAttribute('data-bytes', String(buf.length));
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', {name: /下载/}).click()]);
  expect(download.suggestedFilename()).toBe(FILE);
  const saved = await download.path();
  expect(crypto.createHash('sha256').update(fs.readFileSync(saved!)).digest('hex')).toBe(sha);
});

// The API descriptions are published from openapi/ and asyncapi/ (plugins/downloads) and offered on the overview pages.
const API_DOWNLOADS: [string, string, string][] = [
  ['neptune-openapi.yaml', 'openapi/neptune.yaml', '/docs/neptune/api/introduction'],
  ['janus-openapi.yaml', 'openapi/janus.yaml', '/docs/janus/api/introduction'],
  ['neptune-mqtt-asyncapi.yaml', 'asyncapi/neptune-mqtt.yaml', '/docs/neptune/api/mqtt/overview'],
];
for (const [file, source, pagePath] of API_DOWNLOADS) {
  test(`${file}: served as an attachment, identical to ${source}, with its SHA-256 on ${pagePath}`, async ({page, request}) => {
    const sha = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(ROOT, source)))
      .digest('hex');
    const res = await request.get(`/downloads/${file}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toBe('attachment');
    expect(
      crypto
        .createHash('sha256')
        .update(await res.body())
        .digest('hex'),
    ).toBe(sha);
    await gotoHydrated(page, pagePath);
    await expect(page.locator(`[data-download="${file}"] [data-sha256]`)).toHaveText(sha);
  });
}
