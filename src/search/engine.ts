// The offline search engine: answers Algolia search requests from the index built with the site (SerializedIndex).
//
// Matching: every query term must match (AND); a term matches a record when one of its fields (hierarchy lvl0–lvl6,
// content) holds the term's tokens; the last word also matches longer tokens (prefix). A third of the CJK bigrams may be
// missing (a bigram across two words of the query). Question words (怎么, 如何…) and placeholders ({productKey}) are not
// required. With no hit, terms are dropped one at a time (down to half of them), like Algolia's removeWordsIfNoResults.
// Ranking: query words matched (Algolia's `words`), then a BM25-like score where a token found in a heading weighs more
// than in content (page title > section headings > content; the record's own heading counts fully, inherited ones
// half), with bonuses for the whole query found as typed (most in a page title) and for pages with several matching
// records; then DocSearch's custom ranking (level, position). Hits are distinct by page (settings.distinct per page).
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
import {normalize, parseQuery, type Atom, type QueryTerm} from './tokenizer';
import {
  FACET_ATTRIBUTES,
  INDEX_SETTINGS,
  LEVELS,
  TYPE_CODES,
  TYPE_LEVEL,
  recordObjectID,
  type DocSearchRecord,
  type Level,
  type SerializedIndex,
} from './types';

/** Weight of a token found in hierarchy level 0–6 (a record's own heading; inherited levels count INHERITED of it). */
const LEVEL_WEIGHT = [1, 6, 5, 4.5, 4, 4, 4];
const INHERITED = 0.5;
/** BM25 parameters for content; CONTENT scales it next to the heading weights. */
const K1 = 1.2;
const B = 0.75;
const CONTENT = 1.4;
/** A token that only starts with the typed prefix. */
const PREFIX_FACTOR = 0.7;
/** A camelCase word matched by its humps rather than whole. */
const SPLIT_FACTOR = 0.8;
/** Most tokens a prefix or a lone CJK character expands to (the most frequent are kept). */
const MAX_EXPANSIONS = 64;
const CONTENT_FIELD = 7;

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

/** A matched query token in one record: the fields holding it (bit per field, CONTENT_FIELD for content). */
type TokenHits = Map<number, number>;
type Scored = Map<number, number>;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export class SearchEngine {
  private readonly texts: string[];
  private readonly pages: SerializedIndex['pages'];
  private readonly langs: string[];
  private readonly tags: string[];
  private readonly dict: string[];
  private readonly post: string[];
  private readonly decoded = new Map<number, Int32Array>();
  /** Records: page, type code, anchor, content text, text of each level (-1 when absent). */
  private readonly recPage: Int32Array;
  /** First record of each page (for `weight.position`). */
  private readonly pageStart: Int32Array;
  private readonly recType: Uint8Array;
  private readonly recAnchor: string[];
  private readonly recContent: Int32Array;
  private readonly recLevels: Int32Array;
  /** Which records use a text, and as which field (CSR layout). */
  private readonly refStart: Int32Array;
  private readonly refRec: Int32Array;
  private readonly refField: Uint8Array;
  private readonly avgContentLength: number;
  private readonly normalized = new Map<number, string>();
  private readonly charExpansions = new Map<string, number[]>();
  private readonly filterCache = new Map<string, Uint8Array>();
  readonly size: number;

  constructor(
    index: SerializedIndex,
    private readonly options: EngineOptions = {},
  ) {
    if (index.v !== 1) throw new Error(`search index: unsupported format ${String(index.v)}`);
    this.texts = index.texts;
    this.pages = index.pages;
    this.langs = index.langs;
    this.tags = index.tags;
    this.post = index.post;
    this.dict = decodeDict(index.dict);
    const n = (this.size = index.records.length);
    this.recPage = new Int32Array(n);
    this.recType = new Uint8Array(n);
    this.recAnchor = new Array<string>(n);
    this.recContent = new Int32Array(n);
    this.recLevels = new Int32Array(n * 7).fill(-1);
    this.pageStart = new Int32Array(this.pages.length).fill(-1);
    const refCount = new Int32Array(this.texts.length + 1);
    index.records.forEach((r, i) => {
      const [page, type, anchor, content, ...levels] = r as [number, number, string, number, ...number[]];
      this.recPage[i] = page;
      if (this.pageStart[page] < 0) this.pageStart[page] = i;
      this.recType[i] = type;
      this.recAnchor[i] = anchor;
      this.recContent[i] = content;
      levels.forEach((t, l) => (this.recLevels[i * 7 + l] = t));
      for (const t of [content, ...levels]) if (t >= 0) refCount[t + 1]++;
    });
    for (let t = 0; t < this.texts.length; t++) refCount[t + 1] += refCount[t];
    this.refStart = refCount;
    this.refRec = new Int32Array(refCount[this.texts.length]);
    this.refField = new Uint8Array(refCount[this.texts.length]);
    const fill = this.refStart.slice(0, this.texts.length);
    let contentChars = 0;
    let contentCount = 0;
    for (let i = 0; i < n; i++) {
      const add = (t: number, field: number) => {
        if (t < 0) return;
        this.refRec[fill[t]] = i;
        this.refField[fill[t]++] = field;
      };
      add(this.recContent[i], CONTENT_FIELD);
      for (let l = 0; l < 7; l++) add(this.recLevels[i * 7 + l], l);
      if (this.recContent[i] >= 0) {
        contentChars += this.texts[this.recContent[i]].length;
        contentCount++;
      }
    }
    this.avgContentLength = contentCount ? contentChars / contentCount : 1;
  }

  /** Answers `client.search()`'s argument: `{requests}` or an array of requests. */
  searchMany(arg: unknown): {results: SearchResponse[]} {
    return {results: requestsOf(arg).map((r) => this.search(normalizeRequest(r, {hitsPerPage: INDEX_SETTINGS.hitsPerPage})))};
  }

  search(request: NormalizedRequest): SearchResponse {
    const started = now();
    const p = request.params;
    const allowed = this.filter(p.facetFilters);
    const parsed = parseAdvanced(p.query, p.advancedSyntax ?? INDEX_SETTINGS.advancedSyntax);
    const ranked = this.rank(parsed, allowed, p);
    const {terms} = parsed;

    const facets = p.facets.length ? this.countFacets(ranked, p.facets) : undefined;
    const distinct = p.distinct ?? INDEX_SETTINGS.distinct;
    const kept = distinct > 0 ? keepDistinct(ranked, distinct, (rec) => this.recPage[rec]) : ranked;
    const nbHits = kept.length;
    const hitsPerPage = p.hitsPerPage;
    const spec = highlightSpec(terms);
    const hits = hitsPerPage
      ? kept.slice(p.page * hitsPerPage, (p.page + 1) * hitsPerPage).map((r) => this.hit(r.rec, p, spec))
      : [];
    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages: hitsPerPage ? Math.ceil(nbHits / hitsPerPage) : 0,
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
    if (facets) {
      response.facets = facets;
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

  /** The record as DocSearch stores it (url absolute when an origin is set). */
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
      content: this.recContent[rec] >= 0 ? this.texts[this.recContent[rec]] : null,
      type,
      url: `${origin}${path}${anchor ? `#${anchor}` : ''}`,
      url_without_anchor: `${origin}${path}`,
      anchor,
      language: this.langs[lang],
      docusaurus_tag: this.tags[tag],
      weight: {pageRank: 0, level: TYPE_LEVEL[type], position},
    };
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
    // DocSearch sends the same filters with every keystroke: keep the last few masks.
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

  // ----- matching -----------------------------------------------------------------------------------------------------

  /** Index of a token in the dictionary, or -1. */
  private find(token: string): number {
    let lo = 0;
    let hi = this.dict.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.dict[mid];
      if (t === token) return mid;
      if (t < token) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private postings(id: number): Int32Array {
    let list = this.decoded.get(id);
    if (!list) {
      const gaps = this.post[id].split(',');
      list = new Int32Array(gaps.length);
      let prev = -1;
      gaps.forEach((g, k) => (list![k] = prev = prev + 1 + parseInt(g, 36)));
      this.decoded.set(id, list);
    }
    return list;
  }

  private idf(id: number): number {
    const df = this.postings(id).length;
    const n = this.texts.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Tokens a query token stands for, with a score factor: itself, longer tokens for a prefix, tokens with a CJK character. */
  private expand(token: string, mode: 'exact' | 'prefix' | 'char'): {id: number; factor: number}[] {
    if (mode === 'exact') {
      const id = this.find(token);
      return id >= 0 ? [{id, factor: 1}] : [];
    }
    let ids: number[];
    if (mode === 'prefix') {
      ids = [];
      let lo = 0;
      let hi = this.dict.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.dict[mid] < token) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.dict.length && this.dict[i].startsWith(token); i++) ids.push(i);
    } else {
      ids = this.charExpansions.get(token) ?? [];
      if (!this.charExpansions.has(token)) {
        this.dict.forEach((t, i) => {
          if (t.length <= 2 && t.includes(token)) ids.push(i);
        });
        this.charExpansions.set(token, ids);
      }
    }
    if (ids.length > MAX_EXPANSIONS) ids = ids.sort((a, b) => this.post[b].length - this.post[a].length).slice(0, MAX_EXPANSIONS);
    return ids.map((id) => ({id, factor: this.dict[id] === token ? 1 : PREFIX_FACTOR}));
  }

  /** Records holding a token (restricted to `allowed`), with the fields that hold it. */
  private hitsOf(id: number, allowed: Uint8Array): TokenHits {
    const hits: TokenHits = new Map();
    for (const t of this.postings(id)) {
      for (let k = this.refStart[t]; k < this.refStart[t + 1]; k++) {
        const rec = this.refRec[k];
        if (allowed[rec]) hits.set(rec, (hits.get(rec) ?? 0) | (1 << this.refField[k]));
      }
    }
    return hits;
  }

  /** A text normalised, with white space removed (for phrase tests and term counts), cached. */
  private compacted(text: number): string {
    let s = this.normalized.get(text);
    if (s === undefined) this.normalized.set(text, (s = compact(normalize(this.texts[text]))));
    return s;
  }

  /** Weight of a token in a record, from the fields holding it (best field). */
  private fieldWeight(rec: number, fields: number, token: string): number {
    const type = this.recType[rec]; // 0 content, N lvlN
    let best = 0;
    for (let l = 0; l < 7; l++) {
      if (fields & (1 << l)) best = Math.max(best, LEVEL_WEIGHT[l] * (l === type ? 1 : INHERITED));
    }
    if (fields & (1 << CONTENT_FIELD)) {
      const text = this.recContent[rec];
      const tf = countOccurrences(this.compacted(text), token, 5);
      const len = this.texts[text].length / this.avgContentLength;
      best = Math.max(best, (CONTENT * (tf * (K1 + 1))) / (tf + K1 * (1 - B + B * len)));
    }
    return best;
  }

  /** Records matching one token of an atom (any of its expansions), scored. */
  private scoreToken(token: string, mode: 'exact' | 'prefix' | 'char', allowed: Uint8Array): Scored {
    const out: Scored = new Map();
    for (const {id, factor} of this.expand(token, mode)) {
      const idf = this.idf(id) * factor;
      const term = this.dict[id];
      for (const [rec, fields] of this.hitsOf(id, allowed)) {
        const s = idf * this.fieldWeight(rec, fields, term);
        if (s > (out.get(rec) ?? 0)) out.set(rec, s);
      }
    }
    return out;
  }

  /** Records matching an atom: its whole form, or all its parts (scored by their mean). */
  private scoreAtom(atom: Atom, allowed: Uint8Array): Scored {
    const mode = (last: boolean) => (atom.char ? 'char' : atom.prefix && last ? 'prefix' : 'exact');
    const parts = atom.parts.map((p, i) => this.scoreToken(p, mode(i === atom.parts.length - 1), allowed));
    // Parts found apart score less than the word found whole.
    const out = intersect(parts);
    for (const [rec, s] of out) out.set(rec, parts.length > 1 ? (SPLIT_FACTOR * s) / parts.length : s);
    if (atom.whole) {
      for (const [rec, s] of this.scoreToken(atom.whole, mode(true), allowed)) {
        if (s > (out.get(rec) ?? 0)) out.set(rec, s);
      }
    }
    return out;
  }

  /** Records matching a term (all its atoms), scored by the sum over atoms. */
  private scoreTerm(term: QueryTerm, allowed: Uint8Array): Scored {
    return intersect(term.atoms.map((a) => this.scoreAtom(a, allowed)));
  }

  /** The record's fields, normalised with spaces removed (for phrase tests). */
  private compactFields(rec: number): {own: string | null; all: string[]} {
    const type = this.recType[rec];
    const all: string[] = [];
    let own: string | null = null;
    for (let l = 0; l < 7; l++) {
      const t = this.recLevels[rec * 7 + l];
      if (t < 0) continue;
      const s = this.compacted(t);
      all.push(s);
      if (l === type) own = s;
    }
    if (this.recContent[rec] >= 0) all.push(this.compacted(this.recContent[rec]));
    return {own, all};
  }

  private rank(parsed: ParsedQuery, allowed: Uint8Array, p: SearchParams): {rec: number; words: number; score: number}[] {
    const {terms, phrases, exclusions} = parsed;
    const candidates: {rec: number; words: number; score: number}[] = [];
    const required = phrases.map(compact).filter(Boolean);
    const excluded = exclusions.map(compact).filter(Boolean);
    const passes = (rec: number) => {
      if (!required.length && !excluded.length) return true;
      const {all} = this.compactFields(rec);
      return required.every((ph) => all.some((f) => f.includes(ph))) && !excluded.some((ex) => all.some((f) => f.includes(ex)));
    };

    if (terms.length === 0) {
      // Empty query: every allowed record, in custom-ranking order.
      for (let rec = 0; rec < this.size; rec++) if (allowed[rec] && passes(rec)) candidates.push({rec, words: 0, score: 0});
      return candidates.sort((a, b) => this.customOrder(a.rec, b.rec));
    }

    // Per record: terms and CJK bigrams matched, summed score; per term: the records it matched.
    const termsMatched = new Uint8Array(this.size);
    const bigramsMatched = new Uint8Array(this.size);
    const score = new Float64Array(this.size);
    const touched: number[] = [];
    const matched = terms.map((term) => {
      const bigram = isBigram(term);
      const inTerm = new Uint8Array(this.size);
      for (const [rec, s] of this.scoreTerm(term, allowed)) {
        if (termsMatched[rec] === 0) touched.push(rec);
        termsMatched[rec]++;
        inTerm[rec] = 1;
        if (bigram) bigramsMatched[rec]++;
        score[rec] += s;
      }
      return inTerm;
    });
    const queryWords = queryWordsOf(terms);
    /** Query words a record satisfies (a CJK run: all but a third of its bigrams), Algolia's `words` criterion. */
    const wordCount = (rec: number) =>
      queryWords.filter((w) => {
        const found = w.filter((t) => matched[t][rec]).length;
        return found >= w.length - (terms[w[0]].cjk ? Math.floor(w.length / 3) : 0);
      }).length;
    const n = terms.length;
    // A record matches when it holds every term, or misses at most a third of the query's CJK bigrams (a bigram across
    // two words, like 图下 in 流程图下发, is often absent); such records rank after the full matches.
    const bigrams = terms.filter(isBigram).length;
    const slack = Math.floor(bigrams / 3);
    const matches = (rec: number, need: number) => {
      if (termsMatched[rec] >= need) return true;
      const missingBigrams = bigrams - bigramsMatched[rec];
      return need === n && n - termsMatched[rec] === missingBigrams && missingBigrams <= slack;
    };
    // With no match at all, drop terms one at a time (down to half of them), as Algolia's removeWordsIfNoResults.
    const floor = p.removeWordsIfNoResults === 'none' ? n : n <= 3 ? 1 : Math.ceil(n / 2);
    const eligible = touched.filter((rec) => passes(rec));
    let need = n;
    while (need > floor && !eligible.some((rec) => matches(rec, need))) need--;

    const query = compact(normalize(parsed.text));
    for (const rec of eligible) {
      if (!matches(rec, need)) continue;
      let s = score[rec] * this.phraseBonus(rec, query);
      s *= 1 + (0.1 * TYPE_LEVEL[TYPE_CODES[this.recType[rec]]]) / 90;
      candidates.push({rec, words: wordCount(rec), score: s});
    }
    this.addPageEvidence(candidates);
    return candidates.sort((a, b) => b.words - a.words || b.score - a.score || this.customOrder(a.rec, b.rec));
  }

  /** The whole query found as typed: in the record's own heading (most for a page title), or in any of its fields. */
  private phraseBonus(rec: number, query: string): number {
    if (query.length < 2) return 1;
    const {own, all} = this.compactFields(rec);
    const title = this.recType[rec] === 1;
    if (own === query) return title ? 1.8 : 1.5;
    if (own?.includes(query)) return title ? 1.5 : 1.25;
    return all.some((f) => f.includes(query)) ? 1.15 : 1;
  }

  /**
   * More matching records on a page are more evidence for the page: every record of a page gets a fifth of the scores
   * of the page's other matches, at most 0.6 of its best (the order inside a page does not change).
   */
  private addPageEvidence(candidates: {rec: number; words: number; score: number}[]): void {
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

  private hit(rec: number, p: SearchParams, spec: HighlightSpec): Hit {
    const record = this.record(rec);
    const hit = project(record, p.attributesToRetrieve ?? [...INDEX_SETTINGS.attributesToRetrieve]);
    const pre = p.highlightPreTag ?? INDEX_SETTINGS.highlightPreTag;
    const post = p.highlightPostTag ?? INDEX_SETTINGS.highlightPostTag;
    // The matches of each field, found once for its highlight and its snippet.
    const found = new Map<string, Span[]>();
    const spansOf = (key: string, text: string) => {
      if (!found.has(key)) found.set(key, findSpans(text, spec));
      return found.get(key)!;
    };

    const highlighted = attributeSet(p.attributesToHighlight ?? [...INDEX_SETTINGS.attributesToHighlight]);
    const hl: NonNullable<Hit['_highlightResult']> = {};
    for (const l of LEVELS) {
      const v = record.hierarchy[l];
      if (v !== null && highlighted.has(`hierarchy.${l}`))
        (hl.hierarchy ??= {})[l] = highlight(v, spec, pre, post, spansOf(l, v));
    }
    const content = record.content;
    if (content !== null && highlighted.has('content')) {
      hl.content = highlight(content, spec, pre, post, spansOf('content', content));
    }
    hit._highlightResult = hl;

    // Algolia's default: a snippet cut from the middle of the text starts (and ends) with 「…」. The search page sends no
    // snippetEllipsisText, DocSearch sends its own.
    const ellipsis = p.snippetEllipsisText ?? '…';
    const sn: NonNullable<Hit['_snippetResult']> = {};
    for (const [attribute, words] of snippetAttributes(p.attributesToSnippet ?? [...INDEX_SETTINGS.attributesToSnippet])) {
      const [head, l] = attribute.split('.') as [string, Level | undefined];
      if (head === 'content' && content !== null) {
        sn.content = snippet(content, spec, words, pre, post, ellipsis, spansOf('content', content));
      }
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

// ----- helpers ----------------------------------------------------------------------------------------------------------

export function decodeDict(s: string): string[] {
  const out: string[] = [];
  let prev = '';
  for (const entry of s ? s.split('\n') : []) {
    prev = prev.slice(0, parseInt(entry[0], 36)) + entry.slice(1);
    out.push(prev);
  }
  return out;
}

const compact = (s: string) => s.replace(/\s+/g, '');

/** A CJK bigram term (not a lone character). */
const isBigram = (t: QueryTerm) => t.cjk && !t.atoms[0].char;

/** The term indexes of each query word. */
function queryWordsOf(terms: QueryTerm[]): number[][] {
  const words = new Map<number, number[]>();
  terms.forEach((t, i) => words.set(t.word, [...(words.get(t.word) ?? []), i]));
  return [...words.values()];
}

/** Records present in every map, with the sum of their scores. */
function intersect(maps: Scored[]): Scored {
  const out: Scored = new Map();
  if (maps.length === 0) return out;
  const [smallest, ...others] = [...maps].sort((a, b) => a.size - b.size);
  outer: for (const [rec, s] of smallest) {
    let sum = s;
    for (const m of others) {
      const v = m.get(rec);
      if (v === undefined) continue outer;
      sum += v;
    }
    out.set(rec, sum);
  }
  return out;
}

/** Occurrences of `needle` in `hay`, at most `max`. */
function countOccurrences(hay: string, needle: string, max: number): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0 && n < max; i = hay.indexOf(needle, i + needle.length)) n++;
  return Math.max(n, 1);
}

type ParsedQuery = {terms: QueryTerm[]; phrases: string[]; exclusions: string[]; text: string};

/** Chinese question words: readers type them (「怎么计算 MQTT 密码」), pages rarely hold them next to the answer. */
const QUESTION_WORDS = /为什么|怎么样|怎么|怎样|如何|什么|哪些|哪里|是否|吗|呢/g;
/** Placeholders such as `{productKey}` in a pasted topic or path: pages often show example values instead. */
const PLACEHOLDER = /\{[^{}\s]*\}/g;

/** Removes what matches `pattern`, unless nothing would be left. */
const without = (q: string, pattern: RegExp) => {
  const rest = q.replace(pattern, ' ');
  return rest.trim() ? rest : q;
};

/**
 * The query's terms (question words and placeholders are left out of them, but stay in the phrase text). With advanced
 * syntax, `"…"` is a required phrase and `-word` excludes records containing it.
 */
function parseAdvanced(query: string, advanced: boolean): ParsedQuery {
  const phrases: string[] = [];
  const exclusions: string[] = [];
  let text = without(query.slice(0, 512), QUESTION_WORDS);
  if (advanced) {
    text = text.replace(/"([^"]*)"/g, (_, ph: string) => {
      if (ph.trim()) phrases.push(normalize(ph));
      return ` ${ph} `;
    });
    text = text.replace(/(^|\s)-(\S+)/g, (_, sp: string, word: string) => {
      exclusions.push(normalize(word));
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

/** At most `n` hits per page, keeping the order. */
function keepDistinct<T extends {rec: number}>(ranked: T[], n: number, page: (rec: number) => number): T[] {
  const seen = new Map<number, number>();
  return ranked.filter((r) => {
    const k = page(r.rec);
    const c = seen.get(k) ?? 0;
    seen.set(k, c + 1);
    return c < n;
  });
}

/** `hierarchy` → every level; `hierarchy.lvl2` → that level; `*` → everything. */
function attributeSet(list: string[]): Set<string> {
  const out = new Set<string>();
  for (const a of list) {
    if (a === '*' || a === 'hierarchy') LEVELS.forEach((l) => out.add(`hierarchy.${l}`));
    if (a === '*' || a === 'content') out.add('content');
    if (/^hierarchy\.lvl[0-6]$/.test(a)) out.add(a);
  }
  return out;
}

/** `content:10` → [content, 10] (Algolia's default is 10 words). */
function snippetAttributes(list: string[]): [string, number][] {
  return list.map((a) => {
    const [name, n] = a.split(':');
    return [name === '*' ? 'content' : name, Number(n) > 0 ? Number(n) : 10];
  });
}

/** The attributes of a record that `attributesToRetrieve` asks for (dotted paths allowed); objectID always. */
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
