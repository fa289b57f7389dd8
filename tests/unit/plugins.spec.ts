import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {includeCode} from '../../plugins/code-include';
import {describeDownloads} from '../../plugins/downloads';
import {loadAreas, readFolder} from '../../plugins/area-nav';
import {locateInAreas} from '../../src/components/AreaNav/locate';
import {formatBytes} from '../../src/components/DownloadCard/format';
import {mergeFacetFilters} from '../../src/search/facets';
import {accessibleTheme, blend, contrast} from '../../src/prism/contrast';
import {themes} from 'prism-react-renderer';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docs-unit-'));
const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  fs.writeFileSync(path.join(root, rel), text);
};

test.describe('code-include', () => {
  test('fills a `file=` fence with the file and drops the attribute', () => {
    const root = tmp();
    write(root, 'examples/a.js', 'console.log(1);\n');
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'title="a.js" file=examples/a.js', value: ''}]};
    includeCode(tree, 'docs/x.md', root);
    expect(tree.children[0]).toMatchObject({value: 'console.log(1);', meta: 'title="a.js"'});
  });

  test('a missing file fails with the page and the path named', () => {
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'file=examples/nope.js', value: ''}]};
    expect(() => includeCode(tree, 'docs/neptune/api/x.md', tmp())).toThrow(/docs\/neptune\/api\/x\.md.*examples\/nope\.js/);
  });

  test('a fence with both a body and file= is refused', () => {
    const root = tmp();
    write(root, 'examples/a.js', 'x');
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'file=examples/a.js', value: 'stale copy'}]};
    expect(() => includeCode(tree, 'docs/y.md', root)).toThrow(/must be empty/);
  });

  test('a path outside the repository is refused', () => {
    const root = tmp();
    const tree = {type: 'root', children: [{type: 'code', lang: 'text', meta: 'file=../../etc/passwd', value: ''}]};
    expect(() => includeCode(tree, 'docs/z.md', root)).toThrow(/does not exist in the repository/);
  });
});

test.describe('downloads', () => {
  test('size and SHA-256 are computed from the file', () => {
    const dir = tmp();
    write(dir, 'tool-1.0.0.html', 'abc');
    expect(describeDownloads(dir)).toEqual({
      'tool-1.0.0.html': {
        file: 'tool-1.0.0.html',
        url: '/downloads/tool-1.0.0.html',
        bytes: 3,
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      },
    });
  });

  test('sizes read as a person would write them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(30_720)).toBe('30.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});

test.describe('area navigation', () => {
  const fm = (title: string, pos: number, extra = '') => `---\ntitle: ${title}\nsidebar_position: ${pos}\n${extra}---\n\n正文\n`;
  function fixture() {
    const docs = tmp();
    write(docs, 'triton/_category_.json', '{"label": "Triton", "position": 1}');
    write(docs, 'triton/introduction.md', fm('简介', 1));
    write(docs, 'triton/faq.md', fm('常见问题', 9));
    write(docs, 'triton/config.md', fm('配置', 2, 'sidebar_label: 配置参考\n'));
    write(docs, 'triton/dev/_category_.json', '{"label": "驱动开发", "position": 3}');
    write(docs, 'triton/dev/go.md', fm('Go 驱动', 1));
    write(docs, 'triton/deploy/_category_.json', '{"label": "部署", "position": 2}');
    write(docs, 'triton/deploy/linux.md', fm('Linux', 1));
    write(docs, 'triton/deploy/draft.md', fm('草稿', 2, 'draft: true\n'));
    return docs;
  }

  test('pages and sub-folders of a folder are ordered by their positions; drafts are left out', () => {
    const items = readFolder(fixture(), 'triton');
    expect(items.map((i) => (i.type === 'doc' ? i.id : i.label))).toEqual([
      'triton/introduction',
      'triton/config',
      '部署',
      '驱动开发',
      'triton/faq',
    ]);
  });

  test('a page knows its previous, next and up pages and its groups', () => {
    const data = loadAreas(fixture());
    const pos = locateInAreas(data, 'triton/deploy/linux')!;
    expect(pos.prev?.id).toBe('triton/config');
    expect(pos.next?.id).toBe('triton/dev/go');
    expect(pos.up?.id).toBe('triton/introduction');
    expect(pos.trail).toEqual(['部署']);
    expect(locateInAreas(data, 'triton/introduction')!.up).toBeUndefined();
    expect(locateInAreas(data, 'neptune/user/introduction')).toBeNull();
    expect(data.areas.triton.order.find((d) => d.id === 'triton/config')?.label).toBe('配置参考');
  });

  test('malformed front matter is reported with the file named', () => {
    const docs = tmp();
    write(docs, 'triton/bad.md', '---\ntitle: [unclosed\n---\n');
    expect(() => readFolder(docs, 'triton')).toThrow(/bad\.md: malformed front matter/);
  });
});

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
