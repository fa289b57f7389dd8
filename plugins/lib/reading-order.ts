// The reading order of each area's pages (src/areas.ts): the docs sidebar of the area, or, for areas without one, the
// order of their generated area navigation (plugins/lib/area-nav). Shared by the Markdown export and the manuals; made
// from what Docusaurus already loaded (`allContent`), once per build.
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {AREAS, type Area} from '../../src/areas';
import {docsContentOf, navAreas, navDocs, type Categories, type LoadedDoc, type SidebarItem} from './area-nav';

export type OrderedDoc = {
  id: string;
  title: string;
  description: string;
  permalink: string;
  /** The source file's absolute path. */
  source: string;
  /** When the page last changed (git), in ms, if known. */
  lastUpdatedAt?: number;
};
export type AreaPages = {area: Area; docs: OrderedDoc[]};

const flattenSidebar = (items: SidebarItem[]): string[] =>
  items.flatMap((i) => (i.type === 'doc' && i.id ? [i.id] : i.items ? flattenSidebar(i.items) : []));

/** One computation per build: the Markdown export and the manuals both ask for it with the same `allContent`. */
const computed = new WeakMap<object, AreaPages[]>();

export function readingOrder(allContent: Record<string, Record<string, unknown>>, context: LoadContext): AreaPages[] {
  const cached = computed.get(allContent);
  if (cached) return cached;
  const version = docsContentOf(allContent);
  const byId = new Map(version.docs.map((d) => [d.id, d]));
  const categories = (allContent['area-nav']?.default ?? {}) as Categories;
  const nav = navAreas(navDocs(version.docs), categories).areas;
  const order = AREAS.map((area) => {
    const ids = area.sidebar
      ? flattenSidebar(version.sidebars[area.sidebar] ?? [])
      : (nav[area.dir]?.order ?? []).map((d) => d.id);
    const docs = ids
      .map((id) => byId.get(id))
      .filter((d): d is LoadedDoc => !!d)
      .map((d) => ({
        id: d.id,
        title: d.title,
        description: d.description,
        permalink: d.permalink,
        source: path.join(context.siteDir, d.source.replace(/^@site\//, '')),
        lastUpdatedAt: d.lastUpdatedAt,
      }));
    return {area, docs};
  });
  computed.set(allContent, order);
  return order;
}
