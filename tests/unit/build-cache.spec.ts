// plugins/lib/build-cache.ts and the built pages' hash (plugins/lib/built-html.ts pageHash), which the post-build caches
// (manuals, search records) are keyed by: an entry is made once and then read, a whole run drops what it did not use,
// and a page's hash ignores the script bundles' names (they change with every edit anywhere) but nothing else.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {BuildCache, inputsHash} from '../../plugins/lib/build-cache';
import {pageHash} from '../../plugins/lib/built-html';
import {tempDir} from '../tmp';

test('an entry is made once, then read; prune keeps only what the run used', () => {
  const root = tempDir('build-cache-');
  let made = 0;
  const make = () => `made ${++made}`;
  const first = new BuildCache('kind', root);
  expect(first.through('a.json', make)).toBe('made 1');
  expect(first.through('b.json', make)).toBe('made 2');
  first.prune();
  expect([first.hits, first.misses]).toEqual([0, 2]);

  const second = new BuildCache('kind', root);
  expect(second.through('a.json', make)).toBe('made 1'); // from the cache: not made again
  expect(made).toBe(2);
  second.prune();
  expect([second.hits, second.misses]).toEqual([1, 0]);
  expect(fs.readdirSync(path.join(root, 'kind'))).toEqual(['a.json']);
});

test('inputsHash changes with a file and with a value', () => {
  const dir = tempDir('build-cache-inputs-');
  const f = path.join(dir, 'code.ts');
  fs.writeFileSync(f, 'export const a = 1;\n');
  const h = inputsHash([f], {origin: 'https://a'});
  expect(inputsHash([f], {origin: 'https://a'})).toBe(h);
  expect(inputsHash([f], {origin: 'https://b'})).not.toBe(h);
  fs.writeFileSync(f, 'export const a = 2;\n');
  expect(inputsHash([f], {origin: 'https://a'})).not.toBe(h);
});

test("a page's hash ignores its script bundles' names, not its article or stylesheet", () => {
  const dir = tempDir('build-cache-pages-');
  const page = (name: string, runtime: string, css: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(
      file,
      `<link rel=stylesheet href=/assets/css/styles.${css}.css><script src=/assets/js/runtime~main.${runtime}.js defer></script>` +
        `<script src="/assets/js/main.133f9b1a.js" defer></script><article><p>${text}</p></article>`,
    );
    return pageHash(file);
  };
  const base = page('a.html', '68f6655e', '0f6a0633', '设备影子');
  expect(page('b.html', '1234abcd', '0f6a0633', '设备影子')).toBe(base); // another edit moved the runtime's hash
  expect(page('c.html', '68f6655e', '0f6a0633', '设备孪生')).not.toBe(base); // the article changed
  expect(page('d.html', '68f6655e', 'aaaabbbb', '设备影子')).not.toBe(base); // the stylesheet changed
});
