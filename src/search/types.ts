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

/** Record type codes in the serialized index. */
export const TYPE_CODES: RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/**
 * The offline index file (JSON). Strings are stored once (`texts`); records point to them; the inverted index maps each
 * token of `dict` (sorted) to the texts that hold it.
 */
export interface SerializedIndex {
  /** Format version. */
  v: 1;
  /** Distinct `language` and `docusaurus_tag` values. */
  langs: string[];
  tags: string[];
  /** Pages: [path, tag index, language index]. */
  pages: [string, number, number][];
  /** Every distinct hierarchy value and content chunk. */
  texts: string[];
  /**
   * Records in page order: [page, type code (TYPE_CODES), anchor ('' for none), content text (-1 for none),
   * lvl0 text, lvl1 text, …] with -1 for a missing level; trailing missing levels are left out.
   */
  records: (number | string)[][];
  /**
   * Tokens sorted by UTF-16 code unit, front-coded: each entry is the length of the prefix shared with the previous
   * token (one base-36 digit, at most 35) followed by the rest of the token; entries are joined with '\n'.
   */
  dict: string;
  /**
   * Postings, one string per token of `dict`: the ids of the texts holding the token, ascending, as base-36 gaps
   * (id − previous id − 1, the first from −1) joined with ','.
   */
  post: string[];
}

/** The error DocSearch expects from a failing client: it shows its "unable to fetch results" screen for a `RetryError`. */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
}
