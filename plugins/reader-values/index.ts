// 「我的环境」's build-time side: the fields (docs-guide/reference-plant.yaml `readerValues`) and the pages of the tools
// reach the browser as the plugin's global data; ./mark.ts (a remark plugin of the docs) marks the code that holds them.
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {DerivedKind, ReaderValuesData} from '../../src/env/types';
import {readPlan} from '../lib/docs-source';
import {readerFields} from './fields';

/** The tool pages that compute derived values from the reader's own inputs (page ids; their titles come from the plan). */
export const TOOL_PAGES: Record<DerivedKind, string> = {
  signature: 'neptune/api/signature-tool',
  mqtt: 'neptune/api/mqtt/connect-tool',
};

/** Each tool's link and title, as the panel and the derived blocks' notes name it. */
function tools(): ReaderValuesData['tools'] {
  const plan = new Map(readPlan().map((r) => [r.id, r.title]));
  const link = (id: string) => {
    const title = plan.get(id);
    if (!title) throw new Error(`[reader-values] tool page ${id} is not in docs-guide/ia.tsv`);
    return {to: `/docs/${id}`, title};
  };
  return {signature: link(TOOL_PAGES.signature), mqtt: link(TOOL_PAGES.mqtt)};
}

export default function readerValues(_context: LoadContext): Plugin<ReaderValuesData> {
  return {
    name: 'reader-values',
    async loadContent() {
      return {fields: readerFields(), tools: tools()};
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
