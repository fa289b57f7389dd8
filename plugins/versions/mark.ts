// Remark plugins of the version registry (docs-guide/versions.yaml):
//   - badges: after each heading that the registry names as the section of a change (`page#section`), and at the top of a
//     page it names whole, a line of badges (<VersionBadges items="neptune:2.7:added …" />): 「v2.7 起」, 「Janus 2.4 变更」,
//     「v2.8 起弃用」; the reader's versions (src/versions) add what they need after hydration.
//   - <UpgradePath product="neptune" />: replaced by the product's upgrade path in Markdown (every breaking change, oldest
//     version first, with its steps), before Docusaurus resolves the page's links.
//   - <VersionGaps product="janus" />: given the product's changes (`changes` attribute, JSON) so that it can list what the
//     reader's version lacks.
// The Markdown export runs the same functions (plugins/markdown-export), so the exports show the badges as text.
import path from 'node:path';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {ROOT} from '../lib/paths';
import {readPlan} from '../lib/docs-source';
import {headingId, jsxAttr, type MdNode} from '../lib/mdast';
import {compareVersions, readVersions, splitRef, written, type ProductVersions} from '../lib/versions';

const KIND_TEXT: Record<string, string> = {added: '起', changed: '起变更', deprecated: '起弃用', removed: '起移除'};

/** The text of one badge, as the Markdown export and the static HTML show it. */
export function badgeText(p: ProductVersions, version: string, kind: string): string {
  return `${written(p, version)} ${KIND_TEXT[kind] ?? '起'}`;
}

/** The page id of a docs file path (`docs/neptune/api/x.md` → `neptune/api/x`). */
export const pageIdOf = (file: string) =>
  path
    .relative(path.join(ROOT, 'docs'), file)
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');

type Badge = {product: string; version: string; kind: string};

/** Where the registry puts badges on a page: section id → badges ('' = the page as a whole). */
export function badgesOf(page: string, products = readVersions()): Map<string, Badge[]> {
  const out = new Map<string, Badge[]>();
  for (const p of products) {
    const first = p.versions[0]?.version;
    for (const c of p.changes) {
      // Nothing is marked as new in the first documented version: every reader has it.
      if (first && compareVersions(c.version, first) === 0) continue;
      // The section that documents the change, and the sections of other pages that state its version (`also` with a
      // section: a requirement or a limit written where a reader meets it).
      const refs = [c.page, ...(c.also ?? []).filter((r) => r.includes('#'))];
      for (const ref of refs) {
        const [cPage, section] = splitRef(ref);
        if (cPage !== page) continue;
        const key = section ?? '';
        const list = out.get(key) ?? [];
        if (!list.some((b) => b.product === p.id && b.version === c.version && b.kind === c.kind))
          list.push({product: p.id, version: c.version, kind: c.kind});
        out.set(key, list);
      }
    }
  }
  return out;
}

const badgeNode = (badges: Badge[]): MdNode => ({
  type: 'mdxJsxFlowElement',
  name: 'VersionBadges',
  attributes: [
    {type: 'mdxJsxAttribute', name: 'items', value: badges.map((b) => `${b.product}:${b.version}:${b.kind}`).join(' ')},
  ],
  children: [],
});

/** Insert the badges of the page after their headings (and the page's own at the top). */
export function insertBadges(tree: MdNode, page: string, products = readVersions()): void {
  const badges = badgesOf(page, products);
  if (!badges.size || !tree.children) return;
  const children: MdNode[] = [];
  for (const node of tree.children) {
    children.push(node);
    if (node.type === 'heading') {
      const id = headingId(node);
      const here = id ? badges.get(id) : undefined;
      if (here) children.push(badgeNode(here));
    }
  }
  const whole = badges.get('');
  if (whole) {
    // After the imports (an ESM node must stay first), before the content.
    const i = children.findIndex((n) => n.type !== 'mdxjsEsm');
    children.splice(i < 0 ? children.length : i, 0, badgeNode(whole));
  }
  tree.children = children;
}

/** A relative link from one page to another page (and section), as a Markdown file link Docusaurus resolves. */
const linkFrom = (fromPage: string, ref: string) => {
  const [page, section] = splitRef(ref);
  const rel = path.posix.relative(path.posix.dirname(fromPage), page);
  return `${rel.startsWith('.') ? rel : `./${rel}`}.md${section ? `#${section}` : ''}`;
};

/** The pages' titles, for the links of the upgrade path: the plan's (lint:docs holds them equal to the front matter). */
const planTitles = (): Map<string, string> => new Map(readPlan().map((r) => [r.id, r.title]));

/** The upgrade path of a product in Markdown: per version after the first, its breaking changes and their steps. */
export function upgradePathMarkdown(product: ProductVersions, fromPage: string): string {
  const titles = planTitles();
  const titleOf = (page: string) => titles.get(page) ?? page;
  const out: string[] = [];
  for (const v of product.versions.slice(1)) {
    const breaking = product.changes.filter((c) => c.breaking && compareVersions(c.version, v.version) === 0);
    const others = product.changes.filter(
      (c) => !c.breaking && compareVersions(c.version, v.version) === 0 && (c.kind === 'deprecated' || c.kind === 'removed'),
    );
    const anchor = `to-${v.version.replace(/\./g, '-')}`;
    out.push(`## 升级到 ${written(product, v.version, true)} {#${anchor}}`, '');
    const when = v.date ? `${v.date} 发布。` : '';
    const notes = v.notes ? `版本说明见 [${written(product, v.version, true)}](${linkFrom(fromPage, v.notes)})。` : '';
    if (!breaking.length && !others.length) {
      out.push(`${when}没有不兼容变更，直接升级即可。${notes}`, '');
      continue;
    }
    out.push(`${when}${notes}`, '');
    for (const c of breaking) {
      out.push(`### ${c.what}`, '', `说明见 [${titleOf(splitRef(c.page)[0])}](${linkFrom(fromPage, c.page)})。升级步骤：`, '');
      (c.steps ?? []).forEach((s, i) => out.push(`${i + 1}. ${s}`));
      out.push('');
    }
    for (const c of others)
      out.push(
        `- ${c.kind === 'removed' ? '移除' : '弃用'}：${c.what}${c.replacement ? `，改用 ${c.replacement}` : ''}（见 [${titleOf(splitRef(c.page)[0])}](${linkFrom(fromPage, c.page)})）。`,
      );
    if (others.length) out.push('');
  }
  return out.join('\n');
}

/** Replace <UpgradePath product="…" /> by the product's path; an unknown product fails naming the page and line. */
export function renderUpgradePaths(tree: MdNode, page: string, products = readVersions()): void {
  if (!tree.children) return;
  tree.children = tree.children.flatMap((node) => {
    if (node.type !== 'mdxJsxFlowElement' || node.name !== 'UpgradePath') return [node];
    const id = jsxAttr(node, 'product');
    const product = products.find((p) => p.id === id);
    if (!product)
      throw new Error(
        `[versions] docs/${page}.md:${node.position?.start.line ?? 1}: <UpgradePath product="${id}"> names no product of docs-guide/versions.yaml`,
      );
    return fromMarkdown(upgradePathMarkdown(product, page)).children as MdNode[];
  });
}

/** Give <VersionGaps product="…" /> the product's changes (newest first) for the reader's version to filter. */
export function fillVersionGaps(tree: MdNode, page: string, products = readVersions()): void {
  const visit = (node: MdNode) => {
    if (node.type === 'mdxJsxFlowElement' && node.name === 'VersionGaps') {
      const id = jsxAttr(node, 'product');
      const product = products.find((p) => p.id === id);
      if (!product)
        throw new Error(
          `[versions] docs/${page}.md:${node.position?.start.line ?? 1}: <VersionGaps product="${id}"> names no product of docs-guide/versions.yaml`,
        );
      const changes = product.changes
        .filter((c) => c.kind === 'added' || c.kind === 'changed')
        .sort((a, b) => compareVersions(b.version, a.version))
        .map((c) => {
          const [p, s] = splitRef(c.page);
          return {v: c.version, what: c.what, href: `/docs/${p}${s ? `#${s}` : ''}`};
        });
      node.attributes = [...(node.attributes ?? []), {type: 'mdxJsxAttribute', name: 'changes', value: JSON.stringify(changes)}];
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

type File = {path?: string; history?: string[]};
const pageOfFile = (file: File) => pageIdOf(file.path ?? file.history?.[0] ?? 'unknown');

/** Before Docusaurus's own plugins: upgrade paths (their links resolve like the page's). */
export function remarkUpgradePaths() {
  return (tree: MdNode, file: File) => renderUpgradePaths(tree, pageOfFile(file));
}

/** After them: badges after the headings (their ids parsed), and the gaps' data. */
export function remarkVersionBadges() {
  return (tree: MdNode, file: File) => {
    const page = pageOfFile(file);
    insertBadges(tree, page);
    fillVersionGaps(tree, page);
  };
}
