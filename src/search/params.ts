// Algolia search requests as the clients send them, made uniform: DocSearch sends `{requests: [{indexName, query, ...params}]}`
// (v5), algoliasearch-helper a plain array of `{indexName, params: {...}}`, v4-style callers `params` as a URL-encoded
// string whose lists are JSON.

export type FacetFilter = string | FacetFilter[];

/** The search parameters the offline engine understands (others are accepted and ignored). */
export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilter[];
  facets: string[];
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  distinct?: number;
  advancedSyntax?: boolean;
  removeWordsIfNoResults?: 'none' | 'lastWords' | 'firstWords' | 'allOptional';
}

export interface NormalizedRequest {
  indexName: string;
  params: SearchParams;
  /** The parameters as received, URL-encoded (echoed as `params` in the response). */
  raw: string;
}

type RawRequest = {indexName?: string; params?: string | Record<string, unknown>; [key: string]: unknown};

/** Parameters whose string form is a list (JSON, or comma-separated in v3-style strings). */
const LIST_PARAMS = new Set([
  'facetFilters',
  'facets',
  'attributesToRetrieve',
  'attributesToHighlight',
  'attributesToSnippet',
  'optionalFilters',
  'numericFilters',
  'tagFilters',
  'analyticsTags',
  'ruleContexts',
]);

/** Decodes a v4-style `params` string: `query=a&hitsPerPage=20&facetFilters=%5B%22language%3Azh-Hans%22%5D`. */
export function decodeParams(s: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(s)) {
    if (key === 'query' || key.endsWith('Tag') || key === 'snippetEllipsisText') out[key] = value;
    else if (/^[[{]/.test(value)) {
      try {
        out[key] = JSON.parse(value);
      } catch {
        out[key] = value;
      }
    } else if (LIST_PARAMS.has(key)) out[key] = value === '' ? [] : value.split(',');
    else if (value === 'true' || value === 'false') out[key] = value === 'true';
    else if (/^-?\d+(\.\d+)?$/.test(value)) out[key] = Number(value);
    else out[key] = value;
  }
  return out;
}

/** URL-encodes parameters as Algolia echoes them (lists and objects as JSON). */
export function encodeParams(params: Record<string, unknown>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

const list = (v: unknown): string[] | undefined => {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') {
    if (v.startsWith('[')) {
      try {
        return (JSON.parse(v) as unknown[]).map(String);
      } catch {
        // not JSON: a plain name
      }
    }
    return v === '' ? [] : v.split(',');
  }
  return undefined;
};

function facetFilters(v: unknown): FacetFilter[] {
  if (typeof v === 'string') {
    if (v.startsWith('[')) {
      try {
        return facetFilters(JSON.parse(v));
      } catch {
        return [v];
      }
    }
    return v ? [v] : [];
  }
  return Array.isArray(v) ? (v as FacetFilter[]) : [];
}

const int = (v: unknown, dflt: number, max = Infinity) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), max) : dflt;
};

/** One request in any of the accepted forms → index name and typed parameters. */
export function normalizeRequest(req: RawRequest, defaults: {hitsPerPage: number}): NormalizedRequest {
  const {indexName = '', params, ...top} = req;
  delete top.type; // v5 'default' | 'facet': facet-value search is not offered, the request is run as a search
  const fromParams = typeof params === 'string' ? decodeParams(params) : (params ?? {});
  const all: Record<string, unknown> = {...fromParams, ...top};
  const distinct = all.distinct;
  return {
    indexName,
    raw: typeof params === 'string' && Object.keys(top).length === 0 ? params : encodeParams(all),
    params: {
      query: typeof all.query === 'string' ? all.query : '',
      page: int(all.page, 0),
      hitsPerPage: int(all.hitsPerPage, defaults.hitsPerPage, 1000),
      facetFilters: facetFilters(all.facetFilters),
      facets: list(all.facets) ?? [],
      attributesToRetrieve: list(all.attributesToRetrieve),
      attributesToHighlight: list(all.attributesToHighlight),
      attributesToSnippet: list(all.attributesToSnippet),
      highlightPreTag: typeof all.highlightPreTag === 'string' ? all.highlightPreTag : undefined,
      highlightPostTag: typeof all.highlightPostTag === 'string' ? all.highlightPostTag : undefined,
      snippetEllipsisText: typeof all.snippetEllipsisText === 'string' ? all.snippetEllipsisText : undefined,
      distinct: distinct === true ? 1 : distinct === false ? 0 : typeof distinct === 'number' ? int(distinct, 0, 4) : undefined,
      advancedSyntax: typeof all.advancedSyntax === 'boolean' ? all.advancedSyntax : undefined,
      removeWordsIfNoResults: all.removeWordsIfNoResults as SearchParams['removeWordsIfNoResults'],
    },
  };
}

/** `client.search()`'s argument in v5 (`{requests}`) or legacy (array) form → its requests. */
export function requestsOf(arg: unknown): RawRequest[] {
  if (Array.isArray(arg)) return arg as RawRequest[];
  if (arg && typeof arg === 'object' && Array.isArray((arg as {requests?: unknown}).requests)) {
    return (arg as {requests: RawRequest[]}).requests;
  }
  throw new TypeError('search() expects {requests: [...]} or an array of requests');
}
