// Shapes and settings shared by the build (plugins/search), the push script and the browser engine, so the offline index
// and the Algolia index hold the same records and are searched with the same settings.

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type RecordType = Exclude<Level, 'lvl0'> | 'content';
export type Hierarchy = Record<Level, string | null>;

/** One search record, in the shape the DocSearch crawler writes (recordVersion v3). */
export interface DocSearchRecord {
  objectID: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: RecordType;
  /** Absolute URL in Algolia; in the offline index the path, made absolute with the page's origin at query time. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  language: string;
  docusaurus_tag: string;
  weight: {pageRank: number; level: number; position: number};
  /** The page's front-matter `keywords` (what readers type for it), on its title record only: indexed, never shown. */
  keywords?: string[];
}

/** DocSearch's `weight.level`: headings outrank content, higher headings outrank lower ones. */
export const TYPE_LEVEL: Record<RecordType, number> = {
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

/** Stable record id: the page path and the record's order on the page (same in both modes). */
export const recordObjectID = (pathWithoutAnchor: string, position: number): string => `${pathWithoutAnchor}::${position}`;

/**
 * Index settings, pushed to Algolia as they are and applied by the offline engine as its defaults.
 * `distinct: 3` keeps at most three records per page, so a page cannot fill the modal while its sections still show.
 */
export const INDEX_SETTINGS = {
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    // The page's keywords (its title record only): what readers type for the page, as the offline index weighs them.
    'unordered(keywords)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  attributeForDistinct: 'url_without_anchor',
  distinct: 3,
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  ignorePlurals: true,
  advancedSyntax: true,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
  hitsPerPage: 20,
} as const;

/** Facet attributes the offline engine can filter and count on. */
export const FACET_ATTRIBUTES = ['language', 'docusaurus_tag', 'type', 'hierarchy.lvl0'] as const;

/**
 * The offline index (format 3), split so that a search fetches what its query needs and no file grows with the number of
 * pages faster than the site's vocabulary does:
 * - `search-index.json` (`IndexHead`): counts, facet values per page, records per page and each record's type;
 * - `search-dict-<n>.json` (`DictShard`): the indexed terms by first character, each with its document frequency, read
 *   for prefix and typo matching;
 * - `search-post-<n>.json` (`PostingBucket`): each term's postings, the term's bucket being a hash of the term, so a
 *   query fetches one small file per term; a term's best `head` postings (by score) are there, the rest in
 *   `search-tail-<n>.json`, read only by requests that count or page through every hit (the search page);
 * - `search-meta-<n>.json` (`MetaShard`): the records' pages, anchors and headings, `META_RECORDS` records a file;
 * - `search-text-<n>.json` (`TextShard`): the records' content text, `TEXT_RECORDS` records a file.
 * Postings carry the score MiniSearch gives the record for the term alone (BM25+ with field boosts, computed at build
 * time with the corpus figures rounded, `roundedCorpus` in plugins/search/build-index.ts, so that an edit changes only
 * the files of the terms it touched), so the browser adds scores up instead of loading MiniSearch's whole index.
 */
/** Record type codes in the index. */
export const TYPE_CODES: RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

export const INDEX_FILE = 'search-index.json';
/** The names of the index's files (the head and every shard), at the top of the site. */
export const INDEX_FILES = /^search-(index|dict|post|tail|meta|text)(-\d+)?\.json$/;
export const dictFile = (n: number): string => `search-dict-${n}.json`;
export const bucketFile = (n: number): string => `search-post-${n}.json`;
export const tailFile = (n: number): string => `search-tail-${n}.json`;
export const metaFile = (n: number): string => `search-meta-${n}.json`;
export const textFile = (n: number): string => `search-text-${n}.json`;

/** Dictionary shards: a term's shard is given by its first character, so prefix and typo matches stay in its shard. */
export const DICT_SHARDS = 64;
export function dictShardOf(term: string): number {
  return hash(String.fromCodePoint(term.codePointAt(0) ?? 0)) % DICT_SHARDS;
}
/** The posting bucket of a term (`buckets` from the head). */
export function bucketOf(term: string, buckets: number): number {
  return hash(term) % buckets;
}
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
/** Records per metadata and per content file: small, so that the twenty hits of a modal fetch little. */
export const META_RECORDS = 32;
export const TEXT_RECORDS = 16;
/** Postings of a term kept in its bucket (its best by score); a term found in more records has a tail. */
export const HEAD_POSTINGS = 160;
/** Posting-bucket size the build aims at (raw JSON bytes): the bucket count grows with the index, a bucket does not. */
export const BUCKET_TARGET_BYTES = 6000;

export interface IndexHead {
  /** Format version. */
  v: 3;
  /** Number of records. */
  n: number;
  /** Distinct `language`, `docusaurus_tag` and `hierarchy.lvl0` values. */
  langs: string[];
  tags: string[];
  lvl0s: string[];
  /** Pages in runs: [number of pages, tag index, language index, lvl0 index]. */
  pageRuns: [number, number, number, number][];
  /** Records of each page (pages in record order), base-36 numbers joined by ','. */
  pageSizes: string;
  /**
   * Each page's product area (the first folder of its path under /docs/: neptune, janus …), as an index of `areaNames`,
   * one base-36 digit a page: a question naming a product is answered by that product's pages (src/search/synonyms.ts
   * PRODUCT_WORDS). Absent in indexes built before it.
   */
  areas?: string;
  areaNames?: string[];
  /**
   * Each page's kind in the page plan (docs-guide/ia.tsv: guide, reference, faq …), as an index of `kindNames`, one base-36
   * digit a page (`z` for a page outside the plan): a feature of the re-ranker (src/search/rerank.ts).
   */
  kinds?: string;
  kindNames?: string[];
  /** Each record's type (an index of TYPE_CODES), one digit a record. */
  types: string;
  /**
   * The length of each record's own heading without spaces (0 for content, at most 35), one base-36 digit a record: with
   * the postings' field flags, it tells a heading that is the query as typed from one that only holds its words.
   */
  ownLengths: string;
  dictShards: number;
  buckets: number;
  metaFiles: number;
  textFiles: number;
  /** Postings per term in its bucket (HEAD_POSTINGS at build time). */
  head: number;
}

/** Terms of one dictionary shard: [term, document frequency, term, document frequency, …]. */
export type DictShard = (string | number)[];
/**
 * Postings of the terms of one bucket: term → `df|postings`, df being the number of records holding the term (base 36)
 * and postings `gap.impact` items joined by ',' (records ascending, base-36 gaps from −1; impact = round(score ×
 * IMPACT_SCALE) × 4 + field flags, also base 36). A tail file holds the rest of the postings, without the df.
 */
export type PostingBucket = Record<string, string>;
export const IMPACT_SCALE = 20;
/** Field flags of a posting: the term is in the record's own heading, or in its page title. */
export const IN_OWN = 1;
export const IN_TITLE = 2;

export type Posting = {rec: number; score: number; flags: number};

export function encodePostings(postings: Posting[]): string {
  let prev = -1;
  return [...postings]
    .sort((a, b) => a.rec - b.rec)
    .map((p) => {
      const gap = (p.rec - prev - 1).toString(36);
      prev = p.rec;
      return `${gap}.${(Math.max(1, Math.round(p.score * IMPACT_SCALE)) * 4 + p.flags).toString(36)}`;
    })
    .join(',');
}

export function decodePostings(s: string): Posting[] {
  const out: Posting[] = [];
  let prev = -1;
  if (!s) return out;
  for (const item of s.split(',')) {
    const dot = item.indexOf('.');
    prev += parseInt(item.slice(0, dot), 36) + 1;
    const impact = parseInt(item.slice(dot + 1), 36);
    out.push({rec: prev, score: (impact >> 2) / IMPACT_SCALE, flags: impact & 3});
  }
  return out;
}

/** Headings and place of records first … first + recs.length − 1: pages are paths, recs [page (index in pages), anchor, lvl0, lvl1, …]. */
export interface MetaShard {
  first: number;
  pages: string[];
  recs: (string | number | null)[][];
}

/** A content shard: the content text of records first … first + content.length − 1 (null where a record has none). */
export interface TextShard {
  first: number;
  content: (string | null)[];
}

/** The error DocSearch expects from a failing client: it shows its "unable to fetch results" screen for a `RetryError`. */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
  /** What failed: the network (no answer, or none in time) or the server (an HTTP error status). */
  readonly kind: 'network' | 'http';
  constructor(message: string, options: {cause?: 'network' | 'http'} = {}) {
    super(message);
    this.kind = options.cause ?? 'network';
  }
}
