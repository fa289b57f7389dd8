// A doc page's source as plain Markdown for AI assistants and tools: front matter reduced to the title and description,
// MDX imports and comments removed, our MDX components rendered as Markdown, `file=` code includes resolved, relative
// page links made absolute. The page is parsed as Docusaurus parses it (MDX, GFM, directives, front matter), so what
// this sees is what the site renders; the tree is changed and printed back with remark-stringify. A component without a
// Markdown rendering is an error naming the file and line.
import path from 'node:path';
import type {List, ListItem, Paragraph, Root, RootContent, Text} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify, {type Options as StringifyOptions} from 'remark-stringify';
import {unified} from 'unified';
import {includeCode} from '../code-include';
import {renderErrorCodes} from '../error-codes';
import {badgeText, insertBadges, pageIdOf, renderUpgradePaths} from '../versions/mark';
import {readVersions} from '../lib/versions';
import {parseDoc} from '../lib/docs-source';

export type DownloadRef = {file: string; url: string; bytes: number; sha256: string};
export type AreaIndexEntry = {title: string; url: string};

export type MarkdownContext = {
  /** Repository root: `file=` includes are relative to it. */
  root: string;
  /** The docs folder: relative `.md` links are resolved against it. */
  docsDir: string;
  /** Public origin plus base URL, without a trailing slash (e.g. https://docs.example.com). */
  siteUrl: string;
  downloads: Record<string, DownloadRef>;
  /** The pages of an area (for <AreaIndex area="…" />), in reading order. */
  areaIndex: (area: string) => AreaIndexEntry[];
};

type Parent = Extract<Root | RootContent, {children: unknown[]}>;
type JsxElement = Extract<RootContent, {type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'}>;
type ContainerDirective = Extract<RootContent, {type: 'containerDirective'}>;
type Handle = NonNullable<NonNullable<StringifyOptions['handlers']>['paragraph']>;

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm).use(remarkDirective).freeze();

/**
 * Admonitions (`:::warning[标题]`) print as they were written. remark-directive's own printer is not used: its escaping
 * rules would write every `device:read` of the prose as `device\:read`, which plain Markdown readers do not need.
 */
const containerDirective: Handle = (node, _parent, state, info) => {
  const d = node as ContainerDirective;
  const [head, ...rest] = d.children;
  const label = head?.type === 'paragraph' && head.data?.directiveLabel ? head : undefined;
  const body = label ? rest : d.children;
  const content = body.length ? state.containerFlow({...d, children: body}, info) : '';
  // A fence must be longer than any fence inside it.
  const inner = Math.max(0, ...[...content.matchAll(/^ *(:{3,})/gm)].map((m) => m[1].length));
  const fence = ':'.repeat(Math.max(3, inner + 1));
  const attrs = Object.entries(d.attributes ?? {})
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => (v === '' ? k : `${k}="${String(v).replace(/"/g, '&quot;')}"`));
  const title = label ? `[${state.containerPhrasing(label, {...info, before: '[', after: ']'})}]` : '';
  return `${fence}${d.name}${title}${attrs.length ? `{${attrs.join(' ')}}` : ''}\n${content ? `${content}\n` : ''}${fence}`;
};

// Close to how the docs are written: `-` bullets, backtick fences, `*` emphasis, compact tables (aligned columns would
// pad every Chinese cell with spaces counted in characters, not in display width).
const printer = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {
    bullet: '-',
    fence: '`',
    emphasis: '*',
    strong: '*',
    rule: '-',
    listItemIndent: 'one',
    handlers: {containerDirective},
  })
  .freeze();

/** Relative page links → absolute page URLs; `pathname://` and site paths → absolute URLs. Others stay. */
function absoluteUrl(url: string, file: string, ctx: MarkdownContext): string {
  if (url.startsWith('pathname://')) return `${ctx.siteUrl}${url.slice('pathname://'.length)}`;
  if (/^\/(docs|downloads|img)\//.test(url)) return `${ctx.siteUrl}${url}`;
  const page = /^([^#?]+?\.mdx?)(#.*)?$/.exec(url);
  if (!page || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/')) return url;
  const abs = path.resolve(path.dirname(file), decodeURI(page[1]));
  const id = path
    .relative(ctx.docsDir, abs)
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
  return `${ctx.siteUrl}/docs/${id}${page[2] ?? ''}`;
}

const text = (value: string): Text => ({type: 'text', value});
const plainText = (node: RootContent | Root): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node
      ? (node.children as RootContent[]).map(plainText).join('')
      : '';

export function toMarkdown(file: string, ctx: MarkdownContext): string {
  const {data, raw} = parseDoc(file);
  const rel = path.relative(ctx.root, file);
  const fail = (node: {position?: {start: {line: number}}} | undefined, msg: string): never => {
    throw new Error(`${rel}:${node?.position?.start.line ?? 1}: ${msg}`);
  };
  // Docusaurus escapes heading ids (`## 标题 {#id}`) the same way before MDX reads the page; the id stays in the text.
  const source = raw.replace(
    /(^|\n)(#{1,6}(?!#).*)/g,
    (_m, nl: string, h: string) => nl + h.replace('{#', '\\{#').replace('\\\\{#', '\\{#'),
  );
  let tree: Root;
  try {
    tree = parser.parse(source);
  } catch (err) {
    // A VFileMessage names its line; an element left open is only reported at the end, its span in the text `(7:1-7:7)`.
    const e = err as {line?: number; reason?: string; message: string};
    const reason = e.reason ?? e.message;
    const line = e.line ?? Number(/\((\d+):\d+-\d+:\d+\)/.exec(reason)?.[1] ?? 1);
    throw new Error(`${rel}:${line}: ${reason}`);
  }
  // The same functions the site's remark plugins run, so the export shows the same code and tables as the page.
  includeCode(tree, rel, ctx.root);
  // (Its node type is a loose sketch of mdast; directives' `attributes` are a record, not the JSX list it describes.)
  renderErrorCodes(tree as unknown as Parameters<typeof renderErrorCodes>[0], rel);
  // The version registry's upgrade paths and badges (plugins/versions), the badges as text below.
  renderUpgradePaths(tree as never, pageIdOf(file));
  insertBadges(tree as never, pageIdOf(file));

  const attr = (el: JsxElement, name: string): string | undefined => {
    const a = el.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
    if (!a || a.value === null || a.value === undefined) return undefined;
    if (typeof a.value !== 'string') fail(el, `<${el.name} ${name}={…}>: only a quoted value has a Markdown rendering`);
    return a.value as string;
  };
  const downloadLists = new WeakSet<List>();

  /** An HTML element (`<kbd>`, `<br />`, `<details>`) stays HTML, which Markdown allows; its content is converted. */
  const html = (el: JsxElement & {name: string}): RootContent[] => {
    const attrs = el.attributes.map((a) => {
      if (a.type !== 'mdxJsxAttribute' || (a.value !== null && a.value !== undefined && typeof a.value !== 'string'))
        return fail(el, `<${el.name}> has an attribute written in JavaScript, which has no Markdown rendering`);
      return a.value === null || a.value === undefined ? ` ${a.name}` : ` ${a.name}="${a.value.replace(/"/g, '&quot;')}"`;
    });
    const open = `<${el.name}${attrs.join('')}${el.children.length ? '' : ' /'}>`;
    if (!el.children.length) return [{type: 'html', value: open}];
    return [{type: 'html', value: open}, ...(el.children as RootContent[]), {type: 'html', value: `</${el.name}>`}];
  };

  /** A component's Markdown, as the nodes that replace it. */
  const component = (el: JsxElement): RootContent[] => {
    if (el.name && /^[a-z]/.test(el.name)) return html(el as JsxElement & {name: string});
    if (el.type === 'mdxJsxTextElement') fail(el, `<${el.name ?? ''}> inside a line of text has no Markdown rendering`);
    switch (el.name) {
      case null: // a fragment
      case 'Tabs':
        return el.children as RootContent[];
      case 'TabItem': {
        const label: Paragraph = {
          type: 'paragraph',
          children: [{type: 'strong', children: [text(attr(el, 'label') ?? attr(el, 'value') ?? '')]}],
        };
        return [label, ...(el.children as RootContent[])];
      }
      case 'DownloadCard': {
        const name = attr(el, 'file') ?? '';
        const d = ctx.downloads[name];
        if (!d) fail(el, `<DownloadCard file="${name}"> names no download`);
        const item: ListItem = {
          type: 'listItem',
          spread: false,
          children: [
            {
              type: 'paragraph',
              children: [
                text('下载：'),
                {type: 'link', url: `${ctx.siteUrl}${d.url}`, children: [text(d.file)]},
                text(`（${d.bytes} 字节，SHA-256 `),
                {type: 'inlineCode', value: d.sha256},
                text('）'),
              ],
            },
          ],
        };
        const list: List = {type: 'list', ordered: false, spread: false, children: [item]};
        downloadLists.add(list);
        return [list];
      }
      case 'VersionBadges': {
        const products = readVersions();
        const texts = (attr(el, 'items') ?? '')
          .split(' ')
          .map((item) => item.split(':'))
          .map(([id, version, kind]) => {
            const p = products.find((x) => x.id === id);
            return p ? badgeText(p, version, kind) : '';
          })
          .filter(Boolean);
        return [{type: 'paragraph', children: [text(`（${texts.join('；')}）`)]}];
      }
      // What the reader's version lacks depends on the reader: the export has the upgrade-path pages instead.
      case 'VersionGaps':
        return [];
      // 「我的环境」 changes the web page only: the export keeps the examples and says nothing of it.
      case 'MyEnvironment':
        return [];
      // The tools compute in the reader's browser; the export says where they are.
      case 'SignatureTool':
      case 'MqttConnectTool':
        return [{type: 'paragraph', children: [text('（交互式计算工具：请在文档站的网页版本页中使用。）')]}];
      case 'AreaIndex': {
        const area = attr(el, 'area') ?? '';
        const pages = ctx.areaIndex(area);
        if (!pages.length) fail(el, `<AreaIndex area="${area}"> names no area with pages`);
        const items: ListItem[] = pages.map((p) => ({
          type: 'listItem',
          spread: false,
          children: [{type: 'paragraph', children: [{type: 'link', url: p.url, children: [text(p.title)]}]}],
        }));
        return [{type: 'list', ordered: false, spread: false, children: items}];
      }
      default:
        return fail(el, `<${el.name}> has no Markdown rendering in plugins/markdown-export/to-markdown.ts`);
    }
  };

  /** One node's replacement (children first, so components inside components are rendered too). */
  const transform = (node: RootContent): RootContent[] => {
    if ('children' in node) rewrite(node);
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // `{/* comment */}` is an expression with no code; anything else would need JavaScript to show.
        if (node.data?.estree?.body.length === 0) return [];
        return fail(node, `the expression {${node.value}} has no Markdown rendering`);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return component(node);
      case 'textDirective':
      case 'leafDirective': {
        // Not a directive the site knows (Docusaurus prints them as written): `device:read` in prose.
        const {start, end} = node.position ?? {};
        const value = start?.offset !== undefined && end?.offset !== undefined ? source.slice(start.offset, end.offset) : '';
        return node.type === 'textDirective' ? [text(value)] : [{type: 'paragraph', children: [text(value)]}];
      }
      case 'link':
      case 'image':
      case 'definition':
        node.url = absoluteUrl(node.url, file, ctx);
        return [node];
      default:
        return [node];
    }
  };
  const rewrite = (parent: Parent) => {
    const out: RootContent[] = [];
    for (const child of parent.children as RootContent[]) {
      for (const n of transform(child)) {
        const last = out[out.length - 1];
        // Download cards side by side make one list, as they stand side by side on the page.
        if (n.type === 'list' && downloadLists.has(n) && last?.type === 'list' && downloadLists.has(last)) {
          last.children.push(...n.children);
        } else out.push(n);
      }
    }
    (parent as {children: RootContent[]}).children = out;
  };
  rewrite(tree);

  // The title comes from the front matter; the page's own H1 is dropped (it would repeat the title or replace it).
  const first = tree.children[0];
  const h1 = first?.type === 'heading' && first.depth === 1 ? tree.children.shift() : undefined;
  const title = String(data.title ?? (h1 ? plainText(h1) : path.basename(file, path.extname(file))));
  const description = data.description ? `> ${String(data.description)}\n\n` : '';
  const body = printer.stringify(tree).trim();
  return `# ${title}\n\n${description}${body}\n`;
}
