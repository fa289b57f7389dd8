// The floors of the code: bench → scripts → plugins → src, each importing only floors to its right; plugins/lib (the
// build's shared library) imports no plugin; no plugin imports src/components (the data types they share live in
// src/shared). The rule is checked on every import of the tree, and shown to fail on a broken example.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT, repoPath} from '../../plugins/lib/paths';
import {walkFiles} from '../../plugins/lib/walk';

type Imports = {file: string; imports: {line: number; target: string}[]};

const FLOORS = ['bench', 'scripts', 'plugins', 'src'];

/** Every relative import (static, dynamic, re-export, require) of a file, resolved to a repository path. */
function importsOf(file: string): Imports {
  const text = fs.readFileSync(file, 'utf8');
  const imports: Imports['imports'] = [];
  const re = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+|@site\/[^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    const spec = m[1];
    const abs = spec.startsWith('@site/') ? path.join(ROOT, spec.slice(6)) : path.resolve(path.dirname(file), spec);
    imports.push({line: text.slice(0, m.index).split('\n').length, target: repoPath(abs)});
  }
  return {file: repoPath(file), imports};
}

/** The imports that break the floors, as `file:line: reason`. */
export function layerViolations(files: Imports[]): string[] {
  const floor = (p: string) => FLOORS.indexOf(p.split('/')[0]);
  const out: string[] = [];
  for (const {file, imports} of files) {
    const from = floor(file);
    if (from < 0) continue;
    for (const {line, target} of imports) {
      const to = floor(target);
      const where = `${file}:${line}: imports ${target}`;
      if (to >= 0 && to < from)
        out.push(`${where}: ${FLOORS[from]}/ may not import ${FLOORS[to]}/ (floors: ${FLOORS.join(' → ')})`);
      else if (file.startsWith('plugins/lib/') && target.startsWith('plugins/') && !target.startsWith('plugins/lib/'))
        out.push(`${where}: plugins/lib may not import a plugin`);
      else if (file.startsWith('plugins/') && target.startsWith('src/components/'))
        out.push(`${where}: a plugin may not import src/components (share types through src/shared)`);
    }
  }
  return out;
}

test.describe('code floors', () => {
  test('no import of the tree breaks the floors', () => {
    const files = FLOORS.flatMap((dir) =>
      walkFiles(path.join(ROOT, dir), {file: (rel) => /\.(m?[jt]sx?)$/.test(rel), dir: (rel) => rel !== 'results'}),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(layerViolations(files.map(importsOf))).toEqual([]);
  });

  test('a broken example fails with file:line and the rule', () => {
    const broken: Imports[] = [
      {file: 'plugins/lib/reading-order.ts', imports: [{line: 7, target: 'plugins/area-nav'}]},
      {file: 'plugins/downloads/index.ts', imports: [{line: 9, target: 'src/components/DownloadCard/types'}]},
      {file: 'src/search/engine.ts', imports: [{line: 3, target: 'plugins/search/build-index'}]},
      {file: 'scripts/build.ts', imports: [{line: 2, target: 'bench/options'}]},
      {file: 'bench/run.ts', imports: [{line: 1, target: 'scripts/lib/chromium'}]},
    ];
    expect(layerViolations(broken)).toEqual([
      'plugins/lib/reading-order.ts:7: imports plugins/area-nav: plugins/lib may not import a plugin',
      'plugins/downloads/index.ts:9: imports src/components/DownloadCard/types: a plugin may not import src/components (share types through src/shared)',
      'src/search/engine.ts:3: imports plugins/search/build-index: src/ may not import plugins/ (floors: bench → scripts → plugins → src)',
      'scripts/build.ts:2: imports bench/options: scripts/ may not import bench/ (floors: bench → scripts → plugins → src)',
    ]);
  });
});
