// Algolia-compatible search client over the offline index. The SearchBar hands it to DocSearch (transformSearchClient);
// in offline mode plugins/search aliases `algoliasearch/lite` to this module, so the theme's /search page gets it too.
//
// Nothing is loaded with the page: the first search starts a Web Worker, which fetches `<baseUrl>search-index.json`
// and answers every later search. Without workers (or when the worker cannot start) the engine runs on the main thread.
// A failed index load rejects with a `RetryError`, the error DocSearch answers with its error screen.
import siteConfig from '@generated/docusaurus.config';
import {INDEX_FILE, SearchUnavailableError} from './types';
import type {SearchResponse} from './engine';
import {emptyResults} from './empty';
import type {WorkerReply, WorkerRequest} from './worker';

/** The index URL: fixed, so no manifest round trip; the server revalidates it (ETag) on each page session. */
export const INDEX_URL = `${siteConfig.baseUrl}${INDEX_FILE}`;

type Results = {results: SearchResponse[]};
type Run = (arg: unknown) => Promise<Results>;

export interface OfflineClient {
  appId: string;
  apiKey: string;
  search: (arg: unknown) => Promise<Results>;
  addAlgoliaAgent: (segment: string, version?: string) => void;
  clearCache: () => Promise<void>;
  /** DocSearch reads the agent string of the client it is given; nothing is sent anywhere. */
  transporter: {algoliaAgent: {value: string; add: (o: {segment: string; version?: string}) => void}};
}

const origin = () => (typeof location !== 'undefined' ? location.origin : '');

/** Runs searches on the main thread (engine code loaded on demand). */
const mainThread: Run = async (arg) => {
  const {search} = await import('./load');
  return search(INDEX_URL, origin(), arg);
};

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 0;
const pending = new Map<number, {arg: unknown; resolve: (r: Results) => void; reject: (e: Error) => void}>();

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  if (typeof Worker === 'undefined') {
    workerFailed = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url));
  } catch {
    workerFailed = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const job = pending.get(e.data.id);
    if (!job) return;
    pending.delete(e.data.id);
    if (e.data.ok) {
      // The worker's own share of the answer time (the benchmark compares it with the round trip).
      performance.measure('lingchuan-search-worker', {start: 0, duration: e.data.ms});
      job.resolve(e.data.result as Results);
    } else job.reject(new SearchUnavailableError(e.data.error));
  };
  // The worker script could not run (blocked or missing): finish the waiting searches on the main thread.
  worker.onerror = (e) => {
    e.preventDefault();
    workerFailed = true;
    worker?.terminate();
    worker = null;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) mainThread(job.arg).then(job.resolve, job.reject);
  };
  return worker;
}

const inWorker: Run = (arg) => {
  const w = startWorker();
  if (!w) return mainThread(arg);
  return new Promise<Results>((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, {arg, resolve, reject});
    try {
      w.postMessage({id, url: INDEX_URL, origin: origin(), arg} satisfies WorkerRequest);
    } catch {
      // The request could not be copied to the worker: answer it here.
      pending.delete(id);
      mainThread(arg).then(resolve, reject);
    }
  });
};

let client: OfflineClient | null = null;

/** The offline client (one per page session). */
export function getOfflineClient(): OfflineClient {
  if (client) return client;
  const agents = ['lingchuan-offline-search'];
  client = {
    appId: 'offline',
    apiKey: 'offline',
    search: (arg) => {
      // A performance entry per search (request to answer), read by scripts/search-browser-bench.ts.
      const start = performance.now();
      return inWorker(arg).then((res) => {
        performance.measure('lingchuan-search', {start});
        return res;
      });
    },
    addAlgoliaAgent(segment, version) {
      agents.push(version ? `${segment} (${version})` : segment);
    },
    clearCache: () => Promise.resolve(),
    transporter: {
      algoliaAgent: {
        get value() {
          return agents.join('; ');
        },
        add: ({segment, version}) => void agents.push(version ? `${segment} (${version})` : segment),
      },
    },
  };
  return client;
}

type FailureListener = (failed: boolean) => void;
const failureListeners = new Set<FailureListener>();

/** Tells the search page whether its last search could reach the index (the page itself has no error state). */
export function onSearchAvailability(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => void failureListeners.delete(listener);
}

/**
 * `algoliasearch/lite`'s factory, as the theme's SearchPage calls it (credentials are ignored). A failed search resolves
 * with no hits and is reported to `onSearchAvailability` listeners: algoliasearch-helper would otherwise throw it.
 */
export function liteClient(...credentials: unknown[]): OfflineClient {
  void credentials;
  const base = getOfflineClient();
  return {
    ...base,
    search: (arg) =>
      base.search(arg).then(
        (res) => {
          failureListeners.forEach((l) => l(false));
          return res;
        },
        () => {
          failureListeners.forEach((l) => l(true));
          return emptyResults(arg) as unknown as Results;
        },
      ),
  };
}
