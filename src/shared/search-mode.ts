// Which search the site uses: Algolia DocSearch when both credentials are set at build time, else the offline index. The
// one place that decides it: the config (from the environment), the build's completion marker, the search plugin, the
// theme's search bar and page (from the site's customFields) all ask here.
export type SearchMode = 'algolia' | 'offline';

/** The mode a build with these environment variables gets. */
export function searchModeFromEnv(env: Record<string, string | undefined>): SearchMode {
  return env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY ? 'algolia' : 'offline';
}

/** The mode a built site uses, from its `customFields` (docusaurus.config.ts sets `searchMode`). */
export function siteSearchMode(customFields: Record<string, unknown> | undefined): SearchMode {
  return customFields?.searchMode === 'algolia' ? 'algolia' : 'offline';
}
