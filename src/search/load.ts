// Fetches the offline index and builds the engine, once per page session (in the worker, or on the main thread when
// workers are unavailable). A failed load is not cached, so the next search tries again.
import {SearchEngine} from './engine';
import {SearchUnavailableError, type SerializedIndex} from './types';

let loading: {url: string; engine: Promise<SearchEngine>} | null = null;

export function loadEngine(url: string, origin: string): Promise<SearchEngine> {
  if (loading?.url === url) return loading.engine;
  const engine = (async () => {
    // `no-cache`: revalidate with the server (ETag), so a redeployed site never searches a stale index.
    const res = await fetch(url, {cache: 'no-cache', credentials: 'same-origin'});
    if (!res.ok) throw new SearchUnavailableError(`search index ${url}: HTTP ${res.status}`);
    const index = (await res.json()) as SerializedIndex;
    return new SearchEngine(index, {origin});
  })().catch((e: unknown) => {
    loading = null;
    throw e instanceof SearchUnavailableError ? e : new SearchUnavailableError(`search index ${url}: ${String(e)}`);
  });
  loading = {url, engine};
  return engine;
}
