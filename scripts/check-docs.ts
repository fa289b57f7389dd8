// Source checks for doc pages: front matter, the page plan, skeleton, fences, placeholders, images, links and includes.
// Usage: tsx scripts/check-docs.ts [folder-or-file ...]   (no argument: all of docs/, plus "every planned page exists")
import fs from 'node:fs';
import path from 'node:path';
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import {PUBLISHED} from '../plugins/downloads';
import {ROOT, DOCS_DIR} from '../plugins/lib/paths';
import {readPlan, listDocs, parseDoc, type DocFile, type PlanRow} from '../plugins/lib/docs-source';
import {parseCli} from './lib/args';
import {proseLines} from './lib/markdown';
import {mdxSyntaxError} from './lib/mdx-check';
import {changedSinceReview} from './lib/review-ledger';

export type Problem = {line: number; msg: string};
type Add = (line: number, msg: string) => void;

/** Minimum prose size (characters of text outside code, tables excluded) per page kind. */
export const MIN_CHARS: Record<string, number> = {
  guide: 700,
  tutorial: 800,
  concept: 700,
  reference: 350,
  release: 300,
  faq: 600,
  download: 250,
};
export const PLACEHOLDER = /\bTODO\b|\bTBD\b|待补充|待完善|占位|lorem ipsum|\blorem\b|\bxxx\b|敬请期待/i;
const FENCE_LANGS = new Set([
  'bash',
  'shell-session',
  'sh',
  'go',
  'ini',
  'properties',
  'toml',
  'json',
  'jsonc',
  'yaml',
  'c',
  'cpp',
  'python',
  'java',
  'js',
  'jsx',
  'ts',
  'tsx',
  'http',
  'text',
  'sql',
  'xml',
  'html',
  'css',
  'powershell',
  'bat',
  'diff',
  'nginx',
  'md',
  'mdx',
  'csv',
  'protobuf',
  'javascript',
  'typescript',
  'dockerfile',
  'makefile',
  'cmake',
  'groovy',
  'kotlin',
]);

/**
 * `keywords` is a list of what readers type, and YAML reads some of it as something else: `0x95` is the number 149 and
 * `yes` or a date are not text. A keyword whose value is not its text as written is reported on its line (quote it).
 */
function checkKeywords(keywords: unknown, raw: string, add: Add): void {
  if (keywords === undefined) return;
  if (!Array.isArray(keywords)) {
    add(1, '`keywords` must be a list (`keywords: [a, b]` or one `- item` a line)');
    return;
  }
  const lines = raw.split('\n');
  const start = lines.findIndex((l) => /^keywords:/.test(l));
  let end = start + 1;
  while (end < lines.length && /^\s+-|^\s*$/.test(lines[end]) && lines[end].trim() !== '---') end++;
  const region = lines.slice(start, end).map((text, i) => ({text, line: start + 1 + i}));
  for (const k of keywords) {
    if (typeof k === 'string') continue;
    const shown = k instanceof Date ? k.toISOString().slice(0, 10) : String(k);
    if (typeof k === 'number') {
      // As written, if its text is among the tokens (46000 is 46000); otherwise find the token that means it (0x95).
      const tokens = region.flatMap(({text, line}) =>
        text
          .replace(/^keywords:\s*/, '')
          .split(/[[\],]|^\s*-\s/)
          .map((t) => ({t: t.trim(), line})),
      );
      if (tokens.some(({t}) => t === shown)) continue;
      const written = tokens.find(({t}) => t && Number(t.replace(/_/g, '')) === k);
      add(
        written?.line ?? start + 1,
        `keyword \`${written?.t ?? shown}\` is read by YAML as the number ${shown}, not as written: quote it ("${written?.t ?? shown}")`,
      );
      continue;
    }
    add(start + 1, `keyword \`${shown}\` is read by YAML as ${k === null ? 'null' : typeof k}, not as text: quote it`);
  }
}

/** Check one doc; returns [{line, msg}]. `plan` is a Map id -> row. */
export function checkDoc(doc: DocFile, plan: Map<string, PlanRow>): Problem[] {
  const problems: Problem[] = [];
  const add: Add = (line, msg) => problems.push({line, msg});
  let parsed: ReturnType<typeof parseDoc>;
  try {
    parsed = parseDoc(doc.file);
  } catch (e) {
    // parseDoc names the YAML error's own line: keep it.
    const m = /^[^:]+:(\d+): ([\s\S]*)$/.exec((e as Error).message);
    add(m ? Number(m[1]) : 1, m ? m[2] : (e as Error).message);
    return problems;
  }
  const {data, body, bodyLine} = parsed;
  const row = plan.get(doc.id);
  if (typeof data.title !== 'string' || !data.title.trim()) add(1, 'front matter has no `title`');
  if (typeof data.description !== 'string' || !data.description.trim()) add(1, 'front matter has no `description`');
  checkKeywords(data.keywords, parsed.raw, add);
  if (data.slug !== undefined) add(1, '`slug` is not used on this site: the route is the file path');
  if (data.id !== undefined) add(1, '`id` is not used on this site: the id is the file path');
  if (!row) add(1, `page \`${doc.id}\` is not in the plan docs-guide/ia.tsv`);
  else if (data.title && data.title !== row.title) add(1, `title「${data.title}」differs from the plan's「${row.title}」`);

  const lines = body.split('\n');
  let inFence = false;
  let fenceLine = 0;
  let h2 = 0;
  let prose = '';
  lines.forEach((text, i) => {
    const ln = bodyLine + i;
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(text);
    if (fence) {
      if (!inFence) {
        inFence = true;
        fenceLine = ln;
        const info = fence[2].trim();
        const lang = info.split(/\s+/)[0];
        if (!lang) add(ln, 'code fence without a language (```bash, ```json, ...)');
        else if (!FENCE_LANGS.has(lang)) add(ln, `code fence language \`${lang}\` is not one the site highlights`);
        const inc = /\bfile=(\S+)/.exec(info);
        if (inc && !fs.existsSync(path.join(ROOT, inc[1]))) add(ln, `included file ${inc[1]} does not exist`);
      } else inFence = false;
      return;
    }
    if (inFence) return;
    if (/^# /.test(text)) add(ln, 'a `# H1` in the body: the title is the only H1, use `##`');
    if (/^## /.test(text)) h2++;
    if (PLACEHOLDER.test(text)) add(ln, `placeholder text: "${text.trim().slice(0, 60)}"`);
    for (const m of text.matchAll(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g)) {
      if (!m[1].trim()) add(ln, `image ${m[2]} has no alt text`);
      checkTarget(m[2], doc, ln, add, 'image');
    }
    for (const m of text.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)) {
      const target = m[1];
      if (/^(https?:|mailto:)/.test(target)) continue;
      if (!target.startsWith('#')) checkTarget(target, doc, ln, add, 'link');
      checkAnchor(target, doc, ln, add);
    }
    for (const m of text.matchAll(/<img\b[^>]*>/g)) {
      if (!/\balt=["'{][^"'}]/.test(m[0])) add(ln, 'an <img> without alt text');
      // A raw <img src="…"> is checked like a Markdown image (require(…) and expressions are the bundler's).
      const src = /\bsrc=["']([^"']+)["']/.exec(m[0])?.[1];
      if (src && !/^(https?:|data:)/.test(src)) checkTarget(src, doc, ln, add, 'image');
    }
    if (!/^\s*\|/.test(text) && !/^\s*(import|export)\s/.test(text)) prose += text.replace(/`[^`]*`/g, ' ');
  });
  if (inFence) add(fenceLine, 'code fence is never closed');
  // MDX syntax (an unclosed <div>, a stray `{`): what only a full build found before, at its line.
  const mdx = mdxSyntaxError(body);
  if (mdx) add(bodyLine + mdx.line - 1, mdx.msg);
  if (h2 < 2) add(bodyLine, `only ${h2} H2 section(s): a page has at least two`);
  const size = prose.replace(/<[^>]+>|\[|\]\([^)]*\)|[#>*_|\-\s]/g, '').length;
  if (row && MIN_CHARS[row.kind] && size < MIN_CHARS[row.kind]) {
    add(bodyLine, `only ${size} characters of prose; a ${row.kind} page needs at least ${MIN_CHARS[row.kind]}`);
  }
  return problems;
}

/** The first tag that does not nest properly in an XML document, or null (comments and CDATA are skipped). */
export function unbalancedTag(xml: string): string | null {
  const stack: string[] = [];
  const body = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g, '');
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w:.-]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return `</${name}> closes nothing open`;
  }
  return stack.length ? `<${stack.at(-1)}> is never closed` : null;
}

/** Size budget of one image file; figures are hand-written SVG and stay far below it. */
export const IMAGE_BUDGET_BYTES = 40 * 1024;

/** An image file within budget; an SVG well-formed enough to render, with a <title> and a viewBox. */
export function checkImageFile(file: string): string[] {
  const problems: string[] = [];
  const bytes = fs.statSync(file).size;
  if (bytes > IMAGE_BUDGET_BYTES)
    problems.push(`${Math.round(bytes / 1024)} KB is over the ${IMAGE_BUDGET_BYTES / 1024} KB image budget`);
  if (file.endsWith('.svg')) {
    const svg = fs.readFileSync(file, 'utf8').trim();
    if (!/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(svg) || !svg.endsWith('</svg>'))
      problems.push('not a well-formed SVG document');
    else {
      const broken = unbalancedTag(svg);
      if (broken) problems.push(`not well-formed: ${broken}`);
    }
    if (!/<title>[^<]+<\/title>/.test(svg)) problems.push('the SVG has no <title>');
    if (!/viewBox=/.test(svg)) problems.push('the SVG has no viewBox');
  }
  return problems;
}

/** The text of a heading as Docusaurus slugs it (mdast's toString): inline code kept, markup and tags dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*([^*]+)\*/g, '$1$2')
    .replace(/\\([{}<>*_[\]`#])/g, '$1')
    .trim();
}

const anchorCache = new Map<string, Set<string>>();
/**
 * The anchors a page defines: its headings' ids as Docusaurus makes them (an explicit `{#id}`, else the slug of the
 * heading's text, numbered when repeated) and the `id` attributes of its HTML and JSX (`<a id="…">`, `<div id="…">`).
 */
export function anchorsOf(file: string): Set<string> {
  const known = anchorCache.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  const slugger = createSlugger();
  let body = '';
  try {
    body = parseDoc(file).body;
  } catch {
    // its own front-matter problem is reported on it
  }
  for (const line of proseLines(body)) {
    const h = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      const text = headingText(h[1]);
      const {id} = parseMarkdownHeadingId(text);
      anchors.add(id ?? slugger.slug(text));
    }
    for (const m of line.matchAll(/\bid=(?:"([^"]+)"|'([^']+)'|\{['"]([^'"]+)['"]\})/g)) anchors.add(m[1] ?? m[2] ?? m[3]);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** A link's `#anchor`, on this page or on the page it links to, names a heading or an element id there. */
function checkAnchor(target: string, doc: DocFile, ln: number, add: Add) {
  const hash = target.indexOf('#');
  if (hash < 0) return;
  let anchor = target.slice(hash + 1);
  try {
    anchor = decodeURIComponent(anchor);
  } catch {
    // keep it as written
  }
  const pathPart = decodeURI(target.slice(0, hash).split('?')[0]);
  if (!anchor) return;
  if (!pathPart) {
    if (!anchorsOf(doc.file).has(anchor)) add(ln, `link ${target}: this page has no heading or element with the id "${anchor}"`);
    return;
  }
  if (!/\.mdx?$/.test(pathPart) || /^[a-z]+:/i.test(pathPart) || pathPart.startsWith('/')) return;
  const file = path.resolve(path.dirname(doc.file), pathPart);
  if (fs.existsSync(file) && !anchorsOf(file).has(anchor))
    add(ln, `link ${target}: ${path.relative(ROOT, file)} has no heading or element with the id "${anchor}"`);
}

function checkTarget(target: string, doc: DocFile, ln: number, add: Add, what: 'image' | 'link') {
  // `pathname:///x` is a plain link Docusaurus leaves alone: it is checked as the path /x.
  const clean = decodeURI(
    target
      .replace(/^pathname:\/\//, '')
      .split('#')[0]
      .split('?')[0],
  );
  if (!clean || /^(https?:|mailto:|data:)/.test(target)) return;
  let file: string;
  const published = clean.startsWith('/downloads/') ? PUBLISHED[clean.slice('/downloads/'.length)] : undefined;
  if (published)
    file = path.join(ROOT, published); // an API description published as a download (plugins/downloads)
  else if (clean.startsWith('/img/') || clean.startsWith('/downloads/')) file = path.join(ROOT, 'static', clean);
  else if (clean.startsWith('/docs/')) {
    add(ln, `${what} ${target}: link to the markdown file (relative .md path), not to the route`);
    return;
  } else if (clean.startsWith('/'))
    return; // site routes such as /search are checked on the built site
  else file = path.resolve(path.dirname(doc.file), clean);
  if (!fs.existsSync(file)) add(ln, `${what} target ${target} does not exist`);
  else if (what === 'image') for (const msg of checkImageFile(file)) add(ln, `image ${target}: ${msg}`);
  else if (what === 'link' && !/\.mdx?$/.test(clean) && !fs.statSync(file).isFile()) {
    add(ln, `link ${target}: link to the .md file`);
  }
}

export function run(args: string[]): {out: string[]; checked: number; notes: string[]} {
  const plan = new Map(readPlan().map((r) => [r.id, r]));
  const all = listDocs();
  const scope = args.map((a) => path.resolve(a));
  const docs = scope.length ? all.filter((d) => scope.some((s) => d.file === s || d.file.startsWith(s + path.sep))) : all;
  const out: string[] = [];
  for (const doc of docs) for (const p of checkDoc(doc, plan)) out.push(`${doc.rel}:${p.line}: ${p.msg}`);
  const present = new Set(all.map((d) => d.id));
  const inScope = (id: string) =>
    !scope.length || scope.some((s) => path.join(DOCS_DIR, id).startsWith(s + path.sep) || path.join(DOCS_DIR, id) === s);
  for (const id of plan.keys()) {
    if (inScope(id) && !present.has(id)) out.push(`docs-guide/ia.tsv: planned page ${id} has no file docs/${id}.md`);
  }
  // Pages changed since their review (docs-guide/review-ledger.tsv): a note for the writer, not a failure.
  const notes = changedSinceReview(docs).map(({id, row}) =>
    row
      ? `note: docs/${id} changed since its review (docs-guide/review-ledger.tsv:${row.line}, commit ${row.commit}): review it again (docs-guide/review.md) and give its row the new commit and content hash`
      : `note: docs/${id} has no row in docs-guide/review-ledger.tsv: review it (docs-guide/review.md) and add one`,
  );
  return {out, checked: docs.length, notes};
}

if (require.main === module) {
  const {positionals} = parseCli('check-docs', {}, {positionals: Infinity, args: '[folder-or-file ...]'});
  const {out, checked, notes} = run(positionals);
  for (const line of out) console.error(line);
  for (const line of notes) console.log(line);
  const toReview = notes.length ? `; ${notes.length} page(s) to review again (notes above)` : '';
  console.log(`check-docs: ${checked} page(s) checked, ${out.length} problem(s)${toReview}`);
  process.exit(out.length ? 1 : 0);
}
