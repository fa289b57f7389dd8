/** Algolia facet filters: an array whose items are ANDed; an item that is itself an array is ORed. */
export type FacetFilters = string | (string | string[])[];

/** Contextual filters (language, docs tags) and the configured ones, all required together. */
export function mergeFacetFilters(a: FacetFilters, b: FacetFilters): (string | string[])[] {
  const normalize = (f: FacetFilters) => (typeof f === 'string' ? [f] : f);
  return [...normalize(a), ...normalize(b)];
}
