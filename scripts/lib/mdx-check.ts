// The writer's quick check of a page's MDX: the body is parsed as Docusaurus 3.8 reads a page (remark-parse with
// remark-mdx, the MDX syntax that @mdx-js/mdx compiles, plus GFM and directives), so an unclosed `<div>`, a stray `{` or a
// bad JSX attribute is reported at its file:line in milliseconds instead of failing a full build with a stack trace.
// Parsing is enough: MDX syntax errors are raised by the parser (micromark's MDX extensions), before any compilation.
import {admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds, unwrapMdxCodeBlocks} from '@docusaurus/utils';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {CHECK_CACHE_DIR} from '../../plugins/lib/paths';

/** The parser, made on first use (importing this module does nothing). */
let processor: ReturnType<typeof makeProcessor> | null = null;
const makeProcessor = () => unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);

// Bodies that parsed before (by content hash) are not parsed again: after editing one page, the check parses one page.
// Kept with the checks' caches (not the build's: a build that did not finish sets those aside, and this one is sound).
const CACHE = path.join(CHECK_CACHE_DIR, 'mdx-ok.json');
let ok: Set<string> | null = null;
let dirty = false;
const loadCache = (): Set<string> => {
  if (ok) return ok;
  try {
    ok = new Set(JSON.parse(fs.readFileSync(CACHE, 'utf8')) as string[]);
  } catch {
    ok = new Set();
  }
  process.once('exit', () => {
    if (!dirty) return;
    fs.mkdirSync(path.dirname(CACHE), {recursive: true});
    fs.writeFileSync(CACHE, JSON.stringify([...ok!]));
  });
  return ok;
};

type MdNode = {type: string; value?: string; children?: MdNode[]; position?: {start: {line: number}}};

function findExpression(node: MdNode): {line: number; msg: string} | null {
  if ((node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && node.value !== undefined) {
    const code = node.value.replace(/\/\*[\s\S]*?\*\//g, '').trim();
    if (code && !/^(['"`]).*\1$/.test(code))
      return {
        line: node.position?.start.line ?? 1,
        msg: `MDX: \`{${node.value.trim()}}\` in the text is a JavaScript expression: write it as inline code or escape the brace (\\{)`,
      };
  }
  for (const c of node.children ?? []) {
    const hit = findExpression(c);
    if (hit) return hit;
  }
  return null;
}

/** The first MDX syntax error of a page body: {line, msg} with the line in the body's own numbering, or null. */
export function mdxSyntaxError(body: string): {line: number; msg: string} | null {
  const cache = loadCache();
  const key = crypto.createHash('sha1').update(body).digest('hex');
  if (cache.has(key)) return null;
  try {
    // Docusaurus's own preprocessing first (heading ids `{#id}`, ```mdx-code-block, `:::note Title`): each keeps the lines.
    const admonitions = ['note', 'tip', 'info', 'warning', 'danger', 'caution'];
    processor ??= makeProcessor();
    const tree = processor.parse(
      admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(body)), admonitions),
    ) as MdNode;
    // An expression in the text that is not a comment ({productKey} in a topic written as prose) compiles, then fails
    // when the page renders ("productKey is not defined"): report it like a syntax error.
    const expr = findExpression(tree);
    if (expr) return expr;
    cache.add(key);
    dirty = true;
    return null;
  } catch (err) {
    const e = err as {line?: number; place?: {line?: number; start?: {line?: number}}; reason?: string; message: string};
    // A message such as "Expected a closing tag for `<div>` (5:1-5:6)" names the place itself.
    const at = /\((\d+):\d+(?:-\d+:\d+)?\)/.exec(e.reason ?? e.message);
    const line = at ? Number(at[1]) : (e.place?.start?.line ?? e.place?.line ?? e.line ?? 1);
    return {line, msg: `MDX: ${(e.reason ?? e.message).replace(/\s+/g, ' ').trim()}`};
  }
}
