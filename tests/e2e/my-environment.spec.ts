// 「我的环境」 (issue 41): the reader's own values in the samples of every product, shown and copied in every tab, reset
// to the examples, refused when they break a field's rule, applied in other tabs; derived blocks say what stays the
// example's; the static HTML keeps the examples; the page tools are one control beside the title.
import {test, expect, type Page, type BrowserContext} from '@playwright/test';
import {axe, gotoHydrated, trackConsole} from './helpers';

const MINE = {
  neptuneApiHost: 'iot.acme.cn',
  neptuneMqttHost: 'mqtt.acme.cn',
  productKey: 'a1B2c3D4e5F',
  deviceName: 'line7-press',
  accessKeyId: 'AKNEPACME000000001',
  janusHost: '10.8.0.5',
  janusAppKey: 'jk_acme42',
  janusDeviceId: 'plc-07',
  appId: 'com.acme.line-monitor',
};

/** Open the panel from the page tools, fill the given fields, save; the dialog says how many apply. */
async function fillPanel(page: Page, values: Record<string, string>) {
  await page.locator('[data-page-tools-button]').click();
  await page.locator('[data-my-environment]').click();
  const dialog = page.locator('[data-my-environment-panel]');
  await expect(dialog).toBeVisible();
  for (const [field, value] of Object.entries(values)) await dialog.locator(`input[name="${field}"]`).fill(value);
  await dialog.getByRole('button', {name: '保存'}).click();
  return dialog;
}

/** The text of every code block of the page, hidden tabs included. */
const blocks = (page: Page) => page.locator('article pre code').allTextContents();

/** What the copy button of the n-th visible code block puts on the clipboard. */
async function copied(page: Page, context: BrowserContext, block: ReturnType<Page['locator']>) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await block.hover();
  await block.locator('button[aria-label*="复制"], button[title="复制"]').first().click();
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('my environment', () => {
  test('values entered once appear in code on pages of every product, in every tab, and are copied', async ({page, context}) => {
    const log = trackConsole(page);
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const dialog = await fillPanel(page, MINE);
    await expect(dialog.locator('p[role="status"]')).toContainText('9 项生效');
    await dialog.getByRole('button', {name: '关闭'}).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-page-tools-button]')).toBeFocused();

    // Neptune REST: the curl line and its host, productKey, deviceName, AccessKeyId.
    const rest = (await blocks(page)).join('\n');
    expect(rest).toContain('https://iot.acme.cn/v2/devices/a1B2c3D4e5F/line7-press');
    expect(rest).toContain('X-Nep-AccessKey: AKNEPACME000000001');
    expect(rest).not.toContain('pk7Hc2xQm9A');
    // Copied as shown.
    const curl = page.locator('article .theme-code-block', {hasText: 'curl'}).first();
    expect(await copied(page, context, curl)).toContain('iot.acme.cn/v2/devices/a1B2c3D4e5F/line7-press');

    // Neptune MQTT: Topics in inline code and blocks; code groups in every tab (hidden ones too).
    await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
    const mqtt = await page.locator('article pre code', {hasText: 'mosquitto_sub'}).first().textContent();
    expect(mqtt).toContain("PRODUCT_KEY='a1B2c3D4e5F'");
    expect(mqtt).toContain('mqtt.acme.cn');
    expect(mqtt).not.toMatch(/pk7Hc2xQm9A|press-01\b/);
    // The worked example keeps its inputs with its results (front matter examples_fixed).
    await expect(
      page.locator('#password-example ~ div pre code', {hasText: 'deviceName=press-01&productKey=pk7Hc2xQm9A'}).first(),
    ).toBeVisible();
    await gotoHydrated(page, '/docs/neptune/api/mqtt/topics');
    await expect(page.locator('article code', {hasText: '$nep/a1B2c3D4e5F/line7-press/property/report'}).first()).toBeVisible();

    // Janus REST: gateway address, appKey, device id.
    await gotoHydrated(page, '/docs/janus/api/authentication');
    const janus = (await blocks(page)).join('\n');
    expect(janus).toContain('10.8.0.5:8600');
    expect(janus).toContain('jk_acme42');
    expect(janus).not.toContain('192.168.1.50');

    // Open platform: the app id and device id in the JS samples.
    await gotoHydrated(page, '/docs/open-platform/janus-api/device/read-points');
    const js = (await blocks(page)).join('\n');
    expect(js).toContain('plc-07');
    expect(js).not.toMatch(/\bdev-001\b/);
    expect(log.errors).toEqual([]);
  });

  test('the panel’s code is fetched when it is first opened, not before', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await page.locator('[data-page-tools-button]').click();
    await page.locator('[data-my-environment]').click();
    await expect(page.locator('[data-my-environment-panel]')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(before);
  });

  test('with storage refused, values hold for the page and the panel says so', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new DOMException('storage disabled by policy', 'SecurityError');
        },
        configurable: true,
      });
    });
    const log = trackConsole(page);
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const dialog = await fillPanel(page, {deviceName: MINE.deviceName});
    await expect(dialog.locator('p[role="status"]')).toContainText('只在本页有效');
    await dialog.getByRole('button', {name: '关闭'}).click();
    await expect(page.locator('article pre code', {hasText: 'curl'}).first()).toContainText('/pk7Hc2xQm9A/line7-press');
    expect(log.errors).toEqual([]);
  });

  test('every tab of a code group shows the values; reset restores the examples', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/api/device/invoke-service');
    await fillPanel(page, {productKey: MINE.productKey, deviceName: MINE.deviceName});
    await page.keyboard.press('Escape');
    const tabs = page.locator('article [role="tab"]');
    const n = await tabs.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) {
      await tabs.nth(i).click();
      const shown = await page.locator('article [role="tabpanel"]:not([hidden]) pre code').allTextContents();
      expect(shown.join('\n')).not.toMatch(/pk7Hc2xQm9A|press-01\b/);
    }
    await page.locator('[data-page-tools-button]').click();
    await page.locator('[data-my-environment]').click();
    await page.locator('[data-my-environment-panel]').getByRole('button', {name: '恢复示例值'}).click();
    await page.locator('[data-my-environment-panel]').getByRole('button', {name: '关闭'}).click();
    expect((await blocks(page)).join('\n')).toContain('pk7Hc2xQm9A');
    expect((await blocks(page)).join('\n')).not.toContain('a1B2c3D4e5F');
  });

  test('a value that breaks its field rule is refused with the rule and never substituted', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const dialog = await fillPanel(page, {productKey: 'pk 7Hc2xQm9', neptuneApiHost: 'iot.acme.cn/v2'});
    await expect(dialog.locator('p[role="status"]')).toContainText('未保存');
    await expect(dialog.locator('input[name="productKey"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText('11 个字母或数字');
    await expect(dialog).toContainText('不带 http://、端口和路径');
    // The first refused field in the panel's order takes the focus.
    await expect(dialog.locator('input[name="neptuneApiHost"]')).toBeFocused();
    await dialog.getByRole('button', {name: '关闭'}).click();
    expect(await page.evaluate(() => localStorage.getItem('lc.my-environment'))).toBeNull();
    expect((await blocks(page)).join('\n')).toContain('pk7Hc2xQm9A');
  });

  test('a value stored by hand that breaks its rule is ignored', async ({page}) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'lc.my-environment',
        JSON.stringify({version: 1, values: {productKey: 'no good', deviceName: 'line7-press'}}),
      ),
    );
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const text = (await blocks(page)).join('\n');
    expect(text).toContain('/pk7Hc2xQm9A/line7-press');
  });

  test('values apply in another open tab at once', async ({page, context}) => {
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const other = await context.newPage();
    await gotoHydrated(other, '/docs/neptune/api/mqtt/topics');
    await fillPanel(page, {deviceName: MINE.deviceName});
    await expect(other.locator('article code', {hasText: '$nep/pk7Hc2xQm9A/line7-press/property/report'}).first()).toBeVisible();
  });

  test('a derived block says its values are the example’s and links the tool', async ({page}) => {
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    const note = page.locator('[data-derived-note="signature"]').first();
    await expect(note).toBeVisible();
    await expect(note).not.toHaveAttribute('data-active', 'true');
    const box = await note.boundingBox();
    await fillPanel(page, {deviceName: MINE.deviceName});
    await page.keyboard.press('Escape');
    await expect(note).toHaveAttribute('data-active', 'true');
    // Same words in both states: the note does not move or grow.
    expect((await note.boundingBox())!.height).toBe(box!.height);
    await note.getByRole('link', {name: '签名计算工具'}).click();
    await expect(page.locator('article h1')).toHaveText('签名计算工具');
    await gotoHydrated(page, '/docs/neptune/user/connect/sdk-python');
    await expect(page.locator('[data-derived-note="mqtt"]').first().getByRole('link', {name: 'MQTT 连接参数计算'})).toBeVisible();
  });

  test('the static HTML keeps the examples, and hydration with values set logs nothing', async ({page}) => {
    await page.addInitScript((v) => localStorage.setItem('lc.my-environment', JSON.stringify({version: 1, values: v})), MINE);
    const html = await (await page.request.get('/docs/neptune/api/device/get-device')).text();
    expect(html).toContain('pk7Hc2xQm9A');
    expect(html).not.toContain('a1B2c3D4e5F');
    const log = trackConsole(page);
    await gotoHydrated(page, '/docs/neptune/api/device/get-device');
    await expect(page.locator('article pre code').first()).not.toContainText('pk7Hc2xQm9A');
    expect(log.errors).toEqual([]);
    // The Markdown export keeps the examples too.
    const md = await (await page.request.get('/docs/neptune/api/device/get-device.md')).text();
    expect(md).toContain('pk7Hc2xQm9A');
  });

  test('the page tools are one control beside the title, keyboard-operable', async ({page}) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({width, height: 860});
      await gotoHydrated(page, '/docs/neptune/user/introduction');
      const button = page.locator('[data-page-tools-button]');
      const title = page.locator('article h1');
      const b = (await button.boundingBox())!;
      const t = (await title.boundingBox())!;
      // One row of one button, beside (not above) the title's first line.
      expect(b.y).toBeGreaterThanOrEqual(t.y - b.height);
      expect(b.y).toBeLessThan(t.y + t.height);
      expect(b.x).toBeGreaterThan(t.x);
    }
    await button(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-my-environment]')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-my-environment]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-manual-entry]')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-my-environment]')).toBeHidden();
    await expect(button(page)).toBeFocused();
  });
});

test.describe('my environment, accessibility', () => {
  // axe is injected as a script: the site's CSP would refuse it.
  test.use({bypassCSP: true});
  for (const width of [390, 1280]) {
    test(`axe finds nothing serious with the menu and the panel open at ${width} px`, async ({page}) => {
      await page.setViewportSize({width, height: 860});
      await gotoHydrated(page, '/docs/neptune/api/mqtt/connect');
      await button(page).click();
      expect(await axe(page)).toEqual([]);
      await page.locator('[data-my-environment]').click();
      await expect(page.locator('[data-my-environment-panel]')).toBeVisible();
      expect(await axe(page, '[data-my-environment-panel]')).toEqual([]);
    });
  }
});

const button = (page: Page) => page.locator('[data-page-tools-button]');
