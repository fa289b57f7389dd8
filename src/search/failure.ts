// Whether the last search failed, and how: the one record of it. Search clients report through `answerFailures` (the
// offline client always, the SearchBar for Algolia's); the modal and the search page read it with `useSearchFailure`.
// Small and free of the client, so the search button can import it without loading any search code.
import {useSyncExternalStore} from 'react';

export type FailureKind = 'network' | 'http';
/** One failed search (a new object each time, so a failure can be told from an earlier one of the same kind). */
export type SearchFailure = {kind: FailureKind};

/** The kind of a search failure: ours carry it; Algolia's errors carry an HTTP status when the server answered. */
export function failureKind(e: unknown): FailureKind {
  const err = e as {kind?: unknown; status?: unknown} | null;
  if (err?.kind === 'http' || (typeof err?.status === 'number' && err.status > 0)) return 'http';
  return 'network';
}

let last: SearchFailure | null = null;
const listeners = new Set<() => void>();

function record(next: SearchFailure | null): void {
  if (next === last) return;
  last = next;
  listeners.forEach((l) => l());
}

/** The last search's failure, null when it answered (or none ran yet). */
export const lastSearchFailure = (): SearchFailure | null => last;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The last search's failure, for rendering (null in the static HTML and while hydrating: no search has run there). */
export function useSearchFailure(): SearchFailure | null {
  return useSyncExternalStore(subscribe, lastSearchFailure, () => null);
}

type Searcher = {search: (arg: unknown) => Promise<unknown>};

/**
 * The client with a search that records its outcome and answers a failure with no hits: DocSearch's modal never shows
 * its own error screen (autocomplete resets its status after a failed request) and algoliasearch-helper, under the
 * search page, would throw, so the error is shown from this record instead.
 */
export function answerFailures<C extends Searcher>(client: C): C {
  return {
    ...client,
    search: (arg: unknown) =>
      client.search(arg).then(
        (res) => {
          record(null);
          return res;
        },
        (e: unknown) => {
          record({kind: failureKind(e)});
          return emptyResults(arg);
        },
      ),
  } as C;
}

/** Answers for every request of a search that could not run: no hits, so callers render an empty state, not a crash. */
function emptyResults(arg: unknown): {results: Record<string, unknown>[]} {
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
