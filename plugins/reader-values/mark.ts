// Remark plugin: marks what 「我的环境」 may change. Every code block and inline code that holds a plant identity of
// `readerValues` gets `data-env="<fields>"`; a code block whose content is computed from such identities (a signature,
// an MQTT password, an HMAC) also gets `data-derived="<tool>"`, found here or written by the page as the fence's meta
// `derived=signature|mqtt|other|none`. The static HTML keeps the examples; src/env substitutes after hydration.
import path from 'node:path';
import {ROOT} from '../lib/paths';
import {fieldsIn} from '../../src/env/substitute';
import type {ReaderField} from '../../src/env/types';
import {readerFields} from './fields';
import {headingId, type MdNode} from '../lib/mdast';

type Node = MdNode;

export const DERIVED_KINDS = ['signature', 'mqtt', 'other', 'none'] as const;
const DERIVED_META = /(^|\s)derived=(\S+)/;
const HEX_64 = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/;
const BASE64_32_BYTES = /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=/;

/**
 * What a block's derived values are, found from its text: a REST signature (the request's own headers or its string to
 * sign), an MQTT password (the connect parameters), or another keyed hash; null when it holds no derived value.
 */
export function detectDerived(code: string): 'signature' | 'mqtt' | 'other' | null {
  const hash = HEX_64.test(code) || BASE64_32_BYTES.test(code);
  if (!hash) return null;
  if (/X-Nep-Signature|StringToSign|待签名字符串/.test(code)) return 'signature';
  if (/\bpassword\b|\busername\b|deviceName=\S*&productKey=/i.test(code)) return 'mqtt';
  if (/HMAC|hmac|Signature\b/.test(code)) return 'other';
  return null;
}

/**
 * Mark the tree's code; `derived=` with an unknown value fails naming the page and line. `fixed` names the sections (by
 * heading id, front matter `examples_fixed`) whose examples must stay as they are: a worked example or a test vector,
 * whose inputs and results belong together. Inline code that is an identity alone (`press-01` in a sentence) names the
 * example and is left as it is; inline code with more around it (a Topic, a path, a command) is the reader's to copy.
 */
export function markReaderValues(
  tree: Node,
  pagePath: string,
  fields: readonly ReaderField[] = readerFields(),
  fixed: readonly string[] = [],
): void {
  const examples = new Set(fields.map((f) => f.example));
  const unknown = new Set(fixed);
  let fixedDepth: number | null = null;
  const set = (node: Node, props: Record<string, string>) => {
    node.data ??= {};
    node.data.hProperties = {...node.data.hProperties, ...props};
  };
  const onPage = new Set<string>();
  const boxes: Node[] = [];
  const visit = (node: Node) => {
    if (node.type === 'heading') {
      const depth = node.depth ?? 6;
      if (fixedDepth !== null && depth <= fixedDepth) fixedDepth = null;
      const id = headingId(node);
      if (fixedDepth === null && id && fixed.includes(id)) fixedDepth = depth;
      if (id) unknown.delete(id);
    }
    if (node.type === 'mdxJsxFlowElement' && node.name === 'MyEnvironment') boxes.push(node);
    if ((node.type === 'code' || node.type === 'inlineCode') && node.value) {
      const bare = node.type === 'inlineCode' && examples.has(node.value.trim());
      const found = fixedDepth !== null || bare ? [] : fieldsIn(node.value, fields);
      found.forEach((f) => onPage.add(f));
      const props: Record<string, string> = {};
      if (found.length) props['data-env'] = found.join(' ');
      if (node.type === 'code') {
        const meta = node.meta ? DERIVED_META.exec(node.meta) : null;
        if (meta && !(DERIVED_KINDS as readonly string[]).includes(meta[2]))
          throw new Error(
            `[reader-values] ${pagePath}:${node.position?.start.line ?? 1}: derived=${meta[2]} is not one of ${DERIVED_KINDS.join(', ')}`,
          );
        const holds = found.length > 0 || (fixedDepth !== null && fieldsIn(node.value, fields).length > 0);
        const kind = meta ? meta[2] : holds ? detectDerived(node.value) : null;
        if (kind && kind !== 'none') props['data-derived'] = kind;
        if (meta) node.meta = node.meta!.replace(DERIVED_META, '$1').trim() || null;
      }
      if (Object.keys(props).length) set(node, props);
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  if (unknown.size)
    throw new Error(
      `[reader-values] ${pagePath}: examples_fixed names ${[...unknown].map((a) => `#${a}`).join(', ')}, which is no heading of the page`,
    );
  // <MyEnvironment /> names the page's own examples: the fields its code holds, in the plant's order.
  const pageFields = fields.filter((f) => onPage.has(f.field)).map((f) => f.field);
  for (const box of boxes)
    box.attributes = [...(box.attributes ?? []), {type: 'mdxJsxAttribute', name: 'fields', value: pageFields.join(' ')}];
}

export default function remarkReaderValues() {
  return (tree: Node, file: {path?: string; history?: string[]; data?: {frontMatter?: Record<string, unknown>}}) => {
    const page = path.relative(ROOT, file.path ?? file.history?.[0] ?? 'unknown page');
    const fixed = file.data?.frontMatter?.examples_fixed;
    if (fixed !== undefined && !(Array.isArray(fixed) && fixed.every((a) => typeof a === 'string')))
      throw new Error(`[reader-values] ${page}: examples_fixed must be a list of heading ids`);
    markReaderValues(tree, page, readerFields(), (fixed as string[] | undefined) ?? []);
  };
}
