// 「我的环境」's build-time side: the fields (docs-guide/reference-plant.yaml `readerValues`) and the pages of the tools
// reach the browser as the plugin's global data; ./mark.ts (a remark plugin of the docs) marks the code that holds them.
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ReaderValuesData} from '../../src/env/types';
import {readerFields} from './fields';

/** The tool pages that compute derived values from the reader's own inputs. */
export const TOOL_PAGES: ReaderValuesData['tools'] = {
  signature: '/docs/neptune/api/signature-tool',
  mqtt: '/docs/neptune/api/mqtt/connect-tool',
};

export default function readerValues(_context: LoadContext): Plugin<ReaderValuesData> {
  return {
    name: 'reader-values',
    async loadContent() {
      return {fields: readerFields(), tools: TOOL_PAGES};
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
    // The browser side (src/env, except the panel and its refusal texts, which load on open) in one chunk of its own: the doc page's layout
    // (code blocks, page tools) and a page's <MyEnvironment /> share it instead of each carrying a copy.
    configureWebpack() {
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              readerValues: {
                test: /[\\/]src[\\/]env[\\/](?!Panel|panel|rule-texts)/,
                name: 'reader-values',
                chunks: 'all',
                enforce: true,
                priority: 50,
              },
            },
          },
        },
      };
    },
  };
}
