// Areas without a sidebar (open-platform, triton, apps) get an index and previous / next / up links built from their folders.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type {LoadContext, Plugin} from '@docusaurus/types';

export type AreaDoc = {type: 'doc'; id: string; title: string; label: string; permalink: string};
export type AreaCategory = {type: 'category'; label: string; items: AreaItem[]};
export type AreaItem = AreaDoc | AreaCategory;
export type Area = {key: string; label: string; entry: AreaDoc; items: AreaItem[]; order: AreaDoc[]};
export type AreaNavData = {areas: Record<string, Area>};

/** The areas with no sidebar: folder under docs/ → its entry page id. */
export const AREAS: Record<string, string> = {
  'open-platform': 'open-platform/introduction',
  triton: 'triton/introduction',
  'apps/denture': 'apps/denture/denture-device-management',
};

function readCategory(dir: string): {label: string; position: number} {
  const file = path.join(dir, '_category_.json');
  const fallback = {label: path.basename(dir), position: Number.MAX_SAFE_INTEGER};
  if (!fs.existsSync(file)) return fallback;
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {label: json.label ?? fallback.label, position: json.position ?? fallback.position};
  } catch (e) {
    throw new Error(`[area-nav] ${file}: malformed JSON: ${(e as Error).message}`);
  }
}

/** Pages of a folder first (by sidebar_position, then title), then its sub-folders (by _category_.json position). */
export function readFolder(docsDir: string, rel: string, baseUrl = '/'): AreaItem[] {
  const dir = path.join(docsDir, rel);
  const pages: (AreaDoc & {pos: number})[] = [];
  const folders: (AreaCategory & {pos: number})[] = [];
  for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
    if (e.isDirectory()) {
      const cat = readCategory(path.join(dir, e.name));
      folders.push({type: 'category', label: cat.label, items: readFolder(docsDir, `${rel}/${e.name}`, baseUrl), pos: cat.position});
    } else if (/\.mdx?$/.test(e.name) && !e.name.startsWith('_')) {
      const file = path.join(dir, e.name);
      let fm: Record<string, unknown>;
      try {
        fm = matter(fs.readFileSync(file, 'utf8')).data;
      } catch (err) {
        throw new Error(`[area-nav] ${path.relative(process.cwd(), file)}: malformed front matter: ${(err as Error).message}`);
      }
      if (fm.draft === true || fm.unlisted === true) continue;
      const id = `${rel}/${e.name.replace(/\.mdx?$/, '')}`;
      const title = String(fm.title ?? id);
      pages.push({
        type: 'doc',
        id,
        title,
        label: String(fm.sidebar_label ?? title),
        permalink: `${baseUrl}docs/${id}`,
        pos: typeof fm.sidebar_position === 'number' ? fm.sidebar_position : Number.MAX_SAFE_INTEGER,
      });
    }
  }
  const byPos = <T extends {pos: number; label: string}>(a: T, b: T) => a.pos - b.pos || a.label.localeCompare(b.label, 'zh');
  const strip = <T extends {pos: number}>({pos: _pos, ...rest}: T) => rest;
  return [...pages.sort(byPos).map(strip), ...folders.sort(byPos).map(strip)] as AreaItem[];
}

export function flatten(items: AreaItem[]): AreaDoc[] {
  return items.flatMap((i) => (i.type === 'doc' ? [i] : flatten(i.items)));
}

export function loadAreas(docsDir: string, baseUrl = '/'): AreaNavData {
  const areas: Record<string, Area> = {};
  for (const [key, entryId] of Object.entries(AREAS)) {
    if (!fs.existsSync(path.join(docsDir, key))) continue;
    const items = readFolder(docsDir, key, baseUrl);
    const order = flatten(items);
    const entry = order.find((d) => d.id === entryId) ?? order[0];
    if (!entry) continue;
    areas[key] = {key, label: readCategory(path.join(docsDir, key)).label, entry, items, order};
  }
  return {areas};
}

export default function areaNav(context: LoadContext): Plugin<AreaNavData> {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'area-nav',
    getPathsToWatch: () => Object.keys(AREAS).map((a) => `${docsDir}/${a}/**`),
    async loadContent() {
      return loadAreas(docsDir, context.baseUrl);
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}
