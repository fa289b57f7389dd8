// Chinese copy lint (AutoCorrect with .autocorrectrc) over docs and pages. Front matter is data, not prose: it is
// blanked (line numbers kept) before linting. Usage: tsx scripts/lint-copy.ts [--fix] [files or folders...]
import fs from 'node:fs';
import path from 'node:path';
import {formatFor, lintFor, loadConfig} from 'autocorrect-node';
import {ROOT} from '../plugins/lib/paths';
import {walkFiles} from '../plugins/lib/walk';
import {parseCli} from './lib/args';

const DEFAULT_TARGETS = ['docs', 'src/pages'];

function markdownFiles(target: string): string[] {
  const abs = path.resolve(ROOT, target);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [abs];
  return walkFiles(abs, {file: (rel) => /\.mdx?$/.test(rel)});
}

/** The front matter replaced by blank lines, so that reported line numbers stay those of the file. */
export function blankFrontMatter(text: string): {body: string; fm: string} {
  const m = /^---\n[\s\S]*?\n---\n/.exec(text);
  if (!m) return {body: text, fm: ''};
  return {body: m[0].replace(/[^\n]/g, '') + text.slice(m[0].length), fm: m[0]};
}

export type CopyProblem = {file: string; line: number; col: number; old: string; fixed: string};

export function lintCopy(files: string[]): CopyProblem[] {
  loadConfig(fs.readFileSync(path.join(ROOT, '.autocorrectrc'), 'utf8'));
  const out: CopyProblem[] = [];
  for (const file of files) {
    const {body} = blankFrontMatter(fs.readFileSync(file, 'utf8'));
    const res = lintFor(body, file);
    if (res.error) throw new Error(`${path.relative(ROOT, file)}: AutoCorrect failed: ${res.error}`);
    for (const l of res.lines) {
      out.push({file: path.relative(ROOT, file), line: l.l, col: l.c, old: l.old.trim(), fixed: l.new.trim()});
    }
  }
  return out;
}

if (require.main === module) {
  const {values, positionals} = parseCli(
    'lint-copy',
    {fix: {type: 'boolean'}},
    {positionals: Infinity, args: '[files or folders...]'},
  );
  const fix = values.fix === true;
  const files = (positionals.length ? positionals : DEFAULT_TARGETS).flatMap(markdownFiles);
  if (fix) {
    loadConfig(fs.readFileSync(path.join(ROOT, '.autocorrectrc'), 'utf8'));
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const {body, fm} = blankFrontMatter(text);
      const fixed = formatFor(body, file);
      const out =
        fm +
        fixed
          .split('\n')
          .slice(fm ? fm.split('\n').length - 1 : 0)
          .join('\n');
      if (out !== text) fs.writeFileSync(file, out);
    }
  }
  const problems = lintCopy(files);
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.col}: 「${p.old}」 → 「${p.fixed}」`);
  console.log(`lint-copy: ${files.length} file(s), ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}
