// Search, build-time side. Offline mode (no Algolia credentials): after the build, the built pages are turned into
// search records (extract.ts) and the offline index (build-index.ts) is written to <outDir>/search-index.json; the theme's
// /search page is pointed at the offline client by aliasing `algoliasearch/lite`. Algolia mode builds nothing: the
// records are pushed by scripts/search-push.mjs (or crawled by the DocSearch crawler, deploy/algolia/crawler.config.js).
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {BuildCache} from '../lib/build-cache';
import {startExtraction} from './extract';
import {INDEX_FILE, writeIndex} from './build-index';
import {siteSearchMode} from '../../src/shared/search-mode';

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
/** The index head every first search downloads (nginx serves it gzipped); the files of the query come on top. */
const GZIP_BUDGET = 24 * 1024;

export default function search(context: LoadContext): Plugin {
  const offline = siteSearchMode(context.siteConfig.customFields) === 'offline';
  const algolia = (context.siteConfig.themeConfig as {algolia?: {appId?: string; indexName?: string}}).algolia ?? {};
  /** A build's extraction of its records: its records cache (one a build, for its counts and prune) and the run. */
  type Extraction = {cache: BuildCache; run: ReturnType<typeof startExtraction>};
  const start = (dir: string): Extraction => {
    const cache = new BuildCache('search-records');
    return {cache, run: startExtraction(dir, {}, cache)};
  };
  let extraction: Extraction | null = null;
  return {
    name: 'search',

    // The records are taken from each built page while the manuals (whose post-build step runs before ours) have it
    // parsed, so that a page is parsed once and let go at once: listening starts before any post-build step.
    async allContentLoaded() {
      extraction?.run.stop();
      extraction = offline ? start(context.outDir) : null;
    },

    // Offline, nothing is sent to Algolia: the search page shows no provider logo. A stylesheet of offline builds only,
    // so that the static HTML is already right (a class set through <Head> was dropped and set again while hydrating).
    getClientModules() {
      return offline ? [path.join(__dirname, '../../src/search/offline.css')] : [];
    },

    configureWebpack(config) {
      // The bundler's persistent cache is keyed on Docusaurus' version and theme aliases, not on ours: without the mode
      // in its version, a build in one mode would reuse the other mode's resolution of `algoliasearch/lite`.
      const mode = offline ? 'offline' : 'algolia';
      const cache = (config as {experiments?: {cache?: {version?: string}}}).experiments?.cache;
      if (cache && typeof cache === 'object') cache.version = `${cache.version ?? ''}-search-${mode}`;
      if (config.cache && typeof config.cache === 'object' && 'version' in config.cache) {
        config.cache.version = `${config.cache.version ?? ''}-search-${mode}`;
      }
      if (!offline) return {};
      // The theme's SearchPage imports `liteClient` from 'algoliasearch/lite': give it the offline client.
      return {
        resolve: {alias: {'algoliasearch/lite$': path.join(context.siteDir, 'src/search/client.ts')}},
      };
    },

    async postBuild({outDir}) {
      if (!offline) {
        console.log(`[search] Algolia mode: index ${algolia.indexName}, app ${algolia.appId}`);
        return;
      }
      // Started in allContentLoaded for context.outDir, which is this outDir.
      const {cache, run} = extraction ?? start(outDir);
      extraction = null;
      const {records, pages} = run.finish();
      cache.prune();
      if (records.length === 0) throw new Error(`[search] no search records found in ${outDir}`);
      const written = writeIndex(outDir, records);
      const files = Object.entries(written.kinds)
        .map(([kind, k]) => `${k.files} ${kind} (${kb(k.bytes)}, largest ${kb(k.largest)})`)
        .join(', ');
      console.log(
        `[search] offline mode: ${records.length} records from ${pages} pages (the records of ${cache.hits} of ${cache.hits + cache.misses} built pages unchanged from the cache; MiniSearch scores): ${INDEX_FILE} ${kb(written.gzipBytes)} gzip; ${files} as JSON`,
      );
      if (written.gzipBytes > GZIP_BUDGET) {
        throw new Error(
          `[search] the index head ${INDEX_FILE} is ${kb(written.gzipBytes)} gzip, over its budget of ${kb(GZIP_BUDGET)}`,
        );
      }
    },
  };
}
