// The offline search: an adapter that answers Algolia search requests (DocSearch's modal, the theme's /search page) over
// the offline index of the built site, ranked as Algolia ranks (words, typo, then relevance), with the index settings of
// src/search/types.ts.
//
// The build (plugins/search/build-index.ts) lets MiniSearch, a maintained full-text engine, index the records with our
// tokenizer and field boosts and score every term alone (BM25+); the browser adds up the scores of the query's terms,
// read from small files fetched for the query (see IndexHead). What the adapter does, because Algolia does it:
// - words: records holding every query word rank first; with none, words become optional (removeWordsIfNoResults
//   'allOptional') and records rank by how many they hold. Question words and particles (吗, 怎么, 多少 …) are dropped
//   from the query first, as Algolia's optional words are;
// - typos: one from `minWordSizefor1Typo` letters, two from `minWordSizefor2Typos`, a swap of two letters counting one;
//   with the same words, fewer typos rank first. Found by MiniSearch's SearchableMap over the dictionary shard;
// - the last word as a prefix, synonyms, a bonus for the query as typed in a heading, facet filters and counts,
//   distinct per page, paging, and the `_highlightResult` / `_snippetResult` values.
// And what Algolia does not: a long question's first pages are ordered again by a model learned from judged questions
// (src/search/rerank.ts).
import SearchableMap from 'minisearch/SearchableMap';
import {
  findSpans,
  highlight,
  snippet,
  type HighlightResult,
  type HighlightSpec,
  type SnippetResult,
  type Span,
} from './highlight';
import {normalizeRequest, requestsOf, type FacetFilter, type NormalizedRequest, type SearchParams} from './params';
import {normalize, parseQuery, segmentWords, tokenize, type QueryTerm} from './tokenizer';
import {
  FACET_ATTRIBUTES,
  INDEX_SETTINGS,
  IN_OWN,
  IN_TITLE,
  LEVELS,
  META_RECORDS,
  TEXT_RECORDS,
  TYPE_CODES,
  TYPE_LEVEL,
  bucketFile,
  bucketOf,
  decodePostings,
  dictFile,
  dictShardOf,
  metaFile,
  recordObjectID,
  tailFile,
  textFile,
  type DictShard,
  type DocSearchRecord,
  type IndexHead,
  type Level,
  type MetaShard,
  type Posting,
  type PostingBucket,
  type TextShard,
} from './types';
import {PRODUCT_WORDS, SYNONYMS} from './synonyms';
import {RERANK_DEPTH, rerank, type RerankCandidate} from './rerank';
import RERANK_WEIGHTS from './rerank-weights.json';

export type Hit = Partial<DocSearchRecord> & {
  objectID: string;
  _highlightResult?: {hierarchy?: Partial<Record<Level, HighlightResult>>; content?: HighlightResult};
  _snippetResult?: {hierarchy?: Partial<Record<Level, SnippetResult>>; content?: SnippetResult};
};

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  exhaustiveTypo: true;
  exhaustive: {nbHits: boolean; typo: true; facetsCount?: boolean};
  query: string;
  params: string;
  processingTimeMS: number;
  index: string;
  facets?: Record<string, Record<string, number>>;
  exhaustiveFacetsCount?: boolean;
  renderingContent: Record<string, never>;
}

export interface EngineOptions {
  /** Prepended to record paths to make `url` absolute (DocSearch and the theme need absolute URLs): location.origin. */
  origin?: string;
  /** Reported as `index` when a request names none. */
  indexName?: string;
  /**
   * The re-ranker's weights for long questions (src/search/rerank.ts): the learned ones by default, null for the engine's
   * own order (the training script reads that order).
   */
  rerankWeights?: readonly number[] | null;
}

/** Fetches one index file by name (beside the head) and gives its parsed JSON. */
export type Loader = (file: string) => Promise<unknown>;

/** The searchable fields of a record and their boosts. */
export const FIELDS = ['own', 'page', 'path', 'content', 'keys'] as const;
/** `keys`: the page's keywords, on its title record (what readers type for the page, written by its writer). */
export const BOOST: Record<(typeof FIELDS)[number], number> = {own: 4, page: 2.5, path: 1.2, content: 1, keys: 2};
/** MiniSearch options of the build: our tokenizer (already normalised text). */
export const MINISEARCH_OPTIONS = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [] as string[],
  tokenize: (text: string) => tokenize(text).map((t) => t.term),
  processTerm: (term: string) => term,
  searchOptions: {tokenize: (q: string) => [q], processTerm: (t: string) => t},
};

/** The fields of one record as MiniSearch indexes them. */
export function recordFields(r: DocSearchRecord, id: number): Record<string, string | number> {
  const own = r.type === 'content' ? '' : (r.hierarchy[r.type] ?? '');
  const path = LEVELS.filter((l) => l !== 'lvl1' && l !== r.type)
    .map((l) => r.hierarchy[l])
    .filter(Boolean)
    .join(' ');
  return {id, own, page: r.hierarchy.lvl1 ?? '', path, content: r.content ?? '', keys: (r.keywords ?? []).join(' ')};
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** A ranked record: query words it holds, typos it needed, score, and whether the query may stand in its headings. */
type Candidate = {rec: number; words: number; hits: number; typos: number; score: number; flags: number; named?: boolean};

/** Weights of a term found otherwise than as typed (MiniSearch's defaults for prefix and fuzzy matches). */
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.6;
/** The share of its score a word found only in the page's title record brings to a section of the page. */
const INHERITED_WEIGHT = 0.5;
/** In a question, a record holding one word fewer ranks first when its score is this many times higher. */
const QUESTION_SCORE_BASE = 2.75;
/**
 * A question of three words or more keeps the records holding all but 1/QUESTION_MISSING_SHARE of its words (and one
 * word fewer again, below): readers who describe what they see (「轴使能不上 驱动器那边一点反应没有」) bring words the
 * answering page does not hold. Half, since readers' own symptom questions joined the tuning half (a third before).
 */
const QUESTION_MISSING_SHARE = 2;
/**
 * In a question naming one product (PRODUCT_WORDS), that product's pages rank as if they held this many words more: the
 * reader asks about it, and another product's page that only mentions it (an app that runs on Janus) answers less often.
 */
const PRODUCT_BONUS = 1;
/** Expansions kept per query token (the most frequent terms), as Algolia bounds its prefix and typo alternatives. */
const MAX_PREFIX = 12;
const MAX_TYPO = 8;
/** The warm-up: hits of the next screen it reads ahead, and at most this many files. */
const WARM_HITS = 5;
const WARM_FILES = 12;
/** Records holding every query word below which the cut terms' tails are read (a query of frequent words). */
const TAIL_TRIGGER = 20;

/** One way a query token is found: an index term, its weight and the typos it counts. */
type Expansion = {term: string; weight: number; typos: number};
/** Per record, how a token, an alternative or a unit is found. */
type Found = {score: number; typos: number; flags: number};

export class SearchEngine {
  readonly size: number;
  private readonly files = new Map<string, unknown>();
  private readonly dicts = new Map<number, SearchableMap<number>>();
  private readonly postings = new Map<string, Posting[] | null>();
  private readonly full = new Set<string>();
  /** Records holding a term (from its bucket). */
  private readonly df = new Map<string, number>();
  private readonly recPage: Int32Array;
  private readonly pageStart: Int32Array;
  private readonly recType: Uint8Array;
  /** Each page's product area (an index of head.areaNames), -1 where the index has none. */
  private readonly pageArea: Int8Array;
  /** Each page's kind in the page plan (an index of head.kindNames), -1 where the index has none. */
  private readonly pageKind: Int8Array;
  /** Page facets: [tag, language, lvl0] indexes per page. */
  private readonly pageFacets: Int32Array;
  private readonly filterCache = new Map<string, Uint8Array>();

  constructor(
    private readonly head: IndexHead,
    private readonly load: Loader,
    private readonly options: EngineOptions = {},
  ) {
    if (head.v !== 3) throw new Error(`search index: unsupported format ${String(head.v)}`);
    const n = (this.size = head.n);
    const sizes = head.pageSizes ? head.pageSizes.split(',').map((s) => parseInt(s, 36)) : [];
    this.recPage = new Int32Array(n);
    this.pageStart = new Int32Array(sizes.length);
    let rec = 0;
    sizes.forEach((size, page) => {
      this.pageStart[page] = rec;
      for (let k = 0; k < size; k++) this.recPage[rec++] = page;
    });
    if (rec !== n) throw new Error(`search index: pages hold ${rec} records, the head says ${n}`);
    this.recType = Uint8Array.from(head.types, (c) => Number(c));
    this.pageArea = new Int8Array(sizes.length).fill(-1);
    if (head.areas) for (let k = 0; k < sizes.length; k++) this.pageArea[k] = parseInt(head.areas[k] ?? '', 36);
    this.pageKind = new Int8Array(sizes.length).fill(-1);
    if (head.kinds) for (let k = 0; k < sizes.length; k++) this.pageKind[k] = parseInt(head.kinds[k] ?? '', 36);
    this.pageFacets = new Int32Array(sizes.length * 3);
    let page = 0;
    for (const [count, tag, lang, lvl0] of head.pageRuns) {
      for (let k = 0; k < count; k++, page++) this.pageFacets.set([tag, lang, lvl0], page * 3);
    }
  }

  // ----- files --------------------------------------------------------------------------------------------------------

  /** Loads the files not loaded yet (in parallel). */
  private async fetch(names: Iterable<string>): Promise<void> {
    const missing = [...new Set(names)].filter((n) => !this.files.has(n));
    const loaded = await Promise.all(missing.map(async (n) => [n, await this.load(n)] as const));
    for (const [n, data] of loaded) this.files.set(n, data);
  }

  /** Loads files ahead of need (the warm-up). */
  prefetch(names: string[]): Promise<void> {
    return this.fetch(names);
  }

  private dict(term: string): SearchableMap<number> | null {
    const k = dictShardOf(term);
    let map = this.dicts.get(k);
    if (!map) {
      const shard = this.files.get(dictFile(k)) as DictShard | undefined;
      if (!shard) return null;
      const entries: [string, number][] = [];
      for (let i = 0; i < shard.length; i += 2) entries.push([shard[i] as string, shard[i + 1] as number]);
      this.dicts.set(k, (map = SearchableMap.from(entries) as SearchableMap<number>));
    }
    return map;
  }

  /** A term's postings (its best ones, or all when `full`), null when the index does not hold it. */
  private postingsOf(term: string, full: boolean): Posting[] | null {
    const key = full && this.full.has(term) ? `${term}\u0000full` : term;
    let list = this.postings.get(key);
    if (list === undefined) {
      const b = bucketOf(term, this.head.buckets);
      const enc = (this.files.get(bucketFile(b)) as PostingBucket)[term];
      const bar = enc?.indexOf('|') ?? -1;
      list = enc === undefined ? null : decodePostings(enc.slice(bar + 1));
      if (enc !== undefined) this.df.set(term, parseInt(enc.slice(0, bar), 36));
      if (list && full && this.full.has(term)) {
        const tail = (this.files.get(tailFile(b)) as PostingBucket | undefined)?.[term];
        if (tail) list = [...list, ...decodePostings(tail)];
      }
      this.postings.set(key, list);
    }
    return list;
  }

  // ----- searching ----------------------------------------------------------------------------------------------------

  /** Answers `client.search()`'s argument, fetching the files its queries need and the records its hits show. */
  async searchManyAsync(arg: unknown): Promise<{results: SearchResponse[]}> {
    const requests = normalizedRequests(arg);
    const ranked = await Promise.all(requests.map((r) => this.rankRequest(r)));
    await this.fetch(ranked.flatMap((r) => r.page.flatMap((c) => this.recordFiles(c.rec))));
    return {results: ranked.map((r, i) => this.respond(requests[i], r))};
  }

  /** The files of a record's headings and text. */
  private recordFiles(rec: number): string[] {
    return [metaFile(Math.floor(rec / META_RECORDS)), textFile(Math.floor(rec / TEXT_RECORDS))];
  }

  /**
   * The warm-up's list: the dictionary shard of the query's last character (the next keystroke's words start there) and
   * the headings and text of the next WARM_HITS hits (the search page's next screen), at most WARM_FILES files.
   */
  async nextFiles(arg: unknown): Promise<string[]> {
    const out: string[] = [];
    for (const request of normalizedRequests(arg)) {
      const r = await this.rankRequest({...request, params: {...request.params, page: request.params.page + 1}}, false);
      const q = normalize(request.params.query.trim());
      if (q) out.push(dictFile(dictShardOf(q.slice(-1))));
      out.push(...r.page.slice(0, WARM_HITS).flatMap((c) => this.recordFiles(c.rec)));
    }
    return [...new Set(out)].filter((n) => !this.files.has(n)).slice(0, WARM_FILES);
  }

  /** Ranked, distinct records of a request and the slice its page shows. */
  private async rankRequest(request: NormalizedRequest, tails = true) {
    const started = now();
    const p = request.params;
    const allowed = this.filter(p.facetFilters);
    const parsed = parseAdvanced(p.query, p.advancedSyntax ?? INDEX_SETTINGS.advancedSyntax);
    // The search page counts and pages through every hit (it asks for facets): it reads the terms' tails too.
    const full = tails && (p.facets.length > 0 || p.page > 0);
    const ranked = await this.rank(parsed, allowed, p, full);
    const distinct = p.distinct ?? INDEX_SETTINGS.distinct;
    let kept = distinct > 0 ? keepDistinct(ranked.list, distinct, (rec) => this.recPage[rec]) : ranked.list;
    // One hit a page: a long question's first pages in the learned order (src/search/rerank.ts).
    if (distinct === 1) kept = this.rerankPages(kept, ranked.list, p.query, ranked.totalWords);
    const page = p.hitsPerPage ? kept.slice(p.page * p.hitsPerPage, (p.page + 1) * p.hitsPerPage) : [];
    return {p, parsed, ranked: ranked.list, exhaustive: ranked.exhaustive, kept, page, started};
  }

  private respond(request: NormalizedRequest, r: Awaited<ReturnType<SearchEngine['rankRequest']>>): SearchResponse {
    const {p, parsed, ranked, kept, page, started, exhaustive} = r;
    const spec = highlightSpec(parsed.terms);
    // The hits of a page share their headings (page title, sections): their matches are found once per response.
    const spanCache = new Map<string, Span[]>();
    const hitsPerPage = p.hitsPerPage;
    const response: SearchResponse = {
      hits: page.map((c) => this.hit(c.rec, p, spec, spanCache)),
      nbHits: kept.length,
      page: p.page,
      nbPages: hitsPerPage ? Math.ceil(kept.length / hitsPerPage) : 0,
      hitsPerPage,
      exhaustiveNbHits: exhaustive,
      exhaustiveTypo: true,
      exhaustive: {nbHits: exhaustive, typo: true},
      query: p.query,
      params: request.raw,
      processingTimeMS: 0,
      index: request.indexName || this.options.indexName || '',
      renderingContent: {},
    };
    if (p.facets.length) {
      response.facets = this.countFacets(ranked, p.facets);
      response.exhaustiveFacetsCount = exhaustive;
      response.exhaustive.facetsCount = exhaustive;
    }
    response.processingTimeMS = Math.round(now() - started);
    return response;
  }

  // ----- records ------------------------------------------------------------------------------------------------------

  private meta(rec: number): (string | number | null)[] | null {
    const shard = this.files.get(metaFile(Math.floor(rec / META_RECORDS))) as MetaShard | undefined;
    return shard ? shard.recs[rec - shard.first] : null;
  }

  private level(rec: number, l: number): string | null {
    return (this.meta(rec)?.[2 + l] as string | null | undefined) ?? null;
  }

  private content(rec: number): string | null {
    const shard = this.files.get(textFile(Math.floor(rec / TEXT_RECORDS))) as TextShard | undefined;
    return shard?.content[rec - shard.first] ?? null;
  }

  /** The record as DocSearch stores it (url absolute when an origin is set); its files must be loaded. */
  record(rec: number): DocSearchRecord {
    const shard = this.files.get(metaFile(Math.floor(rec / META_RECORDS))) as MetaShard | undefined;
    if (!shard) throw new Error(`search index: record ${rec} is not loaded`);
    const [pageIdx, anchorText] = shard.recs[rec - shard.first] as [number, string];
    const path = shard.pages[pageIdx];
    const page = this.recPage[rec];
    const anchor = anchorText || null;
    const origin = this.options.origin ?? '';
    const type = TYPE_CODES[this.recType[rec]];
    const position = rec - this.pageStart[page];
    const hierarchy = Object.fromEntries(LEVELS.map((l, i) => [l, this.level(rec, i)])) as DocSearchRecord['hierarchy'];
    return {
      objectID: recordObjectID(path, position),
      hierarchy,
      content: this.content(rec),
      type,
      url: `${origin}${path}${anchor ? `#${anchor}` : ''}`,
      url_without_anchor: `${origin}${path}`,
      anchor,
      language: this.head.langs[this.pageFacets[page * 3 + 1]],
      docusaurus_tag: this.head.tags[this.pageFacets[page * 3]],
      weight: {pageRank: 0, level: TYPE_LEVEL[type], position},
    };
  }

  /** Loads every file (tests, the relevance check and the benchmark search a fully loaded engine). */
  async loadAll(): Promise<void> {
    const names: string[] = [];
    for (let k = 0; k < this.head.dictShards; k++) names.push(dictFile(k));
    for (let k = 0; k < this.head.buckets; k++) names.push(bucketFile(k));
    for (let k = 0; k < this.head.metaFiles; k++) names.push(metaFile(k));
    for (let k = 0; k < this.head.textFiles; k++) names.push(textFile(k));
    await this.fetch(names);
  }

  private facetValue(rec: number, attribute: string): string | null {
    const page = this.recPage[rec];
    switch (attribute) {
      case 'language':
        return this.head.langs[this.pageFacets[page * 3 + 1]];
      case 'docusaurus_tag':
        return this.head.tags[this.pageFacets[page * 3]];
      case 'type':
        return TYPE_CODES[this.recType[rec]];
      case 'hierarchy.lvl0':
        return this.head.lvl0s[this.pageFacets[page * 3 + 2]] || null;
      default:
        return null;
    }
  }

  /** Records allowed by Algolia `facetFilters` (items ANDed, nested arrays ORed, `attr:-value` negates). */
  private filter(filters: FacetFilter[]): Uint8Array {
    const key = JSON.stringify(filters);
    const cached = this.filterCache.get(key);
    if (cached) return cached;
    const allowed = new Uint8Array(this.size).fill(1);
    const test = (rec: number, f: FacetFilter): boolean => {
      if (Array.isArray(f)) return f.length === 0 || f.some((g) => test(rec, g));
      const colon = f.indexOf(':');
      if (colon < 0) return false;
      const attribute = f.slice(0, colon).trim();
      let value = f.slice(colon + 1);
      const negate = value.startsWith('-');
      if (negate) value = value.slice(1);
      else if (value.startsWith('\\-')) value = value.slice(1);
      const actual = this.facetValue(rec, attribute);
      return negate ? actual !== value : actual === value;
    };
    for (let rec = 0; rec < this.size && filters.length; rec++) allowed[rec] = filters.every((f) => test(rec, f)) ? 1 : 0;
    if (this.filterCache.size >= 8) this.filterCache.delete(this.filterCache.keys().next().value!);
    this.filterCache.set(key, allowed);
    return allowed;
  }

  private countFacets(recs: {rec: number}[], requested: string[]): Record<string, Record<string, number>> {
    const attributes = requested.includes('*') ? [...FACET_ATTRIBUTES] : requested;
    const out: Record<string, Record<string, number>> = {};
    for (const attribute of attributes) {
      const counts: Record<string, number> = {};
      for (const {rec} of recs) {
        const v = this.facetValue(rec, attribute);
        if (v !== null) counts[v] = (counts[v] ?? 0) + 1;
      }
      out[attribute] = counts;
    }
    return out;
  }

  // ----- ranking ------------------------------------------------------------------------------------------------------

  /** The index terms a query token stands for: as typed, as a prefix (the last word), with typos (long enough words). */
  private expand(token: string, prefix: boolean): Expansion[] {
    const out: Expansion[] = [{term: token, weight: 1, typos: 0}];
    const typos = typoLimit(token);
    if (!prefix && !typos) return out;
    const dict = this.dict(token);
    if (!dict) return out;
    if (prefix) {
      const more: [string, number][] = [];
      for (const [term, df] of dict.atPrefix(token)) if (term !== token) more.push([term, df]);
      more.sort((a, b) => b[1] - a[1]);
      for (const [term] of more.slice(0, MAX_PREFIX)) {
        const weight = (PREFIX_WEIGHT * token.length) / (token.length + 0.3 * (term.length - token.length));
        out.push({term, weight, typos: 0});
      }
    }
    if (typos) {
      const found = new Map<string, [number, number]>(); // term → [typos, df]
      for (const [term, [df, distance]] of dict.fuzzyGet(token, typos)) if (distance > 0) found.set(term, [distance, df]);
      // A swap of two neighbouring letters is one typo (Algolia counts it so; an edit distance counts two).
      for (let i = 1; i + 1 < token.length; i++) {
        const swapped = token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2);
        const df = dict.get(swapped);
        if (swapped !== token && df !== undefined) found.set(swapped, [1, df]);
      }
      const list = [...found].sort((a, b) => a[1][0] - b[1][0] || b[1][1] - a[1][1]).slice(0, MAX_TYPO);
      for (const [term, [t]] of list) {
        if (!out.some((e) => e.term === term)) out.push({term, weight: TYPO_WEIGHT / (1 + t), typos: t});
      }
    }
    return out;
  }

  /** Records holding a token (in any of its expansions): the best score, the fewest typos. */
  private findToken(expansions: Expansion[], allowed: Uint8Array, full: boolean): Map<number, Found> {
    const out = new Map<number, Found>();
    for (const e of expansions) {
      for (const posting of this.postingsOf(e.term, full) ?? []) {
        if (!allowed[posting.rec]) continue;
        const score = posting.score * e.weight;
        const f = out.get(posting.rec);
        if (!f) out.set(posting.rec, {score, typos: e.typos, flags: posting.flags});
        else if (e.typos < f.typos || (e.typos === f.typos && score > f.score))
          out.set(posting.rec, {score, typos: e.typos, flags: posting.flags});
      }
    }
    return out;
  }

  /** The files a query's units need: dictionary shards first (prefix and typo tokens), then the buckets of the terms. */
  private async loadUnits(units: Unit[], full: boolean): Promise<Map<string, Expansion[]>> {
    const tokens = units.flatMap((u) =>
      u.alternatives.flatMap((alt, i) => alt.map((t) => ({t, key: tokenKey(u, i, t), typed: i < u.typed, prefix: u.prefix}))),
    );
    // The dictionary shards of the tokens `expand` reads one for: prefixes and words long enough for a typo.
    await this.fetch(tokens.filter((k) => k.typed && (k.prefix || typoLimit(k.t) > 0)).map((k) => dictFile(dictShardOf(k.t))));
    const expansions = new Map<string, Expansion[]>();
    for (const k of tokens) {
      if (!expansions.has(k.key))
        expansions.set(k.key, k.typed ? this.expand(k.t, k.prefix) : [{term: k.t, weight: 1, typos: 0}]);
    }
    const terms = [...new Set([...expansions.values()].flat().map((e) => e.term))];
    await this.fetch(terms.map((t) => bucketFile(bucketOf(t, this.head.buckets))));
    // The search page counts and pages through every hit: it reads the tails of the terms that have one.
    if (full) await this.loadTails(terms);
    return expansions;
  }

  private async rank(
    parsed: ParsedQuery,
    allowed: Uint8Array,
    p: SearchParams,
    full: boolean,
  ): Promise<{list: Candidate[]; exhaustive: boolean; totalWords: number}> {
    const {terms, phrases, exclusions} = parsed;
    if (terms.length === 0) {
      const all: Candidate[] = [];
      for (let rec = 0; rec < this.size; rec++)
        if (allowed[rec]) all.push({rec, words: 0, hits: 0, typos: 0, score: 0, flags: 0});
      const sorted = all.sort((a, b) => this.customOrder(a.rec, b.rec));
      return {list: await this.withPhrases(sorted, phrases, exclusions), exhaustive: true, totalWords: 0};
    }

    const units = queryUnits(terms);
    const expansions = await this.loadUnits(units, full);
    let result = this.scoreUnits(units, expansions, allowed, full, parsed.text);
    // Few records hold every word among the terms' best postings: read the tails of the cut terms and count again.
    // And for a query of two words or more: a record holding its rare word may hold a frequent one outside that word's
    // best postings (断网 in 69 records, 数据 in 1,417: the page that holds both is missed without the tail).
    if (!full && !result.exhaustive && (result.all < TAIL_TRIGGER || result.totalWords >= 2)) {
      await this.loadTails([...expansions.values()].flat().map((e) => e.term));
      result = this.scoreUnits(units, expansions, allowed, true, parsed.text);
    }
    const {scored, totalWords, exhaustive} = result;
    // Algolia: every word required; when no record holds them all, every word optional ('allOptional'), records ranked
    // by how many they hold.
    // A question of three words or more (after its question words went) keeps the records missing up to half of its
    // words (QUESTION_MISSING_SHARE): readers' words are not all on the page that answers.
    const optional = p.removeWordsIfNoResults !== 'none';
    let need = optional && totalWords >= 3 ? totalWords - Math.floor(totalWords / QUESTION_MISSING_SHARE) : totalWords;
    // And when fewer than three pages hold that much, one word less (the modal's first screen shows three pages).
    const pagesWith = (n: number) => new Set(scored.filter((c) => c.words >= n).map((c) => this.recPage[c.rec])).size;
    if (optional && totalWords >= 3 && need > 1 && pagesWith(need) < 3) need--;
    // A question's ranking (below) weighs what a record holds against how well it holds it: one more word may be missing.
    const question = optional && totalWords >= 3;
    if (question) need = Math.max(1, need - 1);
    const all = scored.filter((c) => c.words >= need);
    let candidates = all.length || !optional ? all : scored.filter((c) => c.words > 0);
    // No word whole anywhere (忘了密码: no page says 忘了): the records holding any part of one, most parts first.
    if (!candidates.length && optional) candidates = scored.filter((c) => c.hits > 0);
    const order = (a: Candidate, b: Candidate) =>
      b.words - a.words || (a.words ? 0 : b.hits - a.hits) || a.typos - b.typos || b.score - a.score;
    candidates.sort(order);
    candidates = await this.withPhrases(candidates, phrases, exclusions);

    // The query as typed in a heading: told by the postings' field flags and the heading's length, no file to read.
    const asTyped = [compact(normalize(parsed.text)), translated(terms)].filter((q): q is string => !!q);
    for (const c of candidates) if (c.flags) c.score *= Math.max(...asTyped.map((q) => this.phraseBonus(c, q.length)));
    this.addPageEvidence(candidates);
    if (question) {
      // A question: the words a record holds and its score together, a word being worth a score QUESTION_SCORE_BASE
      // times higher. A passage that holds one frequent word more no longer outranks the one that answers.
      const eff = (c: Candidate) =>
        c.words + (c.named ? PRODUCT_BONUS : 0) + Math.log(Math.max(c.score, 1e-3)) / Math.log(QUESTION_SCORE_BASE);
      candidates.sort((a, b) => eff(b) - eff(a) || a.typos - b.typos || this.customOrder(a.rec, b.rec));
    } else candidates.sort((a, b) => order(a, b) || this.customOrder(a.rec, b.rec));
    return {list: candidates, exhaustive, totalWords};
  }

  /** Loads the tails of the terms whose head is full (their postings were cut at the build's `head`). */
  private async loadTails(terms: string[]): Promise<void> {
    const long = [...new Set(terms)].filter((t) => (this.postingsOf(t, false)?.length ?? 0) >= this.head.head);
    await this.fetch(long.map((t) => tailFile(bucketOf(t, this.head.buckets))));
    for (const t of long) this.full.add(t);
  }

  /** Scores every record holding a unit: the query words it holds, the typos, the score and the heading flags. */
  private scoreUnits(units: Unit[], expansions: Map<string, Expansion[]>, allowed: Uint8Array, full: boolean, text: string) {
    let exhaustive = true;
    // Per unit: the records holding it (its best alternative: fewest typos, then best score).
    const perUnit = units.map((u) => {
      const best = new Map<number, Found>();
      for (const [i, alt] of u.alternatives.entries()) {
        let acc: Map<number, Found> | null = null;
        for (const token of alt) {
          const list = expansions.get(tokenKey(u, i, token))!;
          if (
            list.some((e) => (this.postingsOf(e.term, full)?.length ?? 0) >= this.head.head && !(full && this.full.has(e.term)))
          )
            exhaustive = false;
          const found = this.findToken(list, allowed, full);
          if (!acc) acc = found;
          else {
            const next = new Map<number, Found>();
            for (const [rec, f] of found) {
              const a = acc.get(rec);
              if (a) next.set(rec, {score: a.score + f.score, typos: a.typos + f.typos, flags: a.flags & f.flags});
            }
            acc = next;
          }
        }
        // A record holding several alternatives (the identifier whole and by its parts, the word and its synonym) adds
        // their scores up, as MiniSearch adds up query terms: found whole outranks found in parts.
        for (const [rec, f] of acc ?? []) {
          const b = best.get(rec);
          if (!b) best.set(rec, {...f});
          else best.set(rec, {score: b.score + f.score, typos: Math.min(b.typos, f.typos), flags: b.flags | f.flags});
        }
      }
      return best;
    });

    // Query words each record holds (a CJK word: all but a third of its bigrams; an identifier: whole or all parts).
    const words = groupWords(units);
    const recs = new Set<number>();
    perUnit.forEach((m) => m.forEach((_, rec) => recs.add(rec)));
    // A version number (2.9) names one page among its siblings: it counts as two words, as a heading would.
    const weight = words.map((w) => (w.some((u) => /^\d+(\.\d+)+$/.test(u.alternatives[0][0])) ? 2 : 1));
    // A word naming a product is held by every page of that product (PRODUCT_WORDS).
    const areaNames = this.head.areaNames ?? [];
    const productArea = words.map((w) => {
      const area = PRODUCT_WORDS[wordText(w)];
      return area === undefined ? -1 : areaNames.indexOf(area);
    });
    const scored: Candidate[] = [];
    // The product areas the query names: with exactly one, its pages get PRODUCT_BONUS in a question's ranking.
    // A product word inside an identifier (janus.request.post, /janus/api) names an API, not the product.
    const named = new Set(productArea.filter((a, i) => a >= 0 && !inIdentifier(text, wordText(words[i]))));
    const namedArea = named.size === 1 ? [...named][0] : -1;
    for (const rec of recs) {
      const area = this.pageArea[this.recPage[rec]];
      let count = 0;
      let hits = 0;
      let typos = 0;
      let score = 0;
      let flags = IN_OWN | IN_TITLE;
      // A section stands in its page's context: a word it lacks counts when the page's title record (title,
      // description, keywords) holds it, at a part of its score (a question's words are rarely all in one passage).
      // It completes a passage, never makes one: the words it lends are at most as many as the section holds itself.
      const title = this.titleOf(rec);
      const ownWords = words.filter((w) => w.some((u) => u.counted && perUnit[u.index].has(rec))).length;
      let lent = 0;
      const lentWords = new Set<number>();
      const at = (u: Unit): Found | undefined => {
        const own = perUnit[u.index].get(rec);
        if (own || title < 0) return own;
        const t = perUnit[u.index].get(title);
        if (!t) return undefined;
        if (!lentWords.has(u.word)) {
          if (lent >= ownWords) return undefined;
          lentWords.add(u.word);
          lent++;
        }
        return {score: t.score * INHERITED_WEIGHT, typos: t.typos, flags: 0};
      };
      for (const [i, w] of words.entries()) {
        const foundAt = w.map(at);
        const found = foundAt.filter((f): f is Found => !!f);
        const counted = w.filter((u) => u.counted).length;
        const countedFound = w.filter((u, k) => u.counted && !!foundAt[k]).length;
        hits += countedFound;
        found.forEach((f) => (score += f.score));
        if (counted && productArea[i] >= 0 && area === productArea[i] && countedFound < counted) {
          // The product's own page: it holds the product's name by being the product's.
          count += weight[i];
          hits += counted - countedFound;
          continue;
        }
        // A CJK word of several bigrams counts when half of them are there (a reader's word may run into the next).
        if (counted && countedFound >= (w[0].cjk ? Math.ceil(counted / 2) : counted)) {
          count += weight[i];
          found.forEach((f) => (typos += f.typos));
        }
        if (found.length < w.length) flags = 0;
        found.forEach((f) => (flags &= f.flags));
      }
      scored.push({rec, words: count, hits, typos, score, flags, named: namedArea >= 0 && area === namedArea});
    }
    const totalWords = words.reduce((n, w, i) => n + (w.some((u) => u.counted) ? weight[i] : 0), 0);
    return {scored, totalWords, exhaustive, all: scored.filter((c) => c.words >= totalWords).length};
  }

  /** The title record (lvl1) of a record's page, or -1 for the title record itself and a page without one. */
  private titleOf(rec: number): number {
    const first = this.pageStart[this.recPage[rec]];
    return first !== rec && this.recType[first] === 1 ? first : -1;
  }

  /** Advanced syntax: `"…"` phrases required, `-word` excluded, tested on the text of the first candidates. */
  private async withPhrases(list: Candidate[], phrases: string[], exclusions: string[]): Promise<Candidate[]> {
    if (!phrases.length && !exclusions.length) return list;
    const head = list.slice(0, PHRASE_TEST_LIMIT);
    await this.fetch(head.flatMap((c) => this.recordFiles(c.rec)));
    return head.filter((c) => {
      const fields = LEVELS.map((_, l) => this.level(c.rec, l))
        .filter((v): v is string => v !== null)
        .map((v) => compact(normalize(v)));
      fields.push(compact(normalize(this.content(c.rec) ?? '')));
      return (
        phrases.every((ph) => fields.some((f) => f.includes(ph))) && !exclusions.some((ex) => fields.some((f) => f.includes(ex)))
      );
    });
  }

  /**
   * The whole query found in the record's own heading (every word of it there, by the postings' flags): most for a page
   * title that is the query (the heading as long as the query), more the closer the heading is to the query (物模型 is
   * 「物模型概述」 more than 「导入与导出物模型」); or in its page title.
   */
  private phraseBonus(c: Candidate, length: number): number {
    if (length < 2) return 1;
    const title = this.recType[c.rec] === 1;
    const own = parseInt(this.head.ownLengths[c.rec] ?? '0', 36);
    if (c.flags & IN_OWN && own > 0) {
      if (own === length) return title ? 3 : 2;
      const closeness = Math.min(1, length / own);
      return title ? 1.4 + 0.8 * closeness : 1.2 + 0.5 * closeness;
    }
    return c.flags & IN_TITLE ? 1.2 : 1;
  }

  /** More matching records on a page are more evidence for it: a fifth of its other matches, at most 0.6 of its best. */
  private addPageEvidence(candidates: Candidate[]): void {
    const pages = new Map<number, {best: number; sum: number; words: number}>();
    for (const c of candidates) {
      const page = this.recPage[c.rec];
      const p = pages.get(page) ?? {best: 0, sum: 0, words: c.words};
      if (c.words > p.words) Object.assign(p, {best: 0, sum: 0, words: c.words});
      if (c.words === p.words) {
        p.best = Math.max(p.best, c.score);
        p.sum += c.score;
      }
      pages.set(page, p);
    }
    for (const c of candidates) {
      const p = pages.get(this.recPage[c.rec])!;
      c.score += Math.min(0.2 * (p.sum - p.best), 0.6 * p.best);
    }
  }

  /**
   * A query's first RERANK_DEPTH pages in the engine's own order, each with what the re-ranker knows of it, and the query's
   * word count: what `npm run search:train` learns from (scripts/search-train.ts).
   */
  async rerankInput(query: string, facetFilters: SearchParams['facetFilters'] = []) {
    const request = normalizeRequest({indexName: '', params: {query, facetFilters, distinct: 1}}, {hitsPerPage: RERANK_DEPTH});
    const p = request.params;
    const parsed = parseAdvanced(p.query, p.advancedSyntax ?? INDEX_SETTINGS.advancedSyntax);
    const ranked = await this.rank(parsed, this.filter(p.facetFilters), p, false);
    const pages = keepDistinct(ranked.list, 1, (rec) => this.recPage[rec]).slice(0, RERANK_DEPTH);
    await this.fetch(pages.flatMap((c) => this.recordFiles(c.rec)));
    const describe = this.describer(ranked.list);
    return {
      totalWords: ranked.totalWords,
      pages: pages.map((c) => ({path: this.record(c.rec).url_without_anchor, ...describe(c)})),
    };
  }

  /** What the re-ranker knows of a page's best record, given the query's matching records. */
  private describer(matched: Candidate[]): (c: Candidate) => RerankCandidate {
    const records = new Map<number, number>();
    for (const c of matched) records.set(this.recPage[c.rec], (records.get(this.recPage[c.rec]) ?? 0) + 1);
    const kindNames = this.head.kindNames ?? [];
    return (c) => {
      const page = this.recPage[c.rec];
      return {
        words: c.words,
        score: c.score,
        flags: c.flags,
        named: !!c.named,
        type: this.recType[c.rec],
        records: records.get(page) ?? 1,
        kind: kindNames[this.pageKind[page]] ?? '',
      };
    };
  }

  /**
   * The pages of a long question in the re-ranker's order: each described by its best record and by how many of the
   * query's matching records (`matched`) its page holds.
   */
  private rerankPages(pages: Candidate[], matched: Candidate[], query: string, totalWords: number): Candidate[] {
    const weights = this.options.rerankWeights === undefined ? RERANK_WEIGHTS.weights : this.options.rerankWeights;
    return rerank(pages, query, totalWords, this.describer(matched), weights);
  }

  /** DocSearch's custom ranking: higher level first, then page order. */
  private customOrder(a: number, b: number): number {
    const la = TYPE_LEVEL[TYPE_CODES[this.recType[a]]];
    const lb = TYPE_LEVEL[TYPE_CODES[this.recType[b]]];
    return lb - la || a - b;
  }

  // ----- hits ---------------------------------------------------------------------------------------------------------

  private hit(rec: number, p: SearchParams, spec: HighlightSpec, found: Map<string, Span[]>): Hit {
    const record = this.record(rec);
    const hit = project(record, p.attributesToRetrieve ?? [...INDEX_SETTINGS.attributesToRetrieve]);
    const pre = p.highlightPreTag ?? INDEX_SETTINGS.highlightPreTag;
    const post = p.highlightPostTag ?? INDEX_SETTINGS.highlightPostTag;
    const spansOf = (_field: string, text: string) => {
      let spans = found.get(text);
      if (!spans) found.set(text, (spans = findSpans(text, spec)));
      return spans;
    };
    const highlighted = attributeSet(p.attributesToHighlight ?? [...INDEX_SETTINGS.attributesToHighlight]);
    const hl: NonNullable<Hit['_highlightResult']> = {};
    for (const l of LEVELS) {
      const v = record.hierarchy[l];
      if (v !== null && highlighted.has(`hierarchy.${l}`))
        (hl.hierarchy ??= {})[l] = highlight(v, spec, pre, post, spansOf(l, v));
    }
    const content = record.content;
    if (content !== null && highlighted.has('content'))
      hl.content = highlight(content, spec, pre, post, spansOf('content', content));
    hit._highlightResult = hl;
    // Algolia's default: a snippet cut from the middle of the text starts (and ends) with 「…」. The search page sends no
    // snippetEllipsisText, DocSearch sends its own.
    const ellipsis = p.snippetEllipsisText ?? '…';
    const sn: NonNullable<Hit['_snippetResult']> = {};
    for (const [attribute, words] of snippetAttributes(p.attributesToSnippet ?? [...INDEX_SETTINGS.attributesToSnippet])) {
      const [head, l] = attribute.split('.') as [string, Level | undefined];
      if (head === 'content' && content !== null)
        sn.content = snippet(content, spec, words, pre, post, ellipsis, spansOf('content', content));
      if (head === 'hierarchy') {
        for (const level of l ? [l] : LEVELS) {
          const v = record.hierarchy[level];
          if (v !== null) (sn.hierarchy ??= {})[level] = snippet(v, spec, words, pre, post, ellipsis, spansOf(level, v));
        }
      }
    }
    if (Object.keys(sn).length) hit._snippetResult = sn;
    return hit;
  }
}

// ----- query --------------------------------------------------------------------------------------------------------

/** `client.search()`'s argument as normalised requests (the index settings' hitsPerPage by default). */
const normalizedRequests = (arg: unknown): NormalizedRequest[] =>
  requestsOf(arg).map((r) => normalizeRequest(r, {hitsPerPage: INDEX_SETTINGS.hitsPerPage}));

/** Candidates the advanced syntax reads the text of (a phrase search is a narrow one). */
const PHRASE_TEST_LIMIT = 200;

/**
 * One query term: alternatives, each a list of tokens that must all match (an identifier: whole, or its parts; a
 * synonym). `counted`: a unit of the words criterion (a CJK bigram across two words of a run only adds to the score).
 */
type Unit = {
  index: number;
  word: number;
  cjk: boolean;
  prefix: boolean;
  counted: boolean;
  alternatives: string[][];
  /** The first `typed` alternatives are the reader's (prefix and typos apply); the rest are synonyms, found as they are. */
  typed: number;
};

/** The query terms as units, with synonyms (English↔Chinese, readers' words for what pages say) as alternatives. */
function queryUnits(terms: QueryTerm[]): Unit[] {
  return terms
    .map((t, index) => {
      const atom = t.atoms[0];
      const alternatives: string[][] = atom.whole ? [[atom.whole], atom.parts] : [atom.parts];
      const typed = alternatives.length;
      // A synonym is found as the index holds it (its tokens: 物模型 → 物模, 模型).
      for (const syn of SYNONYMS[atom.whole ?? atom.parts.join('')] ?? []) alternatives.push(tokenize(syn).map((k) => k.term));
      return {index, word: t.word, cjk: t.cjk, prefix: !!atom.prefix || !!atom.char, counted: !t.glue, alternatives, typed};
    })
    .map((u, _, all) => {
      // A lone CJK character beside other words (改, 接) adds to the score but is not a word records must hold.
      // One with a synonym (删 → 删除, 跑 → 运行) is a word: a verb readers type alone for the pages' two-character one.
      const lone =
        u.cjk && u.alternatives[0].length === 1 && u.alternatives[0][0].length === 1 && u.alternatives.length === u.typed;
      return lone && all.some((o) => o.word !== u.word) ? {...u, counted: false} : u;
    });
}

/** Typos a query token may have (Algolia's settings; Latin words only, never numbers): 0, 1 or 2. */
function typoLimit(token: string): number {
  if (!/^[a-z][a-z0-9-]*$/.test(token)) return 0;
  if (token.length >= INDEX_SETTINGS.minWordSizefor2Typos) return 2;
  return token.length >= INDEX_SETTINGS.minWordSizefor1Typo ? 1 : 0;
}

/** The expansions' key of a token: typed tokens expand (prefix, typos), synonyms' do not. */
const tokenKey = (u: Unit, alternative: number, token: string) =>
  alternative >= u.typed ? `=${token}` : `${u.prefix ? '*' : ''}${token}`;

/** An English query's words in Chinese, when every word has a synonym (device shadow → 设备影子). */
function translated(terms: QueryTerm[]): string | null {
  if (!terms.length || terms.some((t) => t.cjk)) return null;
  const words = terms.map((t) => SYNONYMS[t.atoms[0].whole ?? t.atoms[0].parts.join('')]?.[0]);
  if (!words.every(Boolean)) return null;
  // thing model → 物模型 + 模型: a word already at the end is not repeated.
  return words.reduce((acc: string, w) => (acc.endsWith(w!) ? acc : acc + w!), '');
}

/** Whether a Latin word stands in the query joined to another by `.`, `/`, `_`, `:` or `-` (part of an identifier). */
function inIdentifier(text: string, word: string): boolean {
  if (!/^[a-z0-9]+$/.test(word)) return false;
  const joined = new RegExp(
    `[\\p{L}\\p{N}][./_:-]${word}(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])${word}[./_:-][\\p{L}\\p{N}]`,
    'iu',
  );
  return joined.test(text);
}

/** A query word as typed, from its units (a CJK word from its bigrams: 流程 + 程图 → 流程图). */
function wordText(w: Unit[]): string {
  const tokens = w.filter((u) => !u.cjk || u.counted).map((u) => u.alternatives[0].join(''));
  if (!w[0]?.cjk) return tokens.join('');
  return tokens.reduce((acc, t, i) => (i === 0 ? t : acc + t.slice(1)), '');
}

/** The units of each query word. */
function groupWords(units: Unit[]): Unit[][] {
  const words = new Map<number, Unit[]>();
  units.forEach((u) => words.set(u.word, [...(words.get(u.word) ?? []), u]));
  return [...words.values()];
}

const compact = (s: string) => s.replace(/\s+/g, '');

type ParsedQuery = {terms: QueryTerm[]; phrases: string[]; exclusions: string[]; text: string};

/**
 * Words a question is made of that pages do not hold next to the answer: question words, particles, pronouns, measure
 * words, "can / must". Dropped where the word segmenter (Intl.Segmenter) finds them as whole words, so 在 goes and 在线
 * stays; the rest of a run is searched as it was typed (the segmenter's cuts inside technical words are not used).
 */
const STOP_WORDS = new Set(
  (
    '吗 呢 吧 啊 呀 嘛 么 了 的 地 得 着 过 还 在 是 有 和 与 及 或 就 都 也 又 才 把 被 给 让 对 从 向 要 会 能 可 该 我 你 他 她 它 ' +
    '我们 你们 他们 咱们 这 那 这个 那个 这些 那些 这样 那样 哪 哪个 哪些 哪里 哪儿 什么 啥 怎么 怎样 怎么样 怎么办 如何 为什么 为何 ' +
    '多少 几 几个 是否 能否 可否 能不能 可不可以 可以 需要 需 应该 有没有 是不是 会不会 要不要 一共 总共 一下 请问 以后 之后 然后 ' +
    '时候 如果 的话 一个 个 台 条 种 次 办 呀 吗 还是 到底 究竟 已经 正在 一直 为啥 干嘛 行不行 好不好 对不对 得到 做 弄 搞 ' +
    '放在 在哪 在哪儿 一台 两台 几台 每台 一根 明明 好好 自己 老是 总是 突然 怎么回事 咋 咋办 能够 想要 想 请 帮忙 可能 还能 还会 ' +
    '它的 我的 你的 他的 她的 这里 那里 还在 ' +
    'how what why when where which who can do does did is are was the a an to of i my we you it in on for with should must'
  ).split(/\s+/),
);

/** The query without its stop words (or as typed, when nothing else is left). */
function withoutStopWords(q: string): string {
  const segments = segmentWords(q);
  if (!segments) return q;
  let out = '';
  let kept = false;
  for (const s of segments) {
    if (s.isWordLike && STOP_WORDS.has(s.segment.toLowerCase())) out += ' ';
    else {
      out += s.segment;
      if (s.isWordLike) kept = true;
    }
  }
  return kept ? out : q;
}

/** A particle closing a Chinese word before a space or a number (升级到 2.9, 设备的): not part of what pages hold. */
const TRAILING_PARTICLE = /(\p{Script=Han}{2,})[到的了](?=[\s\d]|$)/gu;
/** Placeholders such as `{productKey}` in a pasted topic or path: pages often show example values instead. */
const PLACEHOLDER = /\{[^{}\s]*\}/g;

const without = (q: string, pattern: RegExp) => {
  const rest = q.replace(pattern, ' ');
  return rest.trim() ? rest : q;
};

/** The query's terms; with advanced syntax `"…"` is a required phrase and `-word` excludes. */
function parseAdvanced(query: string, advanced: boolean): ParsedQuery {
  const phrases: string[] = [];
  const exclusions: string[] = [];
  let text = query.slice(0, 512).replace(TRAILING_PARTICLE, '$1 ');
  if (advanced) {
    text = text.replace(/"([^"]*)"/g, (_, ph: string) => {
      if (ph.trim()) phrases.push(compact(normalize(ph)));
      return ` ${ph} `;
    });
    text = text.replace(/(^|\s)-(\S+)/g, (_, sp: string, word: string) => {
      exclusions.push(compact(normalize(word)));
      return sp;
    });
  }
  // A trailing space keeps its meaning (the last word is whole, not a prefix) after the stop words go.
  const terms = parseQuery(without(withoutStopWords(text), PLACEHOLDER) + (/\s$/.test(text) ? ' ' : ''));
  return {terms: terms.slice(0, 32), phrases, exclusions, text: withoutStopWords(text)};
}

/** Tokens to highlight: every token of the query, the last word as a prefix, lone CJK characters anywhere. */
function highlightSpec(terms: QueryTerm[]): HighlightSpec {
  const spec: HighlightSpec = {terms: new Map(), parts: new Map(), prefixes: new Map(), chars: new Map(), words: []};
  for (const term of terms) {
    if (!spec.words.includes(term.text)) spec.words.push(term.text);
    for (const atom of term.atoms) {
      const map = atom.char ? spec.chars : atom.whole ? spec.parts : spec.terms;
      atom.parts.forEach((part) => map.set(part, term.text));
      if (atom.whole) spec.terms.set(atom.whole, term.text);
      if (atom.prefix) {
        spec.prefixes.set(atom.parts[atom.parts.length - 1], term.text);
        if (atom.whole) spec.prefixes.set(atom.whole, term.text);
      }
    }
  }
  return spec;
}

function keepDistinct<T extends {rec: number}>(ranked: T[], n: number, page: (rec: number) => number): T[] {
  const seen = new Map<number, number>();
  return ranked.filter((r) => {
    const k = page(r.rec);
    const c = seen.get(k) ?? 0;
    seen.set(k, c + 1);
    return c < n;
  });
}

function attributeSet(list: string[]): Set<string> {
  const out = new Set<string>();
  for (const a of list) {
    if (a === '*' || a === 'hierarchy') LEVELS.forEach((l) => out.add(`hierarchy.${l}`));
    if (a === '*' || a === 'content') out.add('content');
    if (/^hierarchy\.lvl[0-6]$/.test(a)) out.add(a);
  }
  return out;
}

function snippetAttributes(list: string[]): [string, number][] {
  return list.map((a) => {
    const [name, n] = a.split(':');
    return [name === '*' ? 'content' : name, Number(n) > 0 ? Number(n) : 10];
  });
}

function project(record: DocSearchRecord, list: string[]): Hit {
  if (list.includes('*')) return {...record, hierarchy: {...record.hierarchy}};
  const hit: Hit = {objectID: record.objectID};
  const out = hit as Record<string, unknown>;
  for (const a of list) {
    const [head, sub] = a.split('.');
    if (!(head in record)) continue;
    const value = (record as unknown as Record<string, unknown>)[head];
    if (sub === undefined) out[head] = value && typeof value === 'object' ? {...value} : value;
    else if (value && typeof value === 'object') {
      out[head] ??= {};
      (out[head] as Record<string, unknown>)[sub] = (value as Record<string, unknown>)[sub];
    }
  }
  return hit;
}
