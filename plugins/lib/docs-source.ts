// The page-plan model and the docs sources: read by the sidebars, the build plugins, the scripts and the tests (a
// neutral module: it imports nothing of theirs).
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {DOCS_DIR, PLAN_FILE, ROOT} from './paths';
import {walkFiles} from './walk';

export type PlanRow = {id: string; sidebar: string; kind: string; title: string};
export type DocFile = {id: string; file: string; rel: string};

/** The page plan: [{id, sidebar, kind, title}] in plan order. */
export function readPlan(file = PLAN_FILE): PlanRow[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split('\t');
  const want = ['id', 'sidebar', 'kind', 'title'];
  if (want.some((k, i) => header[i] !== k)) {
    throw new Error(`${file}:1: header must be ${want.join('\\t')}, found ${header.join('\\t')}`);
  }
  return lines.map((line, i) => {
    const [id, sidebar, kind, title] = line.split('\t');
    if (!id || !sidebar || !kind || !title) throw new Error(`${file}:${i + 2}: a row needs four tab-separated columns`);
    return {id, sidebar, kind, title};
  });
}

/** Every doc source file under docs/ as {id, file, rel}. */
export function listDocs(dir = DOCS_DIR): DocFile[] {
  return walkFiles(dir, {file: (rel) => /\.mdx?$/.test(rel) && !path.posix.basename(rel).startsWith('_')})
    .map((p) => {
      const rel = path.relative(DOCS_DIR, p).split(path.sep).join('/');
      return {id: rel.replace(/\.mdx?$/, ''), file: p, rel: `docs/${rel}`};
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

export function docExists(id: string): boolean {
  return ['.md', '.mdx'].some((ext) => fs.existsSync(path.join(DOCS_DIR, id + ext)));
}

/** Parse a doc: front matter, body, and the line where the body starts. Throws with the file named on bad YAML. */
export function parseDoc(file: string): {data: Record<string, unknown>; body: string; bodyLine: number; raw: string} {
  const raw = fs.readFileSync(file, 'utf8');
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(raw);
  } catch (err) {
    const e = err as {mark?: {line: number}; reason?: string; message: string};
    // The parser's line (0-based within the front matter, after the opening ---); an error found only at the end of the
    // front matter (an unclosed bracket or quote) is reported at its last line with text, where the writer looks.
    const fm = raw.split('\n');
    const close = fm.findIndex((l, i) => i > 0 && l.trim() === '---');
    let line = e.mark ? e.mark.line + 2 : 1;
    if (close > 0 && line > close) {
      line = close;
      while (line > 2 && !fm[line - 1].trim()) line--;
    }
    throw new Error(`${path.relative(ROOT, file)}:${line}: malformed front matter: ${e.reason || e.message}`);
  }
  const fmLines = raw.startsWith('---') ? raw.slice(0, raw.length - parsed.content.length).split('\n').length - 1 : 0;
  return {data: parsed.data, body: parsed.content, bodyLine: fmLines + 1, raw};
}
