import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {readPlan, listDocs} from '../../plugins/lib/docs-source';
import sidebars from '../../sidebars';

type Item = string | {type: string; items?: Item[]; id?: string};
const idsIn = (items: Item[]): string[] =>
  items.flatMap((i) => (typeof i === 'string' ? [i] : i.type === 'doc' && i.id ? [i.id] : i.items ? idsIn(i.items) : []));

const plan = readPlan();

test('every planned page has its file, and every page is planned', () => {
  const files = new Set(listDocs().map((d: {id: string}) => d.id));
  const planned = new Set(plan.map((r: {id: string}) => r.id));
  expect(
    [...planned].filter((id) => !files.has(id)),
    'planned pages without a file',
  ).toEqual([]);
  expect(
    [...files].filter((id) => !planned.has(id)),
    'pages missing from docs-guide/ia.tsv',
  ).toEqual([]);
});

test('each sidebar lists exactly the planned pages of that sidebar', () => {
  for (const [name, items] of Object.entries(sidebars as Record<string, Item[]>)) {
    const listed = idsIn(items);
    expect(new Set(listed).size, `${name}: a page listed twice`).toBe(listed.length);
    const want = plan.filter((r: {sidebar: string}) => r.sidebar === name).map((r: {id: string}) => r.id);
    expect([...listed].sort()).toEqual([...want].sort());
  }
});

test('pages planned without a sidebar are in no sidebar', () => {
  const all = new Set(Object.values(sidebars as Record<string, Item[]>).flatMap((items) => idsIn(items)));
  const loose = plan.filter((r: {sidebar: string}) => r.sidebar === '-').map((r: {id: string}) => r.id);
  expect(loose.filter((id: string) => all.has(id))).toEqual([]);
});

test('the plan is well formed: known sidebars and kinds, unique ids', () => {
  const ids = plan.map((r: {id: string}) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const r of plan) {
    expect(['neptune', 'janus', 'automation', 'lowcode', '-']).toContain(r.sidebar);
    expect(['guide', 'tutorial', 'concept', 'reference', 'release', 'faq', 'download']).toContain(r.kind);
  }
  expect(fs.existsSync(path.join(ROOT, 'docs-guide/ia.tsv'))).toBe(true);
});
