// Web Worker: loads the offline index on the first request and answers search requests off the main thread.
// Protocol: {id, url, origin, arg} → {id, ok: true, result} | {id, ok: false, error}.
import {search} from './load';

export type WorkerRequest = {id: number; url: string; origin: string; arg: unknown};
/** `ms`: the worker's own time for the request (engine, and shards it had to fetch), read by the search benchmark. */
export type WorkerReply = {id: number; ok: true; result: unknown; ms: number} | {id: number; ok: false; error: string};

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

scope.onmessage = (e) => {
  const {id, url, origin, arg} = e.data;
  const start = performance.now();
  search(url, origin, arg)
    .then((result) => scope.postMessage({id, ok: true, result, ms: performance.now() - start}))
    .catch((err: unknown) => scope.postMessage({id, ok: false, error: err instanceof Error ? err.message : String(err)}));
};
