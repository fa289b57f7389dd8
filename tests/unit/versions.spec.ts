// The version registry (docs-guide/versions.yaml) and what is made from it: the registry is checked (a broken one is
// reported at its lines), the pages' version statements are read from prose only and checked against it (a version that
// does not exist, a statement the registry does not hold), the real registry and pages pass, badges go after their
// headings, and the upgrade path lists breaking changes with their steps in order.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {listDocs} from '../../plugins/lib/docs-source';
import {compareVersions, readVersions, type ProductVersions} from '../../plugins/lib/versions';
import {badgesOf, insertBadges, upgradePathMarkdown} from '../../plugins/versions/mark';
import {
  checkApiSince,
  checkNotes,
  checkRegistry,
  checkStatements,
  checkVersions,
  statementsOf,
} from '../../scripts/lib/versions-gate';

const BROKEN = path.join(__dirname, 'fixtures/versions/broken.yaml');

test('versions compare by number', () => {
  expect(compareVersions('2.10', '2.9')).toBe(1);
  expect(compareVersions('2.2.0', '2.2')).toBe(0);
  expect(compareVersions('1.5', '1.6')).toBe(-1);
});

test('a broken registry is reported at its lines', () => {
  const products = readVersions(BROKEN);
  const got = checkRegistry(products, BROKEN).map((p) => `${p.line}: ${p.msg}`);
  expect(got).toEqual([
    '10: neptune: change id quota is listed twice',
    "12: neptune/no-version: version 2.5 is not among Neptune's versions",
    '13: neptune/no-page: page neptune/api/team/no-such-page does not exist',
    '14: neptune/no-section: neptune/api/team/get-quota has no section #no-such-section',
    '15: neptune/no-steps: a breaking change needs its upgrade steps',
    '16: neptune/bad-kind: kind "improved" is not added, changed, deprecated or removed',
  ]);
});

test('a feature the release notes list as new but the registry lacks is reported at the notes line', () => {
  const products = readVersions(BROKEN);
  const got = checkNotes(products).map((p) => `${p.file}:${p.line}: ${p.msg}`);
  // The v2.7 notes list the audit log as new; the broken registry has no change for it.
  expect(got).toContainEqual(
    expect.stringMatching(
      /^docs\/neptune\/versions\/v2\.7\.md:\d+: the Neptune 2\.7 notes list neptune\/user\/ops\/audit-log as new, but no change of Neptune 2\.7/,
    ),
  );
  // The real registry has it.
  expect(checkNotes(readVersions())).toEqual([]);
});

test('statements are read from prose only, with their product, version and whether they say "from"', () => {
  const text = [
    '---',
    'keywords: [v2.7 起]',
    '---',
    'v2.7 起支持配额。需要 Janus 2.4 及以上，运行 HMI 设计器 1.6 的电脑；triton-agent 1.8.0 会重连。',
    '路径 `/v2/devices` 和 [链接](../v2.7.md) 不是版本；MQTT 5.0 和 Python 3.10 及以上也不是。',
    '```',
    'v2.9 起（代码中不算）',
    '```',
    'Neptune v2 的设备，Janus 8600 端口。',
  ].join('\n');
  expect(statementsOf('x', text).map((s) => `${s.line} ${s.product} ${s.version} ${s.since}`)).toEqual([
    '4 neptune 2.7 true',
    '4 janus 2.4 true',
    '4 hmi 1.6 false',
    '4 triton 1.8.0 false',
    '9 neptune 2.0 false',
  ]);
});

test('tables name the product by the row or by the column header', () => {
  const text = [
    '| 软件 | 版本 |',
    '|---|---|',
    '| Janus | 2.2 及以上 |',
    '| Python | 3.10 及以上 |',
    '',
    '| 版本 | 要求的 Janus 版本 |',
    '|---|---|',
    '| 1.6 | 2.4 或更高 |',
    '',
    '需要流程图控制系统 3.0 及以上。',
  ].join('\n');
  expect(statementsOf('x', text).map((s) => `${s.line} ${s.product} ${s.version} ${s.since}`)).toEqual([
    '3 janus 2.2 true',
    '8 janus 2.4 true',
    '10 workflow 3.0 true',
  ]);
});

test('a statement with a version that does not exist, or that the registry does not hold, fails at file:line', () => {
  const products: ProductVersions[] = [
    {
      id: 'janus',
      name: 'Janus',
      written: '{version}',
      versions: [{version: '2.2'}, {version: '2.4'}],
      changes: [{id: 'sdk', version: '2.4', kind: 'added', what: 'SDK 2.4', page: 'open-platform/introduction'}],
    },
  ];
  const st = statementsOf('janus/user/x', 'Janus 2.5 发布。\n需要 Janus 2.4 及以上。\n');
  const got = checkStatements(st, products, () => '/work/main/docs/janus/user/x.md').map((p) => `${p.line}: ${p.msg}`);
  expect(got).toEqual([
    '1: "Janus 2.5": Janus 2.5 is not a version in docs-guide/versions.yaml (2.2, 2.4)',
    '2: "Janus 2.4…": no change of Janus 2.4 in docs-guide/versions.yaml names this page (add it as the change\'s page or in its also)',
  ]);
  const held = statementsOf('open-platform/introduction', '需要 Janus 2.4 及以上。\n');
  expect(checkStatements(held, products, () => 'x.md')).toEqual([]);
});

test('the real registry and every page pass', () => {
  const pages = new Map(listDocs().map((d) => [d.id, d.file]));
  expect(checkVersions(pages, true).map((p) => `${p.file}:${p.line}: ${p.msg}`)).toEqual([]);
});

test('badges go after their headings and at the top for a whole page; none for the first version', () => {
  const products: ProductVersions[] = [
    {
      id: 'neptune',
      name: 'Neptune',
      written: 'v{version}',
      versions: [{version: '2.0'}, {version: '2.7'}],
      changes: [
        {id: 'a', version: '2.7', kind: 'added', what: 'A', page: 'p#sec'},
        {id: 'b', version: '2.7', kind: 'added', what: 'B', page: 'p'},
        {id: 'c', version: '2.0', kind: 'added', what: 'C', page: 'p#other'},
      ],
    },
  ];
  expect([...badgesOf('p', products).keys()].sort()).toEqual(['', 'sec']);
  const tree = {
    type: 'root',
    children: [
      {type: 'mdxjsEsm', value: 'import X from "x";'},
      {type: 'paragraph', children: []},
      {type: 'heading', depth: 2, children: [{type: 'text', value: '标题 {#sec}'}]},
      {type: 'paragraph', children: []},
    ],
  };
  insertBadges(tree, 'p', products);
  expect(tree.children.map((n) => (n as {name?: string}).name ?? n.type)).toEqual([
    'mdxjsEsm',
    'VersionBadges',
    'paragraph',
    'heading',
    'VersionBadges',
    'paragraph',
  ]);
});

test('the upgrade path lists each version with its breaking changes and their steps in order', () => {
  const product: ProductVersions = {
    id: 'neptune',
    name: 'Neptune',
    written: 'v{version}',
    versions: [{version: '2.0'}, {version: '2.6', date: '2024-09-24'}, {version: '2.7', notes: 'neptune/versions/v2.7'}],
    changes: [
      {
        id: 'x',
        version: '2.7',
        kind: 'changed',
        breaking: true,
        what: '整条拒绝',
        page: 'neptune/api/mqtt/property-report',
        steps: ['找出', '修正'],
      },
      {id: 'y', version: '2.7', kind: 'deprecated', what: '旧字段', page: 'neptune/api/mqtt/overview', replacement: '新字段'},
    ],
  };
  const md = upgradePathMarkdown(product, 'neptune/versions/upgrade-path');
  expect(md).toContain('## 升级到 Neptune v2.6 {#to-2-6}\n\n2024-09-24 发布。没有不兼容变更，直接升级即可。');
  expect(md).toContain('### 整条拒绝\n\n说明见 [上报属性](../api/mqtt/property-report.md)。升级步骤：\n\n1. 找出\n2. 修正');
  expect(md).toContain('- 弃用：旧字段，改用 新字段（见 [MQTT 设备接入协议概述](../api/mqtt/overview.md)）。');
  expect(md).toContain('版本说明见 [Neptune v2.7](./v2.7.md)。');
});

test('the fixture file exists', () => expect(fs.existsSync(BROKEN)).toBe(true));

test('x-since in the API documents and the registry agree both ways', () => {
  const products = readVersions().filter((p) => p.id === 'neptune');
  const only = {...products[0], changes: products[0].changes.filter((c) => c.operation === 'neptune#getTeamQuota')};
  const got = checkApiSince([only], undefined, {neptune: 'tests/unit/fixtures/versions/api.yaml'}).map((p) => p.msg);
  expect(got).toEqual([
    'neptune/team-quota-api: neptune#getTeamQuota has x-since 2.6 in the API document; the registry says 2.7',
    'neptune#/components/parameters/extra has x-since 2.8, but no change of the registry names it (operation or field)',
  ]);
});
