// Fetches the offline index on the first search and builds the engine, once per page session (in the worker, or on the
// main thread when workers are unavailable); later searches fetch the term and content shards they need. A failed load
// is not cached, so the next search tries again.
import {SearchEngine} from './engine';
import {
  SearchUnavailableError,
  decodeTermShard,
  shardFile,
  termShardFile,
  type EncodedTermShard,
  type SerializedIndex,
  type TextShard,
} from './types';

let loading: {url: string; engine: Promise<SearchEngine>} | null = null;

async function getJson<T>(url: string): Promise<T> {
  // `no-cache`: revalidate with the server (ETag), so a redeployed site never searches a stale index.
  const res = await fetch(url, {cache: 'no-cache', credentials: 'same-origin'});
  if (!res.ok) throw new SearchUnavailableError(`search index ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export function loadEngine(url: string, origin: string): Promise<SearchEngine> {
  if (loading?.url === url) return loading.engine;
  const engine = getJson<SerializedIndex>(url)
    .then((index) => new SearchEngine(index, {origin}))
    .catch((e: unknown) => {
      loading = null;
      throw e instanceof SearchUnavailableError ? e : new SearchUnavailableError(`search index ${url}: ${String(e)}`);
    });
  loading = {url, engine};
  return engine;
}

let warming = false;

/**
 * After the first answer, the other shards are fetched one at a time in the background (this runs in the search worker):
 * first the term shards, then the content shards, so that later queries are answered without waiting for the network.
 * The first search fetches only what it needs; a failed warm-up fetch is left for the query that needs the shard.
 */
async function warmUp(engine: SearchEngine, base: string): Promise<void> {
  if (warming) return;
  warming = true;
  const pause = () => new Promise((r) => setTimeout(r, 10));
  try {
    for (let k = 0; k < engine.termShards; k++) {
      await pause();
      if (!engine.hasTermShard(k))
        engine.addTermShard(k, decodeTermShard(await getJson<EncodedTermShard>(base + termShardFile(k))));
    }
    for (let k = 0; k < engine.shards; k++) {
      await pause();
      if (!engine.hasShard(k)) engine.addShard(await getJson<TextShard>(base + shardFile(k)));
    }
  } catch {
    warming = false;
  }
}

/** Answers a search request: the engine, then the shards the request needs (fetched beside the index file). */
export async function search(url: string, origin: string, arg: unknown) {
  const engine = await loadEngine(url, origin);
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const result = await engine.searchManyAsync(arg, {
    terms: async (k) => decodeTermShard(await getJson<EncodedTermShard>(base + termShardFile(k))),
    texts: (k) => getJson<TextShard>(base + shardFile(k)),
  });
  void warmUp(engine, base);
  return result;
}
