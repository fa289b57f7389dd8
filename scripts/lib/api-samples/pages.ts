// The fenced blocks of a docs page, as the API samples gate reads them: language, meta, title, the text (a `file=` include
// resolved from the repository, as plugins/code-include does for the site), where each line of the text is (the page's
// line, or the included file's), and the prose just before the block (where a page names the MQTT topic of a payload).
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../../plugins/lib/paths';
import {parseDoc} from '../../../plugins/lib/docs-source';

export type Fence = {
  /** The page, relative to the repository root. */
  page: string;
  lang: string;
  meta: string;
  /** `title="…"` of the fence, if any. */
  title?: string;
  /** The included file (`file=…`), relative to the repository root. */
  include?: string;
  /** The page's line of the opening fence. */
  line: number;
  text: string;
  /** The prose between the previous block (or heading) and this block. */
  before: string;
  /** The page's line of the first line of `before`. */
  beforeLine: number;
  /** The heading of the section the block is in. */
  section: string;
};

/** `file:line` of line `n` (1-based) of a fence's text: the page's line, or the included file's with the page's fence. */
export function where(f: Fence, n: number): string {
  return f.include ? `${f.page}:${f.line}: ${f.include}:${n}` : `${f.page}:${f.line + n}`;
}

/** The fenced blocks of a page (indented fences inside MDX components included). */
export function pageFences(file: string): Fence[] {
  const {body, bodyLine} = parseDoc(file);
  const page = path.relative(ROOT, file).split(path.sep).join('/');
  const lines = body.split('\n');
  const out: Fence[] = [];
  let prose: string[] = [];
  let proseLine = bodyLine;
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*(.*)$/.exec(lines[i]);
    if (!open) {
      const h = /^#{1,6}\s+(.*?)\s*(\{#[^}]*\})?\s*$/.exec(lines[i]);
      if (h) {
        section = h[1];
        prose = [];
        proseLine = bodyLine + i + 1;
      } else prose.push(lines[i]);
      continue;
    }
    const [, indent, marker, lang, meta] = open;
    const text: string[] = [];
    let j = i + 1;
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    while (j < lines.length && !close.test(lines[j])) text.push(lines[j++].replace(new RegExp(`^ {0,${indent.length}}`), ''));
    const include = /(?:^|\s)file=(\S+)/.exec(meta)?.[1];
    const title = /(?:^|\s)title="([^"]*)"/.exec(meta)?.[1];
    const content = include ? readInclude(include) : text.join('\n');
    out.push({
      page,
      lang: lang.toLowerCase(),
      meta,
      title,
      include,
      line: bodyLine + i,
      text: content,
      before: prose.join('\n'),
      beforeLine: proseLine,
      section,
    });
    prose = [];
    proseLine = bodyLine + j + 1;
    i = j;
  }
  return out;
}

function readInclude(rel: string): string {
  const abs = path.resolve(ROOT, rel);
  return fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8').replace(/\n$/, '') : '';
}

/** The prose paragraphs of a page (outside fenced blocks and tables), each with the page's line of its first line. */
export function pageParagraphs(file: string): {text: string; line: number}[] {
  const {body, bodyLine} = parseDoc(file);
  const out: {text: string; line: number}[] = [];
  let cur: string[] = [];
  let start = 0;
  let fence: RegExp | null = null;
  const flush = () => {
    if (cur.length) out.push({text: cur.join('\n'), line: start});
    cur = [];
  };
  body.split('\n').forEach((l, i) => {
    if (fence) {
      if (fence.test(l)) fence = null;
      return;
    }
    const open = /^\s*(`{3,}|~{3,})/.exec(l);
    if (open) {
      flush();
      fence = new RegExp(`^\\s*${open[1][0] === '`' ? '`' : '~'}{${open[1].length},}\\s*$`);
      return;
    }
    if (!l.trim() || /^\s*\|/.test(l) || /^#{1,6}\s/.test(l)) {
      flush();
      return;
    }
    if (!cur.length) start = bodyLine + i;
    cur.push(l);
  });
  flush();
  return out;
}
