// A doc page's source as plain Markdown for AI assistants and tools: front matter reduced to the title and description,
// MDX imports and comments removed, our MDX components rendered as Markdown, `file=` code includes resolved, relative
// page links made absolute. A component without a Markdown rendering is an error naming the file and line.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {errorTableMarkdown, loadCatalogue, parseErrorCodesTag} from '../error-codes/catalogue';

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

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;
const FILE_META = /(^|\s)file=(\S+)/;
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

export function toMarkdown(file: string, ctx: MarkdownContext): string {
  const raw = fs.readFileSync(file, 'utf8');
  const {data, content} = matter(raw);
  const bodyStart = raw.slice(0, raw.length - content.length).split('\n').length - 1;
  const rel = path.relative(ctx.root, file);
  const out: string[] = [];
  const lines = content.split('\n');
  let fence: {marker: string} | null = null;
  let skipFenceBody = false;
  const fail = (i: number, msg: string): never => {
    throw new Error(`${rel}:${bodyStart + i + 1}: ${msg}`);
  };

  /** Relative page links → absolute page URLs; site paths → absolute URLs. */
  const absoluteLinks = (text: string): string =>
    text
      .replace(/\]\((?!https?:|mailto:|pathname:|\/|#)([^)\s]+?\.mdx?)(#[^)\s]*)?\)/g, (_m, target: string, hash = '') => {
        const abs = path.resolve(path.dirname(file), decodeURI(target));
        const id = path
          .relative(ctx.docsDir, abs)
          .split(path.sep)
          .join('/')
          .replace(/\.mdx?$/, '');
        return `](${ctx.siteUrl}/docs/${id}${hash})`;
      })
      .replace(/\]\(pathname:\/\/(\/[^)\s]*)\)/g, `](${ctx.siteUrl}$1)`)
      .replace(/\]\((\/(?:docs|downloads|img)\/[^)\s]*)\)/g, `](${ctx.siteUrl}$1)`);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[2].startsWith(fence.marker) && !f[3].trim()) {
        fence = null;
        skipFenceBody = false;
        out.push(line);
      } else if (!skipFenceBody) out.push(line);
      continue;
    }
    if (f) {
      fence = {marker: f[2]};
      const meta = f[3];
      const inc = FILE_META.exec(meta);
      if (inc) {
        const abs = path.resolve(ctx.root, inc[2]);
        if (!fs.existsSync(abs)) fail(i, `the code fence includes "${inc[2]}", which does not exist`);
        out.push(`${f[1]}${f[2]}${meta.replace(FILE_META, '$1').trim()}`);
        out.push(...fs.readFileSync(abs, 'utf8').replace(/\n$/, '').split('\n'));
        skipFenceBody = true;
      } else out.push(line);
      continue;
    }
    // MDX-only lines.
    if (/^\s*import\s.+\sfrom\s+['"][^'"]+['"];?\s*$/.test(line) || /^\s*export\s/.test(line)) continue;
    if (/^\s*\{\/\*.*\*\/\}\s*$/.test(line)) continue;
    const jsx = /^\s*<\/?([A-Z]\w*)\b([^>]*)>\s*$/.exec(line);
    if (jsx) {
      const [, name, attrs] = jsx;
      if (name === 'Tabs' || line.trim() === '</TabItem>') continue;
      if (name === 'TabItem') {
        out.push(`**${attr(attrs, 'label') ?? attr(attrs, 'value') ?? ''}**`, '');
        continue;
      }
      if (name === 'DownloadCard') {
        const d = ctx.downloads[attr(attrs, 'file') ?? ''];
        if (!d) fail(i, `<DownloadCard file="${attr(attrs, 'file')}"> names no download`);
        out.push(`- 下载：[${d.file}](${ctx.siteUrl}${d.url})（${d.bytes} 字节，SHA-256 \`${d.sha256}\`）`);
        continue;
      }
      if (name === 'AreaIndex') {
        for (const p of ctx.areaIndex(attr(attrs, 'area') ?? '')) out.push(`- [${p.title}](${p.url})`);
        continue;
      }
      const codes = parseErrorCodesTag(line);
      if (codes) {
        let table = '';
        try {
          table = errorTableMarkdown(loadCatalogue(), codes.api, codes.list);
        } catch (err) {
          fail(i, (err as Error).message);
        }
        out.push(...table.split('\n').map(absoluteLinks));
        continue;
      }
      fail(i, `<${name}> has no Markdown rendering in plugins/markdown-export/to-markdown.ts`);
    }
    if (/^\s*<[A-Z]/.test(line)) fail(i, 'a JSX element over several lines has no Markdown rendering');
    out.push(absoluteLinks(line));
  }
  let body = out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  body = body.replace(/^# .*\n+/, ''); // the title comes from the front matter
  const title = String(data.title ?? path.basename(file, path.extname(file)));
  const description = data.description ? `> ${String(data.description)}\n\n` : '';
  return `# ${title}\n\n${description}${body}\n`;
}
