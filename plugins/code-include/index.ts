// Remark plugin: a code fence with `file=path/from/repo/root` in its meta shows that file, so pages show exactly the tested code.
// The Markdown export (plugins/markdown-export) runs the same function, so the `.md` pages show the same code.
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../lib/paths';

type Node = {
  type: string;
  meta?: string | null;
  value?: string;
  lang?: string | null;
  children?: Node[];
  position?: {start: {line: number}};
};

const FILE_META = /(^|\s)file=(\S+)/;

/** Fill every `file=` fence of the tree; an error names the page and the fence's line (the tree's lines are the file's). */
export function includeCode(tree: Node, pagePath: string, root = ROOT): void {
  const visit = (node: Node) => {
    if (node.type === 'code' && node.meta && FILE_META.test(node.meta)) {
      const rel = FILE_META.exec(node.meta)![2];
      const abs = path.resolve(root, rel);
      const where = `${pagePath}:${node.position?.start.line ?? 1}`;
      if (!abs.startsWith(root + path.sep) || !fs.existsSync(abs)) {
        throw new Error(`[code-include] ${where}: the code fence includes "${rel}", which does not exist in the repository`);
      }
      if (node.value && node.value.trim()) {
        throw new Error(`[code-include] ${where}: a code fence with file=${rel} must be empty (the file is its content)`);
      }
      node.value = fs.readFileSync(abs, 'utf8').replace(/\n$/, '');
      node.meta = node.meta.replace(FILE_META, '$1').trim() || null;
    }
    node.children?.forEach(visit);
  };
  visit(tree);
}

export default function codeInclude() {
  return (tree: Node, file: {path?: string; history?: string[]}) => {
    const page = path.relative(ROOT, file.path ?? file.history?.[0] ?? 'unknown page');
    includeCode(tree, page);
  };
}
