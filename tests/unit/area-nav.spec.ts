// plugins/lib/area-nav: the order of areas without a sidebar, and where a page sits in it.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {loadAreas, navAreas, navDocs, type LoadedDoc} from '../../plugins/lib/area-nav';
import {locateInAreas} from '../../src/components/AreaNav/locate';
import {tempDir} from '../tmp';

const tmp = () => tempDir('docs-unit-');
const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  fs.writeFileSync(path.join(root, rel), text);
};

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
    const items = loadAreas(fixture()).areas.triton.items;
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

  test("the build takes the docs plugin's docs: same order, its permalinks, unlisted pages left out", () => {
    const loaded = (id: string, title: string, sidebarPosition?: number, extra: Partial<LoadedDoc> = {}): LoadedDoc => ({
      id,
      title,
      description: '',
      permalink: `/base/docs/${id}`,
      source: `@site/docs/${id}.md`,
      sidebarPosition,
      frontMatter: {},
      ...extra,
    });
    const data = navAreas(
      navDocs([
        loaded('triton/faq', '常见问题', 9),
        loaded('triton/introduction', '简介', 1),
        loaded('triton/config', '配置', 2, {frontMatter: {sidebar_label: '配置参考'}}),
        loaded('triton/deploy/linux', 'Linux', 1),
        loaded('triton/deploy/hidden', '隐藏', 2, {unlisted: true}),
      ]),
      {triton: {label: 'Triton', position: 1}, 'triton/deploy': {label: '部署', position: 2}},
    );
    const order = data.areas.triton.order;
    expect(order.map((d) => d.id)).toEqual(['triton/introduction', 'triton/config', 'triton/deploy/linux', 'triton/faq']);
    expect(order[1].label).toBe('配置参考');
    expect(order[0].permalink).toBe('/base/docs/triton/introduction');
    expect(data.areas.triton.items.map((i) => (i.type === 'doc' ? i.id : i.label))).toContain('部署');
  });

  test('malformed front matter is reported with the file named', () => {
    const docs = tmp();
    write(docs, 'triton/bad.md', '---\ntitle: [unclosed\n---\n');
    expect(() => loadAreas(docs)).toThrow(/bad\.md: malformed front matter/);
  });
});
