// The answer to a search that could not run (kept apart from the client so the search button does not load it).
/** Answers for every request of a search that could not run: no hits, so callers render an empty state, not a crash. */
export function emptyResults(arg: unknown): {results: Record<string, unknown>[]} {
  const requests = Array.isArray(arg) ? arg : ((arg as {requests?: unknown[]})?.requests ?? []);
  return {
    results: requests.map((r) => {
      const req = r as {indexName?: string; query?: string; params?: {query?: string}};
      return {
        hits: [],
        nbHits: 0,
        page: 0,
        nbPages: 0,
        hitsPerPage: 0,
        processingTimeMS: 0,
        exhaustiveNbHits: true,
        query: req.query ?? req.params?.query ?? '',
        params: '',
        index: req.indexName ?? '',
      };
    }),
  };
}
