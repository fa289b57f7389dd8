import {test, expect, type Page} from '@playwright/test';
import {gotoHydrated} from './helpers';
import {readPlan} from '../../plugins/lib/docs-source';
import sidebars from '../../sidebars';

type Item = string | {type: string; label?: string; items?: Item[]};
const ids = (items: Item[]): string[] => items.flatMap((i) => (typeof i === 'string' ? [i] : ids(i.items ?? [])));
const labels = (items: Item[]) => items.map((i) => (typeof i === 'string' ? i : i.label));
const sb = sidebars as unknown as Record<string, Item[]>;

/** Expand every category of the desktop sidebar and return its links in order. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const menu = page.locator('.theme-doc-sidebar-menu');
  for (;;) {
    const closed = menu.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return menu.locator('a.menu__link[href^="/docs/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(6)));
}

test("the Neptune sidebar is in the reader's order", () => {
  const userGuide = (sb.neptune[0] as {items: Item[]}).items;
  expect(labels(userGuide)).toEqual([
    'neptune/user/introduction',
    '基础概念',
    'neptune/user/quick-start',
    'neptune/user/end-to-end-tutorial',
    '控制台',
    '产品与物模型',
    '设备管理',
    '设备接入',
    '数据服务',
    '规则引擎',
    '告警',
    'OTA 升级',
    '运维',
    '团队',
    '最佳实践',
    'neptune/user/glossary',
    'neptune/user/faq',
  ]);
  expect(labels(sb.neptune)).toEqual(['用户指南', 'API 参考', '版本说明']);
  expect(labels((sb.neptune[1] as {items: Item[]}).items)).toEqual([
    '概览与认证',
    'MQTT 设备接入',
    '设备管理',
    '设备分组',
    '团队',
  ]);
  const versions = ids([sb.neptune[2]]);
  // The upgrade path first, then the release notes newest first.
  expect(versions[0]).toBe('neptune/versions/upgrade-path');
  expect(versions[1]).toBe('neptune/versions/v2.9');
  expect(versions.at(-1)).toBe('neptune/versions/v2');
});

test('the automation and lowcode sidebars follow their planned order', () => {
  expect(labels(sb.automation)).toEqual([
    'automation/work-flow-intro',
    'automation/doc-map',
    'automation/hardware_selection',
    '快速入门',
    '项目与流程管理',
    '运动参数',
    '多工站',
  ]);
  expect(labels(sb.lowcode)).toEqual([
    'lowcode/hmi',
    'lowcode/quick-start',
    '开发 HMI 应用',
    '部署与使用',
    'lowcode/release-notes',
    'lowcode/upgrade-path',
    'lowcode/video',
  ]);
  expect(labels(sb.janus)).toEqual(['用户指南', 'API 参考']);
});

for (const [name, start] of [
  ['neptune', '/docs/neptune/user/introduction'],
  ['janus', '/docs/janus/user/introduction'],
  ['automation', '/docs/automation/work-flow-intro'],
  ['lowcode', '/docs/lowcode/hmi'],
] as const) {
  test(`the ${name} sidebar shows every page of its plan, in the configured order`, async ({page}) => {
    await gotoHydrated(page, start);
    const shown = await sidebarLinks(page);
    expect(shown).toEqual(ids(sb[name]));
    expect([...shown].sort()).toEqual(
      readPlan()
        .filter((r) => r.sidebar === name)
        .map((r) => r.id)
        .sort(),
    );
  });
}
