// Web Worker: loads the offline index on the first request and answers search requests off the main thread.
// Protocol: {id, url, origin, arg, warm?} → {id, ok: true, result} | {id, ok: false, error, kind}. A `warm` request
// fetches the files the next search will likely need (the page sends it when the browser is idle) and answers with the
// number of files fetched.
import {search, warmUp} from './load';
import {SearchUnavailableError} from './types';

export type WorkerRequest = {id: number; url: string; origin: string; arg: unknown; warm?: boolean};
/** `ms`: the worker's own time for the request (engine, and files it had to fetch), read by the search benchmark. */
export type WorkerReply =
  {id: number; ok: true; result: unknown; ms: number} | {id: number; ok: false; error: string; kind: 'network' | 'http'};

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
};

scope.onmessage = (e) => {
  const {id, url, origin, arg, warm} = e.data;
  const start = performance.now();
  (warm ? warmUp(url, origin, arg) : search(url, origin, arg))
    .then((result) => scope.postMessage({id, ok: true, result, ms: performance.now() - start}))
    .catch((err: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        kind: err instanceof SearchUnavailableError ? err.kind : 'network',
      }),
    );
};
