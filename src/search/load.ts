// Fetches the offline index head on the first search and builds the engine, once per page session (in the worker, or on
// the main thread when workers are unavailable); each search fetches the files its query and its hits need. A failed
// load is not cached, so the next search tries again; a file that does not answer within FETCH_TIMEOUT_MS fails.
import {SearchEngine} from './engine';
import {SearchUnavailableError, type IndexHead} from './types';

/** A request for an index file that has not answered by then has failed (the error screen, not a spinner forever). */
export const FETCH_TIMEOUT_MS = 10_000;

let loading: {url: string; engine: Promise<SearchEngine>} | null = null;

async function getJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    // `no-cache`: revalidate with the server (ETag), so a redeployed site never searches a stale index.
    res = await fetch(url, {cache: 'no-cache', credentials: 'same-origin', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS)});
  } catch (e) {
    throw new SearchUnavailableError(`search index ${url}: ${e instanceof Error ? e.message : String(e)}`, {cause: 'network'});
  }
  if (!res.ok) throw new SearchUnavailableError(`search index ${url}: HTTP ${res.status}`, {cause: 'http'});
  return res.json();
}

export function loadEngine(url: string, origin: string): Promise<SearchEngine> {
  if (loading?.url === url) return loading.engine;
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const engine = getJson(url)
    .then((head) => new SearchEngine(head as IndexHead, (name) => getJson(base + name), {origin}))
    .catch((e: unknown) => {
      loading = null;
      throw e instanceof SearchUnavailableError ? e : new SearchUnavailableError(`search index ${url}: ${String(e)}`);
    });
  loading = {url, engine};
  return engine;
}

/** Answers a search request: the engine, then the files the request needs (fetched beside the index head). */
export async function search(url: string, origin: string, arg: unknown) {
  const engine = await loadEngine(url, origin);
  return engine.searchManyAsync(arg);
}

let warming: Promise<void> | null = null;

/**
 * The warm-up, which the page asks for when the browser is idle after an answer, never on a saving or 2g connection
 * (src/search/client.ts): the files the next page of the same hits would show and the dictionary shard of the last
 * character typed (the next keystroke's words start there), one at a time. Nothing else: the rest of the index is
 * fetched by the queries that need it. A failed fetch is left for the query that needs the file.
 */
export async function warmUp(url: string, origin: string, arg: unknown): Promise<number> {
  if (warming) return 0;
  let fetched = 0;
  warming = (async () => {
    const engine = await loadEngine(url, origin);
    for (const name of await engine.nextFiles(arg)) {
      await engine.prefetch([name]);
      fetched++;
    }
  })()
    .catch(() => undefined)
    .finally(() => (warming = null));
  await warming;
  return fetched;
}
