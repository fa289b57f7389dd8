// Prism on demand (build-time side). The classic theme loads Prism and our additional languages from a client module, so
// every page evaluated them in main.js before hydrating (about a quarter of main.js's evaluation), though code blocks
// arrive highlighted in the static HTML. This plugin replaces that client module with an empty one; the grammars load
// with src/prism/HighlightedLines.tsx, which src/theme/CodeBlock/Content renders only where a block needs highlighting
// in the browser (a page opened by client-side navigation, or dark mode). It also resolves `@lc/code-lines` for that
// component: the highlighter itself on the server, a lazy chunk behind Suspense in the browser.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const SRC = path.join(__dirname, '../../src/prism');

/** The theme's start-up module (`@docusaurus/theme-classic/lib/prism-include-languages`), as the client modules list it. */
export const STARTUP_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

export default function prismOnDemand(): Plugin {
  return {
    name: 'prism-on-demand',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {
          alias: {'@lc/code-lines': path.join(SRC, isServer ? 'lines.server.tsx' : 'lines.client.tsx')},
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            STARTUP_PRISM_MODULE,
            path.join(__dirname, 'no-startup-prism.ts'),
          ),
        ],
      };
    },
  };
}
