// Algolia-compatible search client over the offline index. The SearchBar hands it to DocSearch (transformSearchClient);
// in offline mode plugins/search aliases `algoliasearch/lite` to this module, so the theme's /search page gets it too.
//
// Nothing is loaded with the page: the first search starts a Web Worker, which fetches `<baseUrl>search-index.json`
// and answers every later search. Without workers (or when the worker cannot start) the engine runs on the main thread.
// A failed index load, or a search that has not answered within SEARCH_TIMEOUT_MS, is recorded in ./failure (which the
// modal and the search page show) and answered with no hits. When the browser is idle after an answer, the worker is
// asked to fetch the few files the next search will likely need (src/search/load.ts `warmUp`): never on a data-saving
// or 2g connection.
import siteConfig from '@generated/docusaurus.config';
import {INDEX_FILE, SearchUnavailableError} from './types';
import {answerFailures} from './failure';
import type {SearchResponse} from './engine';
import type {WorkerReply, WorkerRequest} from './worker';

/** The index URL: fixed, so no manifest round trip; the server revalidates it (ETag) on each page session. */
export const INDEX_URL = `${siteConfig.baseUrl}${INDEX_FILE}`;

type Results = {results: SearchResponse[]};
type Run = (arg: unknown) => Promise<Results>;

/** A search that has not answered by then shows the error screen (a stalled request would spin forever). */
export const SEARCH_TIMEOUT_MS = 10_000;

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

/** The warm-up on the main thread (no worker). */
const warmMainThread = async (arg: unknown): Promise<number> => {
  const {warmUp} = await import('./load');
  return warmUp(INDEX_URL, origin(), arg);
};

let worker: Worker | null = null;
let workerFailed = false;
let nextId = 0;
type Job = {arg: unknown; warm: boolean; resolve: (r: unknown) => void; reject: (e: Error) => void};
const pending = new Map<number, Job>();

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
    } else job.reject(new SearchUnavailableError(e.data.error, {cause: e.data.kind}));
  };
  // The worker script could not run (blocked or missing): finish the waiting searches on the main thread.
  worker.onerror = (e) => {
    e.preventDefault();
    workerFailed = true;
    worker?.terminate();
    worker = null;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) (job.warm ? warmMainThread : mainThread)(job.arg).then(job.resolve, job.reject);
  };
  return worker;
}

function inWorker(arg: unknown, warm: true): Promise<number>;
function inWorker(arg: unknown, warm?: false): Promise<Results>;
function inWorker(arg: unknown, warm = false): Promise<unknown> {
  const fallback = warm ? warmMainThread : mainThread;
  const w = startWorker();
  if (!w) return fallback(arg);
  return new Promise<unknown>((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, {arg, warm, resolve, reject});
    try {
      w.postMessage({id, url: INDEX_URL, origin: origin(), arg, warm} satisfies WorkerRequest);
    } catch {
      // The request could not be copied to the worker: answer it here.
      pending.delete(id);
      fallback(arg).then(resolve, reject);
    }
    if (!warm) {
      setTimeout(() => {
        if (!pending.delete(id)) return;
        reject(new SearchUnavailableError(`search: no answer within ${SEARCH_TIMEOUT_MS / 1000} s`, {cause: 'network'}));
      }, SEARCH_TIMEOUT_MS);
    }
  });
}

type Connection = {saveData?: boolean; effectiveType?: string};

/** Whether the connection allows fetching ahead: not with data saving on, not on 2g (the spec's prefetch rule). */
export function mayWarmUp(connection: Connection | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** A reader still typing starts a new search before this: the warm-up waits for a pause, then for an idle browser. */
const WARM_PAUSE_MS = 1000;
let warmTimer: number | null = null;
let warmIdle: number | null = null;

/** After an answer, when the reader pauses and the browser is idle: the warm-up for the last request. */
function scheduleWarmUp(arg: unknown): void {
  if (typeof window === 'undefined') return;
  if (!mayWarmUp((navigator as Navigator & {connection?: Connection}).connection)) return;
  if (warmTimer !== null) window.clearTimeout(warmTimer);
  if (warmIdle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(warmIdle);
  warmTimer = window.setTimeout(() => {
    warmTimer = null;
    const run = () => {
      warmIdle = null;
      void inWorker(arg, true).then(
        (n) => performance.mark('lingchuan-search-warm', {detail: n}),
        () => undefined,
      );
    };
    warmIdle = window.requestIdleCallback ? window.requestIdleCallback(run, {timeout: 5000}) : window.setTimeout(run, 0);
  }, WARM_PAUSE_MS);
}

let client: OfflineClient | null = null;

/** The offline client (one per page session): the one owner of "the last search failed" (./failure records it). */
export function getOfflineClient(): OfflineClient {
  if (client) return client;
  const agents = ['lingchuan-offline-search'];
  client = answerFailures<OfflineClient>({
    appId: 'offline',
    apiKey: 'offline',
    search: (arg) => {
      // A performance entry per search (request to answer), read by scripts/search-browser-bench.ts.
      const start = performance.now();
      return inWorker(arg).then((res) => {
        performance.measure('lingchuan-search', {start});
        scheduleWarmUp(arg);
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
  });
  return client;
}

/** `algoliasearch/lite`'s factory, as the theme's SearchPage calls it: the offline client (credentials are ignored). */
export function liteClient(...credentials: unknown[]): OfflineClient {
  void credentials;
  return getOfflineClient();
}
