// The bundler's persistent cache of `npm run build` lives in the build's cache folder (plugins/lib/paths.ts
// BUNDLER_CACHE_DIR), beside our steps' caches, so that scripts/lib/build-caches.ts trusts or sets aside both together.
// The dev server (`npm start`) keeps Rspack's default folder: a dev server stopped with Ctrl-C never touches what the
// build trusts.
import type {LoadContext, Plugin} from '@docusaurus/types';
import {BUNDLER_CACHE_DIR} from '../lib/paths';

type RspackCache = {type?: string; storage?: {type: 'filesystem'; directory: string}};

export default function bundlerCache(_context: LoadContext): Plugin {
  return {
    name: 'lingchuan-bundler-cache',
    configureWebpack(config) {
      const cache = (config as {experiments?: {cache?: RspackCache | boolean}}).experiments?.cache;
      // Only a production build with Rspack's persistent cache (not webpack, not DOCUSAURUS_NO_PERSISTENT_CACHE).
      if (config.mode !== 'production' || !cache || typeof cache !== 'object' || cache.type !== 'persistent') return {};
      cache.storage = {type: 'filesystem', directory: BUNDLER_CACHE_DIR};
      return {};
    },
  };
}
