// The offline search index, built after the site (format 3, see IndexHead in src/search/types.ts). MiniSearch indexes
// every record with our tokenizer and field boosts (src/search/engine.ts) and scores each term on its own (BM25+); the
// files hold those scores as postings, split so that a query fetches its terms' buckets, the dictionary shards of the
// words it expands (prefix, typos) and the headings and text of the records it shows.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import MiniSearch from 'minisearch';
import {BOOST, MINISEARCH_OPTIONS, recordFields} from '../../src/search/engine';
import {
  BUCKET_TARGET_BYTES,
  DICT_SHARDS,
  HEAD_POSTINGS,
  INDEX_FILE,
  IN_OWN,
  IN_TITLE,
  LEVELS,
  META_RECORDS,
  TEXT_RECORDS,
  TYPE_CODES,
  TYPE_LEVEL,
  bucketFile,
  bucketOf,
  dictFile,
  dictShardOf,
  encodePostings,
  metaFile,
  tailFile,
  textFile,
  type DictShard,
  type DocSearchRecord,
  type IndexHead,
  type MetaShard,
  type Posting,
  type PostingBucket,
  type TextShard,
} from '../../src/search/types';

export {INDEX_FILE};

export interface BuiltIndex {
  head: IndexHead;
  /** Every file but the head, by name. */
  files: Map<string, unknown>;
}

/** The per-record boost MiniSearch applies (headings above content, higher headings above lower ones). */
export const recordBoost = (type: DocSearchRecord['type']): number => 1 + (0.15 * TYPE_LEVEL[type]) / 90;

export function buildIndex(records: DocSearchRecord[]): BuiltIndex {
  const files = new Map<string, unknown>();
  const intern = <T>(list: T[], value: T) => {
    const i = list.indexOf(value);
    return i >= 0 ? i : list.push(value) - 1;
  };

  // Pages (records are in page order), their facet values in runs, and each record's type.
  const langs: string[] = [];
  const tags: string[] = [];
  const lvl0s: string[] = [];
  const pagePaths: string[] = [];
  const pageOf: number[] = [];
  const sizes: number[] = [];
  const runs: IndexHead['pageRuns'] = [];
  records.forEach((r, i) => {
    const p = pathOf(r.url_without_anchor);
    if (i === 0 || pagePaths[pagePaths.length - 1] !== p) {
      pagePaths.push(p);
      sizes.push(0);
      const facets = [intern(tags, r.docusaurus_tag), intern(langs, r.language), intern(lvl0s, r.hierarchy.lvl0 ?? '')];
      const last = runs[runs.length - 1];
      if (last && last[1] === facets[0] && last[2] === facets[1] && last[3] === facets[2]) last[0]++;
      else runs.push([1, facets[0], facets[1], facets[2]]);
    }
    pageOf.push(pagePaths.length - 1);
    sizes[sizes.length - 1]++;
  });

  // Headings and place, and content text, in small files by record number.
  for (let first = 0; first < records.length; first += META_RECORDS) {
    const shard: MetaShard = {first, pages: [], recs: []};
    for (const r of records.slice(first, first + META_RECORDS)) {
      const levels = LEVELS.map((l) => r.hierarchy[l] ?? null);
      while (levels.length && levels[levels.length - 1] === null) levels.pop();
      shard.recs.push([intern(shard.pages, pathOf(r.url_without_anchor)), r.anchor ?? '', ...levels]);
    }
    files.set(metaFile(first / META_RECORDS), shard);
  }
  for (let first = 0; first < records.length; first += TEXT_RECORDS) {
    const shard: TextShard = {first, content: records.slice(first, first + TEXT_RECORDS).map((r) => r.content || null)};
    files.set(textFile(first / TEXT_RECORDS), shard);
  }

  // Every term scored on its own by MiniSearch: the postings.
  const mini = new MiniSearch(MINISEARCH_OPTIONS);
  mini.addAll(records.map((r, i) => recordFields(r, i)));
  const postings = new Map<string, Posting[]>();
  let rawBytes = 0;
  for (const [term, list] of termScores(mini, records)) {
    postings.set(term, list);
    rawBytes += term.length + 6 + Math.min(list.length, HEAD_POSTINGS) * 5;
  }

  // Dictionary shards (terms and document frequencies), posting buckets (the best postings) and tails (the rest).
  const dict: DictShard[] = Array.from({length: DICT_SHARDS}, () => []);
  const buckets = Math.max(64, Math.ceil(rawBytes / BUCKET_TARGET_BYTES));
  const heads: PostingBucket[] = Array.from({length: buckets}, () => ({}));
  const tails: PostingBucket[] = Array.from({length: buckets}, () => ({}));
  for (const [term, list] of postings) {
    dict[dictShardOf(term)].push(term, list.length);
    const b = bucketOf(term, buckets);
    const best = [...list].sort((a, z) => z.score - a.score || a.rec - z.rec);
    heads[b][term] = `${list.length.toString(36)}|${encodePostings(best.slice(0, HEAD_POSTINGS))}`;
    if (best.length >= HEAD_POSTINGS) tails[b][term] = encodePostings(best.slice(HEAD_POSTINGS));
  }
  dict.forEach((d, k) => files.set(dictFile(k), d));
  heads.forEach((h, k) => files.set(bucketFile(k), h));
  tails.forEach((t, k) => Object.keys(t).length && files.set(tailFile(k), t));

  const head: IndexHead = {
    v: 3,
    n: records.length,
    langs,
    tags,
    lvl0s,
    pageRuns: runs,
    pageSizes: sizes.map((n) => n.toString(36)).join(','),
    types: records.map((r) => TYPE_CODES.indexOf(r.type)).join(''),
    ownLengths: records
      .map((r) => {
        const own = r.type === 'content' ? '' : (r.hierarchy[r.type] ?? '');
        return Math.min(35, own.normalize('NFKC').replace(/\s+/g, '').length).toString(36);
      })
      .join(''),
    dictShards: DICT_SHARDS,
    buckets,
    metaFiles: Math.ceil(records.length / META_RECORDS),
    textFiles: Math.ceil(records.length / TEXT_RECORDS),
    head: HEAD_POSTINGS,
  };
  return {head, files};
}

/** MiniSearch 7's members that `termScores` reads (version pinned in package-lock.json; a unit test holds it to search()). */
type MiniSearchInternals = {
  _index: Iterable<[string, unknown]>;
  _documentIds: Map<number, unknown>;
  _options: {searchOptions: {bm25: unknown}};
  termResults(
    sourceTerm: string,
    derivedTerm: string,
    termWeight: number,
    termBoost: number,
    fieldTermData: unknown,
    fieldBoosts: Record<string, number>,
    boostDocument: (id: unknown) => number,
    bm25: unknown,
  ): Map<number, {score: number; match: Record<string, string[]>}>;
};

/**
 * Each indexed term's records and scores, as `mini.search(term)` with our boosts and neither prefix nor fuzzy matching
 * gives them (the score of a one-term query is its term's score). Read from MiniSearch's own index and scoring function:
 * one search per term (about 30,000) took 1.5 s more, spent on query set-up and sorting.
 */
export function termScores(mini: MiniSearch, records: DocSearchRecord[]): Map<string, Posting[]> {
  const m = mini as unknown as MiniSearchInternals;
  const boosts = Object.fromEntries(MINISEARCH_OPTIONS.fields.map((f) => [f, (BOOST as Record<string, number>)[f] ?? 1]));
  const bm25 = m._options.searchOptions.bm25; // MiniSearch's default BM25+ parameters (we set none)
  const boostDocument = (id: unknown) => recordBoost(records[id as number].type);
  const out = new Map<string, Posting[]>();
  for (const [term, data] of m._index) {
    const list: Posting[] = [];
    for (const [shortId, r] of m.termResults(term, term, 1, 1, data, boosts, boostDocument, bm25)) {
      const fields = r.match[term] ?? [];
      const flags = (fields.includes('own') ? IN_OWN : 0) | (fields.includes('page') ? IN_TITLE : 0);
      list.push({rec: m._documentIds.get(shortId) as number, score: r.score, flags});
    }
    if (list.length) out.set(term, list);
  }
  return out;
}

/** The path of a URL (records from extract() hold paths already; absolute URLs lose their origin). */
function pathOf(url: string): string {
  return /^[a-z]+:\/\//i.test(url) ? url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/' : url;
}

export interface WrittenIndex {
  file: string;
  bytes: number;
  gzipBytes: number;
  records: number;
  /** Gzip bytes by kind of file (dict, post, tail, meta, text): total, count and largest. */
  kinds: Record<string, {files: number; gzip: number; largest: number}>;
}

const gzip = (s: string) => zlib.gzipSync(Buffer.from(s), {level: 9}).length;

/** Writes the head to `<outDir>/search-index.json` and the other files beside it. */
export function writeIndex(outDir: string, records: DocSearchRecord[]): WrittenIndex {
  const {head, files} = buildIndex(records);
  const json = JSON.stringify(head);
  const file = path.join(outDir, INDEX_FILE);
  fs.writeFileSync(file, json);
  const kinds: WrittenIndex['kinds'] = {};
  for (const [name, data] of files) {
    const body = JSON.stringify(data);
    fs.writeFileSync(path.join(outDir, name), body);
    const kind = name.replace(/^search-|-\d+\.json$/g, '');
    const k = (kinds[kind] ??= {files: 0, gzip: 0, largest: 0});
    const g = gzip(body);
    k.files++;
    k.gzip += g;
    k.largest = Math.max(k.largest, g);
  }
  return {file, bytes: Buffer.byteLength(json), gzipBytes: gzip(json), records: records.length, kinds};
}
