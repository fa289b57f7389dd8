// What a failed search says, in the modal and on the search page: "check your network" only when the network failed
// (no answer, or none in time); an HTTP error from the server says so instead.

export type FailureKind = 'network' | 'http';

/** The kind of a search failure: ours carry it; Algolia's client errors carry an HTTP status when the server answered. */
export function failureKind(e: unknown): FailureKind {
  const err = e as {kind?: unknown; status?: unknown} | null;
  if (err?.kind === 'http' || (typeof err?.status === 'number' && err.status > 0)) return 'http';
  return 'network';
}
