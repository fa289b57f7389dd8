// plugins/docs-lean: the version prop every docs page loads keeps ids, titles and sidebars but not the descriptions, in
// a nested route tree as the docs plugin adds it; other routes are left as they are.
import {test, expect} from '@playwright/test';
import type {RouteConfig} from '@docusaurus/types';
import {withoutDescriptions} from '../../plugins/docs-lean';

const tree: RouteConfig = {
  path: '/docs',
  component: '@theme/DocsRoot',
  routes: [
    {
      path: '/docs',
      component: '@theme/DocVersionRoot',
      props: {
        version: {
          version: 'current',
          docsSidebars: {neptune: [{type: 'link', href: '/docs/a', label: 'A'}]},
          docs: {
            a: {id: 'a', title: 'A', description: '一段很长的页面描述', sidebar: 'neptune'},
            b: {id: 'b', title: 'B', description: '另一段描述'},
          },
        },
      },
      routes: [{path: '/docs/a', component: '@theme/DocItem', exact: true, modules: {content: '@site/docs/a.md'}}],
    },
  ],
};

test('the version prop loses the descriptions and keeps everything else', () => {
  const lean = withoutDescriptions(tree);
  const version = (lean.routes![0].props as {version: {docs: Record<string, object>; docsSidebars: object}}).version;
  expect(version.docs).toEqual({a: {id: 'a', title: 'A', sidebar: 'neptune'}, b: {id: 'b', title: 'B'}});
  expect(version.docsSidebars).toEqual({neptune: [{type: 'link', href: '/docs/a', label: 'A'}]});
  expect(lean.routes![0].routes).toEqual(tree.routes![0].routes);
  expect(lean.path).toBe('/docs');
  // The input is not changed.
  expect(JSON.stringify(tree)).toContain('一段很长的页面描述');
  expect(JSON.stringify(lean)).not.toContain('描述');
});
