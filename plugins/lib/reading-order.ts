// The reading order of each area's pages (src/areas.ts): the docs sidebar of the area, or, for areas without one, the
// order of their generated area navigation (plugins/area-nav). Shared by the Markdown export and the manuals.
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {AREAS, type Area} from '../../src/areas';
import {loadAreas} from '../area-nav';

export type OrderedDoc = {id: string; title: string; description: string; permalink: string; source: string};
export type AreaPages = {area: Area; docs: OrderedDoc[]};

type SidebarItem = {type: string; id?: string; items?: SidebarItem[]};
type LoadedDoc = {id: string; title: string; description: string; permalink: string; source: string};
type DocsContent = {loadedVersions: {docs: LoadedDoc[]; sidebars: Record<string, SidebarItem[]>}[]};

const flattenSidebar = (items: SidebarItem[]): string[] =>
  items.flatMap((i) => (i.type === 'doc' && i.id ? [i.id] : i.items ? flattenSidebar(i.items) : []));

/** One computation per build: the Markdown export and the manuals both ask for it with the same `allContent`. */
const computed = new WeakMap<object, AreaPages[]>();

export function readingOrder(allContent: Record<string, Record<string, unknown>>, context: LoadContext): AreaPages[] {
  const cached = computed.get(allContent);
  if (cached) return cached;
  const order = computeReadingOrder(allContent, context);
  computed.set(allContent, order);
  return order;
}

function computeReadingOrder(allContent: Record<string, Record<string, unknown>>, context: LoadContext): AreaPages[] {
  const docsContent = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
  if (!docsContent) throw new Error('[reading-order] the docs plugin has no content');
  const version = docsContent.loadedVersions[0];
  const byId = new Map(version.docs.map((d) => [d.id, d]));
  const navAreas = loadAreas(path.join(context.siteDir, 'docs'), context.baseUrl).areas;
  return AREAS.map((area) => {
    const ids = area.sidebar
      ? flattenSidebar(version.sidebars[area.sidebar] ?? [])
      : (navAreas[area.dir]?.order ?? []).map((d) => d.id);
    const docs = ids
      .map((id) => byId.get(id))
      .filter((d): d is LoadedDoc => !!d)
      .map((d) => ({
        id: d.id,
        title: d.title,
        description: d.description,
        permalink: d.permalink,
        source: path.join(context.siteDir, d.source.replace(/^@site\//, '')),
      }));
    return {area, docs};
  });
}
