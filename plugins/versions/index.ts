// The version registry's browser side: each product's name, how pages write its versions and the versions themselves reach
// the browser as global data (the reader chooses theirs in 「我的环境」; badges compare). See ./mark.ts for the pages.
import type {Plugin} from '@docusaurus/types';
import {readVersions} from '../lib/versions';
import type {VersionsData} from '../../src/versions/types';

export default function versions(): Plugin<VersionsData> {
  return {
    name: 'versions',
    async loadContent() {
      return {
        products: readVersions().map((p) => ({
          id: p.id,
          name: p.name,
          written: p.written,
          versions: p.versions.map((v) => v.version),
        })),
      };
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}
