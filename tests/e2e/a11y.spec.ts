import {test, expect} from '@playwright/test';
import {axe, gotoHydrated} from './helpers';

// axe-core over the home, search and not-found pages and one page of each kind and area, in both colour modes, at desktop
// and mobile widths: no serious or critical violation. (CSP bypassed only so that axe's script can be injected.)
test.use({bypassCSP: true});

const PAGES = [
  '/',
  '/search?q=MQTT',
  '/no-such-page',
  '/markdown-page',
  '/docs/neptune/user/quick-start', // tutorial
  '/docs/neptune/user/concepts', // concept
  '/docs/neptune/user/device/register-device', // guide
  '/docs/neptune/api/device/get-device', // reference (REST)
  '/docs/neptune/api/mqtt/property-report', // reference (MQTT)
  '/docs/neptune/versions/v2.9', // release
  '/docs/neptune/user/faq', // faq
  '/docs/janus/api/device/download-websocket-stomp-tester', // download
  '/docs/janus/user/connection',
  '/docs/automation/quick_start/case-1',
  '/docs/lowcode/dev-HMI-app/recipe',
  '/docs/open-platform/janus-api/device/read-points',
  '/docs/triton/configuration',
  '/docs/apps/denture/denture-device-management',
];

for (const [mode, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['light', 390],
  ['dark', 390],
] as const) {
  test(`no serious or critical violations: ${mode} mode, ${width} px`, async ({page}) => {
    test.setTimeout(180_000);
    await page.setViewportSize({width, height: 900});
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const found: string[] = [];
    for (const url of PAGES) {
      await gotoHydrated(page, url);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      for (const v of await axe(page)) found.push(`${url}: ${v}`);
    }
    expect(found).toEqual([]);
  });
}

test('the gate catches a low-contrast colour', async ({page}) => {
  await gotoHydrated(page, '/docs/neptune/user/concepts');
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.id = 'low-contrast';
    p.textContent = '浅灰色文字放在白色背景上';
    p.style.cssText = 'color:#d0d0d0;background:#ffffff';
    document.querySelector('article .markdown')!.prepend(p);
  });
  expect((await axe(page, '#low-contrast')).join('\n')).toContain('color-contrast (serious)');
});
