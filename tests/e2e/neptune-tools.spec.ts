// The two Neptune tools (issue 41): computed in the reader's browser, they reproduce the documented vectors byte for
// byte, show every intermediate string, take the reader's values from 「我的环境」, and send and store nothing.
import {test, expect, type Page} from '@playwright/test';
import {axe, gotoHydrated, trackConsole} from './helpers';

const out = (page: Page, name: string) => page.locator(`[data-tool-output="${name}"]`);

test('the signature tool reproduces both test vectors and the worked example’s intermediate strings', async ({page}) => {
  const log = trackConsole(page);
  await gotoHydrated(page, '/docs/neptune/api/signature-tool');
  // Vector 1 is the starting input.
  await expect(out(page, 'signature')).toHaveText('hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM=');
  await expect(out(page, 'bodyHash')).toHaveText('e92294eea7dfc35152f1daf65ab1bc3eca0a985804fa6aa4f532ac624426a9b6');
  await expect(out(page, 'hmacHex')).toHaveText('8490446608e5569da1788719b2e24eb54b8ef06f22940fc5c7efb6845e719093');
  await expect(out(page, 'stringToSign')).toHaveText(
    'POST\n/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke\ntimeout=5000\n1735689600000\n3f8a2c1e9b7d4f06a5e1c2d3b4a59687\ne92294eea7dfc35152f1daf65ab1bc3eca0a985804fa6aa4f532ac624426a9b6',
  );
  await expect(out(page, 'curl')).toContainText("-H 'X-Nep-Signature: hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM='");
  await page.getByRole('button', {name: '填入向量 2：查询设备列表'}).click();
  await expect(out(page, 'canonicalQuery')).toHaveText('pageNo=1&pageSize=20&productKey=pk7Hc2xQm9A');
  await expect(out(page, 'bodyHash')).toHaveText('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  await expect(out(page, 'signature')).toHaveText('KtvMHOQ+ekJ3ZgnOfSf9Ym2xUiqMsBAyf4IVrFFVwrM=');
  // A reader's own input changes the result at once.
  await page.getByRole('textbox', {name: '查询字符串', exact: true}).fill('pageSize=20&productKey=pk7Hc2xQm9A&pageNo=1&q=a b');
  await expect(out(page, 'canonicalQuery')).toHaveText('pageNo=1&pageSize=20&productKey=pk7Hc2xQm9A&q=a%20b');
  await expect(out(page, 'signature')).not.toHaveText('KtvMHOQ+ekJ3ZgnOfSf9Ym2xUiqMsBAyf4IVrFFVwrM=');
  expect(log.errors).toEqual([]);
});

test('the MQTT tool reproduces the connect page’s example and uses the reader’s values', async ({page}) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'lc.my-environment',
      JSON.stringify({
        version: 1,
        values: {productKey: 'a1B2c3D4e5F', deviceName: 'line7-press', neptuneMqttHost: 'mqtt.acme.cn'},
      }),
    ),
  );
  await gotoHydrated(page, '/docs/neptune/api/mqtt/connect-tool');
  await expect(out(page, 'clientId')).toHaveText('pk7Hc2xQm9A.press-01');
  await expect(out(page, 'username')).toHaveText('press-01&pk7Hc2xQm9A&1735689600000');
  await expect(out(page, 'content')).toHaveText('deviceName=press-01&productKey=pk7Hc2xQm9A&timestamp=1735689600000');
  await expect(out(page, 'password')).toHaveText('fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2');
  await page.getByRole('button', {name: '填入我的环境'}).click();
  await expect(out(page, 'clientId')).toHaveText('a1B2c3D4e5F.line7-press');
  await expect(out(page, 'command')).toContainText('mosquitto_sub -h mqtt.acme.cn -p 8883');
  await expect(out(page, 'password')).not.toHaveText('fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2');
});

test('a secret typed into a tool is neither sent nor stored', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/api/signature-tool');
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`));
  const secret = 'nepSk00000000000000000000000000000000';
  await page.getByLabel('AccessKeySecret', {exact: true}).fill(secret);
  await page.getByRole('textbox', {name: '请求体', exact: true}).fill('{"params":{"rate":31}}');
  await expect(out(page, 'bodyHash')).not.toHaveText('e92294eea7dfc35152f1daf65ab1bc3eca0a985804fa6aa4f532ac624426a9b6');
  const stored = await page.evaluate(
    () => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage}) + document.cookie,
  );
  expect(stored).not.toContain(secret);
  expect(requests.filter((r) => r.includes(secret) || r.includes('rate'))).toEqual([]);
});

test('without Web Crypto each tool says why and links its own page’s by-hand method', async ({page}) => {
  // Browsers withhold crypto.subtle outside HTTPS and localhost (a docs site opened by IP on a factory network).
  await page.addInitScript(() => Object.defineProperty(globalThis.crypto, 'subtle', {get: () => undefined}));
  for (const [path, href] of [
    ['/docs/neptune/api/signature-tool', '/docs/neptune/api/signature-examples#command-line'],
    ['/docs/neptune/api/mqtt/connect-tool', '/docs/neptune/api/mqtt/connect#password-example'],
  ]) {
    await gotoHydrated(page, path);
    const alert = page.getByRole('alert').filter({hasText: 'Web Crypto'});
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link')).toHaveAttribute('href', href);
    // The target section exists (a renamed anchor would strand the reader).
    await alert.getByRole('link').click();
    await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toBeVisible();
  }
});

test.describe('tools, accessibility', () => {
  test.use({bypassCSP: true});
  for (const width of [390, 1280])
    for (const path of ['/docs/neptune/api/signature-tool', '/docs/neptune/api/mqtt/connect-tool'])
      test(`axe finds nothing serious on ${path} at ${width} px`, async ({page}) => {
        await page.setViewportSize({width, height: 860});
        await gotoHydrated(page, path);
        await expect(page.locator('[data-tool-output="clientId"], [data-tool-output="signature"]').first()).not.toHaveText('—');
        expect(await axe(page)).toEqual([]);
      });
});
