// Small browser-side helpers: code themes at 4.5:1 contrast (src/prism) and the search facet filters (src/search).
import {test, expect} from '@playwright/test';
import {accessibleTheme, blend, contrast} from '../../src/prism/contrast';
import {themes} from 'prism-react-renderer';
import {mergeFacetFilters} from '../../src/search/facets';

test('contextual and configured facet filters are all required', () => {
  expect(mergeFacetFilters(['language:zh-Hans', ['docusaurus_tag:default']], 'type:content')).toEqual([
    'language:zh-Hans',
    ['docusaurus_tag:default'],
    'type:content',
  ]);
});

test('code themes reach 4.5:1 contrast for every token, keeping the background', () => {
  const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number];
  const rgb = (c: string) =>
    c.startsWith('#')
      ? hex(c.length === 4 ? '#' + c.slice(1).replace(/./g, '$&$&') : c)
      : (c.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number]);
  for (const base of [themes.github, themes.dracula]) {
    const highlighted = blend('#0b5cad', 0.12, String(base.plain.backgroundColor));
    const t = accessibleTheme(base, [highlighted]);
    expect(t.plain.backgroundColor).toBe(base.plain.backgroundColor);
    for (const bg of [rgb(String(t.plain.backgroundColor)), rgb(highlighted)]) {
      for (const s of t.styles) if (s.style.color) expect(contrast(rgb(s.style.color), bg)).toBeGreaterThanOrEqual(4.5);
    }
  }
});
