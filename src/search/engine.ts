// The offline search: an adapter that answers Algolia search requests (DocSearch's modal, the theme's /search page) with
// MiniSearch, a maintained full-text engine (BM25+ ranking, field boosts, prefix and fuzzy matching) over the records of
// the built site.
//
// What MiniSearch does: the inverted index, term matching (exact, prefix for the last word, one typo for English words of
// eight letters or more) and the BM25+ score with field boosts (the record's own heading > page title > other headings >
// content). What the adapter adds, because Algolia has it: the `words` criterion (records matching every query word rank
// first; with none, words are dropped as removeWordsIfNoResults does), a bonus for the query found as typed in a heading,
// facet filters and counts, distinct per page, paging, and the `_highlightResult` / `_snippetResult` values.
// Tokens come from our tokenizer (CJK bigrams, identifiers whole and by camelCase part), shared with the build.
//
// Only what a query needs is fetched: the index file holds the records without their text and MiniSearch's document
// data; MiniSearch's term entries are split by first character into term shards (search-terms-<n>.json), fetched for
// the query's terms (prefix matches share the first character); the content text used for highlights and snippets is in
// content shards (search-text-<n>.json), fetched for the records a response shows.
import MiniSearch, {type AsPlainObject, type Query, type SearchOptions, type SearchResult} from 'minisearch';
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
import {normalize, parseQuery, tokenize, type QueryTerm} from './tokenizer';
import {
  FACET_ATTRIBUTES,
  INDEX_SETTINGS,
  LEVELS,
  TYPE_CODES,
  TYPE_LEVEL,
  recordObjectID,
  termShardOf,
  type DocSearchRecord,
  type Level,
  type SerializedIndex,
  type TermShard,
  type TextShard,
} from './types';
import {SYNONYMS} from './synonyms';

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
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustive: {nbHits: true; typo: true; facetsCount?: true};
  query: string;
  params: string;
  processingTimeMS: number;
  index: string;
  facets?: Record<string, Record<string, number>>;
  exhaustiveFacetsCount?: true;
  renderingContent: Record<string, never>;
}

export interface EngineOptions {
  /** Prepended to record paths to make `url` absolute (DocSearch and the theme need absolute URLs): location.origin. */
  origin?: string;
  /** Reported as `index` when a request names none. */
  indexName?: string;
}

/** The searchable fields of a record and their boosts. */
export const FIELDS = ['own', 'page', 'path', 'content'] as const;
const BOOST: Record<(typeof FIELDS)[number], number> = {own: 4, page: 2.5, path: 1.2, content: 1};
/** MiniSearch options shared by the build and the browser (the index is loaded with the same ones). */
export const MINISEARCH_OPTIONS = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [] as string[],
  // Text is tokenized by our tokenizer (already normalised); query terms arrive as tokens.
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
  return {id, own, page: r.hierarchy.lvl1 ?? '', path, content: r.content ?? ''};
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

type Candidate = {rec: number; words: number; score: number};

export class SearchEngine {
  private readonly miniMeta: Record<string, unknown>;
  /** One MiniSearch per loaded term shard: a query's terms are searched in their shards and the scores summed (BM25 of a
   * term depends only on its own postings and the documents' field lengths, which every shard holds). */
  private readonly shardIndexes = new Map<number, MiniSearch>();
  readonly termShards: number;
  private readonly texts: string[];
  private readonly pages: SerializedIndex['pages'];
  private readonly langs: string[];
  private readonly tags: string[];
  private readonly recPage: Int32Array;
  private readonly pageStart: Int32Array;
  private readonly recType: Uint8Array;
  private readonly recAnchor: string[];
  private readonly recLevels: Int32Array;
  private readonly recShard: Int32Array;
  /** Content text of records whose shard is loaded (null: the record has no content). */
  private readonly content = new Map<number, string | null>();
  private readonly filterCache = new Map<string, Uint8Array>();
  /** Headings in compact normal form (no spaces, NFKC, lower case), computed once per text. */
  private readonly compacted = new Map<number, string>();
  readonly size: number;
  readonly shards: number;

  constructor(
    index: SerializedIndex,
    private readonly options: EngineOptions = {},
  ) {
    if (index.v !== 2) throw new Error(`search index: unsupported format ${String(index.v)}`);
    this.miniMeta = index.mini;
    this.termShards = index.termShards;
    this.texts = index.texts;
    this.pages = index.pages;
    this.langs = index.langs;
    this.tags = index.tags;
    this.shards = index.shards;
    const n = (this.size = index.records.length);
    this.recPage = new Int32Array(n);
    this.recType = new Uint8Array(n);
    this.recAnchor = new Array<string>(n);
    this.recShard = new Int32Array(n);
    this.recLevels = new Int32Array(n * 7).fill(-1);
    this.pageStart = new Int32Array(this.pages.length).fill(-1);
    index.records.forEach((r, i) => {
      const [page, type, anchor, shard, ...levels] = r as [number, number, string, number, ...number[]];
      this.recPage[i] = page;
      if (this.pageStart[page] < 0) this.pageStart[page] = i;
      this.recType[i] = type;
      this.recAnchor[i] = anchor;
      this.recShard[i] = shard;
      levels.forEach((t, l) => (this.recLevels[i * 7 + l] = t));
      if (shard < 0) this.content.set(i, null);
    });
  }

  /** Term shards a query needs that are not loaded yet. */
  missingTermShards(query: string): number[] {
    const units = queryUnits(parseAdvanced(query, true).terms);
    const shards = new Set(units.flatMap((u) => u.alternatives.flat()).map(termShardOf));
    return [...shards].filter((k) => !this.shardIndexes.has(k));
  }

  hasTermShard(k: number): boolean {
    return this.shardIndexes.has(k);
  }

  /** Adds a loaded term shard (MiniSearch index entries). */
  addTermShard(k: number, entries: TermShard): void {
    this.shardIndexes.set(
      k,
      MiniSearch.loadJS({...this.miniMeta, index: entries} as unknown as AsPlainObject, MINISEARCH_OPTIONS),
    );
  }

  /** Searches every query token in its term shard (OR) and sums the scores per record. */
  private searchShards(tokens: string[], options: SearchOptions): Map<number, {score: number; terms: Set<string>}> {
    const byShard = new Map<number, string[]>();
    for (const t of new Set(tokens)) byShard.set(termShardOf(t), [...(byShard.get(termShardOf(t)) ?? []), t]);
    const out = new Map<number, {score: number; terms: Set<string>}>();
    for (const [k, list] of byShard) {
      const index = this.shardIndexes.get(k);
      if (!index) continue;
      for (const r of index.search({combineWith: 'OR', queries: list} as Query, options)) {
        const hit = out.get(r.id as number) ?? {score: 0, terms: new Set<string>()};
        hit.score += r.score;
        r.queryTerms.forEach((t) => hit.terms.add(t));
        out.set(r.id as number, hit);
      }
    }
    return out;
  }

  /** Content shards the given records need that are not loaded yet. */
  missingShards(recs: number[]): number[] {
    return [...new Set(recs.filter((r) => !this.content.has(r)).map((r) => this.recShard[r]))].filter((s) => s >= 0);
  }

  /** Whether a content shard is loaded (its first record's content is known). */
  hasShard(k: number): boolean {
    const first = this.recShard.indexOf(k);
    return first < 0 || this.content.has(first);
  }

  /** Adds a loaded content shard. */
  addShard(shard: TextShard): void {
    shard.content.forEach((c, k) => this.content.set(shard.first + k, c));
  }

  /** Answers `client.search()`'s argument, fetching the term shards its queries need and the content of its hits. */
  async searchManyAsync(
    arg: unknown,
    load: {terms: (shard: number) => Promise<TermShard>; texts: (shard: number) => Promise<TextShard>},
  ): Promise<{results: SearchResponse[]}> {
    const requests = normalizedRequests(arg);
    const termShards = [...new Set(requests.flatMap((r) => this.missingTermShards(r.params.query)))];
    const loaded = await Promise.all(termShards.map(async (k) => [k, await load.terms(k)] as const));
    for (const [k, entries] of loaded) this.addTermShard(k, entries);
    const ranked = requests.map((r) => this.rankRequest(r));
    const needed = this.missingShards(ranked.flatMap((r) => r.page.map((c) => c.rec)));
    for (const s of await Promise.all(needed.map(load.texts))) this.addShard(s);
    return {results: ranked.map((r, i) => this.respond(requests[i], r))};
  }

  /** Synchronous form, for records whose content is loaded (or tests that loaded every shard). */
  searchMany(arg: unknown): {results: SearchResponse[]} {
    const requests = normalizedRequests(arg);
    return {results: requests.map((r) => this.respond(r, this.rankRequest(r)))};
  }

  search(request: NormalizedRequest): SearchResponse {
    return this.respond(request, this.rankRequest(request));
  }

  /** The records a request's page of hits shows (to know which content shards it needs). */
  recordsShown(request: NormalizedRequest): number[] {
    return this.rankRequest(request).page.map((c) => c.rec);
  }

  /** Ranked, distinct records of a request and the slice its page shows. */
  private rankRequest(request: NormalizedRequest) {
    const started = now();
    const p = request.params;
    const allowed = this.filter(p.facetFilters);
    const parsed = parseAdvanced(p.query, p.advancedSyntax ?? INDEX_SETTINGS.advancedSyntax);
    const ranked = this.rank(parsed, allowed, p);
    const distinct = p.distinct ?? INDEX_SETTINGS.distinct;
    const kept = distinct > 0 ? keepDistinct(ranked, distinct, (rec) => this.recPage[rec]) : ranked;
    const page = p.hitsPerPage ? kept.slice(p.page * p.hitsPerPage, (p.page + 1) * p.hitsPerPage) : [];
    return {p, parsed, ranked, kept, page, started};
  }

  private respond(request: NormalizedRequest, r: ReturnType<SearchEngine['rankRequest']>): SearchResponse {
    const {p, parsed, ranked, kept, page, started} = r;
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
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: {nbHits: true, typo: true},
      query: p.query,
      params: request.raw,
      processingTimeMS: 0,
      index: request.indexName || this.options.indexName || '',
      renderingContent: {},
    };
    if (p.facets.length) {
      response.facets = this.countFacets(ranked, p.facets);
      response.exhaustiveFacetsCount = true;
      response.exhaustive.facetsCount = true;
    }
    response.processingTimeMS = Math.round(now() - started);
    return response;
  }

  // ----- records ------------------------------------------------------------------------------------------------------

  private level(rec: number, l: number): string | null {
    const t = this.recLevels[rec * 7 + l];
    return t >= 0 ? this.texts[t] : null;
  }

  /** A heading of a record in compact normal form, or null. */
  private compactLevel(rec: number, l: number): string | null {
    const t = this.recLevels[rec * 7 + l];
    if (t < 0) return null;
    let c = this.compacted.get(t);
    if (c === undefined) this.compacted.set(t, (c = compact(normalize(this.texts[t]))));
    return c;
  }

  /** The record as DocSearch stores it (url absolute when an origin is set; content null until its shard is loaded). */
  record(rec: number): DocSearchRecord {
    const [path, tag, lang] = this.pages[this.recPage[rec]];
    const anchor = this.recAnchor[rec] || null;
    const origin = this.options.origin ?? '';
    const type = TYPE_CODES[this.recType[rec]];
    const position = rec - this.pageStart[this.recPage[rec]];
    const hierarchy = Object.fromEntries(LEVELS.map((l, i) => [l, this.level(rec, i)])) as DocSearchRecord['hierarchy'];
    return {
      objectID: recordObjectID(path, position),
      hierarchy,
      content: this.content.get(rec) ?? null,
      type,
      url: `${origin}${path}${anchor ? `#${anchor}` : ''}`,
      url_without_anchor: `${origin}${path}`,
      anchor,
      language: this.langs[lang],
      docusaurus_tag: this.tags[tag],
      weight: {pageRank: 0, level: TYPE_LEVEL[type], position},
    };
  }

  /** The page path of a record (for relevance checks). */
  pathOf(rec: number): string {
    return this.pages[this.recPage[rec]][0];
  }

  private facetValue(rec: number, attribute: string): string | null {
    const [, tag, lang] = this.pages[this.recPage[rec]];
    switch (attribute) {
      case 'language':
        return this.langs[lang];
      case 'docusaurus_tag':
        return this.tags[tag];
      case 'type':
        return TYPE_CODES[this.recType[rec]];
      case 'hierarchy.lvl0':
        return this.level(rec, 0);
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

  private rank(parsed: ParsedQuery, allowed: Uint8Array, p: SearchParams): Candidate[] {
    const {terms, phrases, exclusions} = parsed;
    // Advanced syntax: the record's fields (headings cached in compact form, and its content) are built once per record.
    const passes = (rec: number) => {
      if (!phrases.length && !exclusions.length) return true;
      const fields = LEVELS.map((_, l) => this.compactLevel(rec, l)).filter((v): v is string => v !== null);
      fields.push(compact(normalize(this.content.get(rec) ?? '')));
      return (
        phrases.every((ph) => fields.some((f) => f.includes(ph))) && !exclusions.some((ex) => fields.some((f) => f.includes(ex)))
      );
    };

    if (terms.length === 0) {
      const all: Candidate[] = [];
      for (let rec = 0; rec < this.size; rec++) if (allowed[rec] && passes(rec)) all.push({rec, words: 0, score: 0});
      return all.sort((a, b) => this.customOrder(a.rec, b.rec));
    }

    const units = queryUnits(terms);
    const prefixTerms = new Set(units.filter((u) => u.prefix).flatMap((u) => u.alternatives.flat()));
    const results = this.searchShards(
      units.flatMap((u) => u.queries),
      {
        filter: (r: SearchResult) => allowed[r.id as number] === 1,
        boost: {...BOOST},
        fuzzy: (term: string) => (/^[a-z][a-z-]{7,}$/.test(term) ? 1 : false),
        prefix: (term: string) => prefixTerms.has(term),
        weights: {fuzzy: 0.6, prefix: 0.6},
        boostDocument: (id: unknown) => 1 + (0.15 * TYPE_LEVEL[TYPE_CODES[this.recType[id as number]]]) / 90,
      },
    );

    // Query words each result satisfies (a CJK run: all but a third of its bigrams; an identifier: whole or all parts).
    const words = groupWords(units);
    const scored = [...results].map(([rec, r]) => {
      const matched = r.terms;
      let count = 0;
      for (const w of words) {
        const found = w.filter((u) => u.alternatives.some((alt) => alt.every((t) => matched.has(t)))).length;
        if (found >= w.length - (w[0].cjk ? Math.floor(w.length / 3) : 0)) count++;
      }
      return {rec, words: count, score: r.score};
    });
    const totalWords = words.length;
    const floor = p.removeWordsIfNoResults === 'none' ? totalWords : totalWords <= 3 ? 1 : Math.ceil(totalWords / 2);
    let need = totalWords;
    while (need > floor && !scored.some((c) => c.words >= need)) need--;
    // The query as typed, and, for an English query, the same words in Chinese (device shadow → 设备影子).
    const asTyped = [compact(normalize(parsed.text)), translated(terms)].filter((q): q is string => !!q);
    const candidates = scored
      .filter((c) => c.words >= need && passes(c.rec))
      .map((c) => ({...c, score: c.score * Math.max(...asTyped.map((q) => this.phraseBonus(c.rec, q)))}));
    this.addPageEvidence(candidates);
    return candidates.sort((a, b) => b.words - a.words || b.score - a.score || this.customOrder(a.rec, b.rec));
  }

  /**
   * The whole query found as typed in the record's own heading (most for a page title, more the closer the heading is to
   * the query: 物模型 is 「物模型概述」 more than 「导入与导出物模型」), or in its page title.
   */
  private phraseBonus(rec: number, query: string): number {
    if (query.length < 2) return 1;
    const type = this.recType[rec];
    const ownC = type > 0 ? this.compactLevel(rec, type) : null;
    const title = type === 1;
    if (ownC === query) return title ? 3 : 2;
    if (ownC?.includes(query)) {
      const closeness = query.length / ownC.length;
      return title ? 1.4 + 0.8 * closeness : 1.2 + 0.5 * closeness;
    }
    return this.compactLevel(rec, 1)?.includes(query) ? 1.2 : 1;
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

/** One query term for MiniSearch: alternatives, each a list of tokens that must all match (an identifier: whole, or its parts). */
type Unit = {word: number; cjk: boolean; prefix: boolean; alternatives: string[][]; queries: string[]};

/** The query terms as MiniSearch queries, with English↔Chinese synonyms of known concepts as alternatives. */
function queryUnits(terms: QueryTerm[]): Unit[] {
  return terms.map((t) => {
    const atom = t.atoms[0];
    const alternatives: string[][] = atom.whole ? [[atom.whole], atom.parts] : [atom.parts];
    for (const syn of SYNONYMS[atom.whole ?? atom.parts.join('')] ?? [])
      alternatives.push(parseQuery(syn).flatMap((q) => q.atoms[0].parts));
    const queries = [...new Set(alternatives.flat())];
    return {word: t.word, cjk: t.cjk, prefix: !!atom.prefix || !!atom.char, alternatives, queries};
  });
}

/** An English query's words in Chinese, when every word has a synonym (device shadow → 设备影子). */
function translated(terms: QueryTerm[]): string | null {
  if (!terms.length || terms.some((t) => t.cjk)) return null;
  const words = terms.map((t) => SYNONYMS[t.atoms[0].whole ?? t.atoms[0].parts.join('')]?.[0]);
  if (!words.every(Boolean)) return null;
  // thing model → 物模型 + 模型: a word already at the end is not repeated.
  return words.reduce((acc: string, w) => (acc.endsWith(w!) ? acc : acc + w!), '');
}

/** The units of each query word. */
function groupWords(units: Unit[]): Unit[][] {
  const words = new Map<number, Unit[]>();
  units.forEach((u) => words.set(u.word, [...(words.get(u.word) ?? []), u]));
  return [...words.values()];
}

const compact = (s: string) => s.replace(/\s+/g, '');

type ParsedQuery = {terms: QueryTerm[]; phrases: string[]; exclusions: string[]; text: string};

/** Chinese question words: readers type them (「怎么计算 MQTT 密码」), pages rarely hold them next to the answer. */
const QUESTION_WORDS = /为什么|怎么样|怎么|怎样|如何|有哪些|有什么|了什么|什么|哪些|哪里|是否|吗|呢/g;
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
  let text = without(query.slice(0, 512), QUESTION_WORDS).replace(TRAILING_PARTICLE, '$1 ');
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
  return {terms: parseQuery(without(text, PLACEHOLDER)).slice(0, 32), phrases, exclusions, text};
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
