// Remark plugin: a line `<ErrorCodes api="janus" />` (optionally `list="connack"` or `list="disconnect"`) becomes the
// error-code table rendered from docs-guide/error-codes.yaml, as a plain Markdown table in the static HTML (no component,
// no JavaScript). It runs before Docusaurus's own remark plugins, so relative links in the catalogue's cells are
// resolved like any link of the page. An unknown interface or list fails the build naming the page and line.
import path from 'node:path';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmTableFromMarkdown} from 'mdast-util-gfm-table';
import {gfmTable} from 'micromark-extension-gfm-table';
import {ROOT} from '../lib/paths';
import {errorTableMarkdown, loadCatalogue} from './catalogue';

type Attr = {type: string; name?: string; value?: unknown};
type Node = {
  type: string;
  name?: string | null;
  attributes?: Attr[];
  children?: Node[];
  position?: {start: {line: number}};
};

/** Replace every <ErrorCodes /> element of the tree by its table. */
export function renderErrorCodes(tree: Node, pagePath: string): void {
  const visit = (node: Node) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'mdxJsxFlowElement' && child.name === 'ErrorCodes') {
        const attr = (n: string) => child.attributes?.find((a) => a.name === n)?.value;
        const api = String(attr('api') ?? '');
        const list = String(attr('list') ?? 'codes');
        try {
          const md = errorTableMarkdown(loadCatalogue(), api, list);
          return fromMarkdown(md, {extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()]}).children as Node[];
        } catch (err) {
          throw new Error(`[error-codes] ${pagePath}:${child.position?.start.line ?? 1}: ${(err as Error).message}`);
        }
      }
      visit(child);
      return [child];
    });
  };
  visit(tree);
}

export default function remarkErrorCodes() {
  return (tree: Node, file: {path?: string; history?: string[]}) => {
    renderErrorCodes(tree, path.relative(ROOT, file.path ?? file.history?.[0] ?? 'unknown page'));
  };
}
