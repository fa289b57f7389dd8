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

/** The index file below the site's base URL, and its content shards (fixed names, fetched with revalidation). */
export const INDEX_FILE = 'search-index.json';
export const shardFile = (n: number): string => `search-text-${n}.json`;
export const termShardFile = (n: number): string => `search-terms-${n}.json`;
/** Term shards: a term's shard is given by its first character, so prefix matches of a term stay in its shard. */
export const TERM_SHARDS = 64;
export function termShardOf(term: string): number {
  const first = String.fromCodePoint(term.codePointAt(0) ?? 0);
  let h = 0x811c9dc5;
  for (let i = 0; i < first.length; i++) h = Math.imul(h ^ first.charCodeAt(i), 0x01000193) >>> 0;
  return h % TERM_SHARDS;
}
/** Records per content shard: small enough that a response's hits fetch little text. */
export const SHARD_RECORDS = 64;

/** Record type codes in the serialized index. */
export const TYPE_CODES: RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/**
 * The offline index file (JSON): the records without their content text, and MiniSearch's index of every field. The
 * content text (for highlights and snippets) is in `shards` files `search-text-<n>.json` (`TextShard`), fetched for the
 * records a response shows.
 */
export interface SerializedIndex {
  /** Format version. */
  v: 2;
  /** Distinct `language` and `docusaurus_tag` values. */
  langs: string[];
  tags: string[];
  /** Pages: [path, tag index, language index]. */
  pages: [string, number, number][];
  /** Every distinct hierarchy value. */
  texts: string[];
  /**
   * Records in page order: [page, type code (TYPE_CODES), anchor ('' for none), content shard (-1 for no content),
   * lvl0 text, lvl1 text, …] with -1 for a missing level; trailing missing levels are left out.
   */
  records: (number | string)[][];
  /** Number of content shards. */
  shards: number;
  /** Number of term shards (`search-terms-<n>.json`, `TermShard`): MiniSearch's index entries by first character. */
  termShards: number;
  /** MiniSearch's serialized index (MiniSearch.toJSON()) without its `index` entries, which are in the term shards. */
  mini: Record<string, unknown>;
}

/** MiniSearch index entries ([term, {fieldId: {shortDocId: termFrequency}}]) of the terms of one shard. */
export type TermShard = [string, Record<string, Record<string, number>>][];
/**
 * A term shard as stored: [term, postings] where postings are `field:docs` joined by ';', docs being base-36 gaps between
 * ascending document ids (from -1), each followed by `*n` when the term frequency n is not 1.
 */
export type EncodedTermShard = [string, string][];

export function encodeTermShard(entries: TermShard): EncodedTermShard {
  return entries.map(([term, fields]) => [
    term,
    Object.entries(fields)
      .map(([field, docs]) => {
        let prev = -1;
        const list = Object.entries(docs)
          .map(([id, tf]) => [Number(id), tf] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([id, tf]) => {
            const gap = (id - prev - 1).toString(36);
            prev = id;
            return tf === 1 ? gap : `${gap}*${tf}`;
          });
        return `${field}:${list.join(',')}`;
      })
      .join(';'),
  ]);
}

export function decodeTermShard(encoded: EncodedTermShard): TermShard {
  return encoded.map(([term, postings]) => {
    const fields: Record<string, Record<string, number>> = {};
    for (const part of postings.split(';')) {
      const [field, list] = part.split(':');
      const docs: Record<string, number> = {};
      let prev = -1;
      for (const item of list.split(',')) {
        const [gap, tf] = item.split('*');
        prev += parseInt(gap, 36) + 1;
        docs[prev] = tf ? Number(tf) : 1;
      }
      fields[field] = docs;
    }
    return [term, fields];
  });
}

/** A content shard: the content text of records first … first + content.length − 1 (null where a record has none). */
export interface TextShard {
  first: number;
  content: (string | null)[];
}

/** The error DocSearch expects from a failing client: it shows its "unable to fetch results" screen for a `RetryError`. */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
}
