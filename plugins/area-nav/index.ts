// Areas without a sidebar (open-platform, triton, apps) get an index and previous / next / up links built from their
// folders (plugins/lib/area-nav): from the docs plugin's loaded docs, once every plugin has loaded its content, and the
// folders' `_category_.json` files, which this plugin loads.
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {SIDEBARLESS} from '../../src/areas';
import {docsContentOf, navAreas, navDocs, readCategories, type Categories} from '../lib/area-nav';

export default function areaNav(context: LoadContext): Plugin<Categories> {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'area-nav',
    getPathsToWatch: () => SIDEBARLESS.map((a) => `${docsDir}/${a.dir}/**/_category_.json`),
    async loadContent() {
      return readCategories(docsDir);
    },
    async allContentLoaded({allContent, actions}) {
      const categories = allContent['area-nav']?.default as Categories;
      actions.setGlobalData(navAreas(navDocs(docsContentOf(allContent).docs), categories));
    },
  };
}
