// The site's own interface strings are translations: every <Translate id> and translate({id}) in src/ is in the committed
// i18n/zh-Hans/code.json, and the navbar and footer labels of the area registry are in the theme's translation files.
// After adding or changing a string: `npm run write-translations`, then commit i18n/.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {AREAS, PRODUCT_LINES} from '../../src/areas';
import {ROOT} from '../../plugins/lib/paths';
import {walkFiles} from '../../plugins/lib/walk';

const I18N = path.join(ROOT, 'i18n/zh-Hans');
const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(I18N, rel), 'utf8')) as Record<string, {message: string}>;

const sourceFiles = (dir: string) => walkFiles(dir, {file: (rel) => /\.(tsx?|jsx?)$/.test(rel)});

/** Translation ids used in src/, with file:line. */
function idsInSource(): {id: string; where: string}[] {
  const out: {id: string; where: string}[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/<Translate\s+id="([^"]+)"|translate\(\s*\{\s*id:\s*'([^']+)'/g))
        out.push({id: m[1] ?? m[2], where: `${path.relative(ROOT, file)}:${i + 1}`});
    });
  }
  return out;
}

test('every interface string of src/ is in i18n/zh-Hans/code.json', () => {
  const code = read('code.json');
  const used = idsInSource();
  expect(used.length).toBeGreaterThan(30);
  const missing = used.filter((u) => !(u.id in code)).map((u) => `${u.where}: "${u.id}" is not in i18n/zh-Hans/code.json`);
  expect(missing, 'run `npm run write-translations` and commit i18n/').toEqual([]);
});

test('the navbar and footer labels of the area registry are in the theme translations', () => {
  const navbar = read('docusaurus-theme-classic/navbar.json');
  const footer = read('docusaurus-theme-classic/footer.json');
  for (const a of PRODUCT_LINES) expect(navbar[`item.label.${a.navLabel}`]?.message, `navbar: ${a.navLabel}`).toBe(a.navLabel);
  const footerLabels = new Set(Object.values(footer).map((v) => v.message));
  for (const a of AREAS) expect(footerLabels.has(a.footerLabel ?? a.name), `footer: ${a.footerLabel ?? a.name}`).toBe(true);
});
