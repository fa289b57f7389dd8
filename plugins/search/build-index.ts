// The offline search index, built after the site (format 3, see IndexHead in src/search/types.ts). Every record is
// tokenized with our tokenizer and each term scored on its own with MiniSearch's BM25+ and our field boosts
// (src/search/engine.ts), as the browser's MiniSearch would score a one-term query; the files hold those scores as
// postings, split so that a query fetches its terms' buckets, the dictionary shards of the words it expands (prefix,
// typos) and the headings and text of the records it shows.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import SearchableMap from 'minisearch/SearchableMap';
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
import {readPlan, type PlanRow} from '../lib/docs-source';

export {INDEX_FILE};

export interface BuiltIndex {
  head: IndexHead;
  /** Every file but the head, by name. */
  files: Map<string, unknown>;
}

/** The per-record boost MiniSearch applies (headings above content, higher headings above lower ones). */
export const recordBoost = (type: DocSearchRecord['type']): number => 1 + (0.15 * TYPE_LEVEL[type]) / 90;

/** The page plan's kind of a page by its path (`/docs/<id>`, after any base URL), '' outside the plan. */
export function planKinds(plan: PlanRow[] = readPlan()): (pagePath: string) => string {
  const kinds = new Map(plan.map((r) => [r.id, r.kind]));
  return (pagePath) => kinds.get(/\/docs\/(.+?)\/?$/.exec(pagePath)?.[1] ?? '') ?? '';
}

export function buildIndex(records: DocSearchRecord[], kindOf: (pagePath: string) => string = planKinds()): BuiltIndex {
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
  const areaNames: string[] = [];
  const areas: number[] = [];
  const kindNames: string[] = [];
  const kinds: string[] = [];
  records.forEach((r, i) => {
    const p = pathOf(r.url_without_anchor);
    if (i === 0 || pagePaths[pagePaths.length - 1] !== p) {
      pagePaths.push(p);
      sizes.push(0);
      areas.push(intern(areaNames, /\/docs\/([^/]+)\//.exec(p)?.[1] ?? ''));
      const kind = kindOf(p);
      kinds.push(kind ? intern(kindNames, kind).toString(36) : 'z');
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

  // Every term scored on its own: the postings.
  const postings = new Map<string, Posting[]>();
  let rawBytes = 0;
  for (const [term, list] of termScores(records)) {
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
    areas: areas.map((a) => a.toString(36)).join(''),
    areaNames,
    kinds: kinds.join(''),
    kindNames,
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

/** MiniSearch's BM25+ parameters (its defaults, which the browser's engine uses too: we set none). */
const BM25 = {k: 1.2, b: 0.7, d: 0.5};

/** `x` to two significant digits, rounded up (`up`) or to the nearest. */
function twoDigits(x: number, up = false): number {
  if (!(x > 0)) return x;
  const step = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Number(((up ? Math.ceil(x / step - 1e-9) : Math.round(x / step)) * step).toPrecision(2));
}

/**
 * The corpus figures the scores are computed with: the number of records rounded up to two significant digits, and
 * each field's average length to two. An edit of a page or two moves the exact figures a little, and every score with
 * them: 273 of the 294 posting files changed when one paragraph was added, so each edit made readers' offline copies
 * fetch most of the index again. Rounded, they rarely move, and an edit changes the files of the terms it touched
 * (the ranking differs from exact figures by less than the scores' own rounding). Rounding the count up keeps it at
 * least any term's number of records.
 */
export function roundedCorpus(n: number, avgFieldLengths: number[]): {n: number; avg: number[]} {
  return {n: twoDigits(n, true), avg: avgFieldLengths.map((a) => twoDigits(a))};
}

/**
 * Each term's records and scores, equal to what `mini.search(term)` returns for a MiniSearch 7 index of the records
 * (MINISEARCH_OPTIONS, recordFields) with our boosts and neither prefix nor fuzzy matching, once its record count and
 * average field lengths are the rounded ones (`roundedCorpus`): its BM25+ per field, with the field lengths (distinct
 * tokens) and their running averages computed as MiniSearch computes them, so that every score is the same number (a
 * unit test holds them equal). Terms come in the order MiniSearch's radix tree lists them, which the dictionary shards
 * keep. Counting in plain maps instead of indexing into MiniSearch took 0.6 s instead of 1.9 s for this site's 6,022
 * records.
 */
export function termScores(records: DocSearchRecord[]): Map<string, Posting[]> {
  const fields = MINISEARCH_OPTIONS.fields;
  const boosts = fields.map((f) => (BOOST as Record<string, number>)[f] ?? 1);
  const flagOf = fields.map((f) => (f === 'own' ? IN_OWN : f === 'page' ? IN_TITLE : 0));
  const recordBoosts = records.map((r) => recordBoost(r.type));
  // term -> per field: record -> occurrences (records in order, as MiniSearch's maps hold them)
  const freqs = new Map<string, Map<number, number>[]>();
  const order = new SearchableMap<true>(); // the terms' order: MiniSearch's tree, built by first occurrence
  const lengths: number[][] = [];
  const avg = fields.map(() => 0);
  records.forEach((r, rec) => {
    const values = recordFields(r, rec);
    lengths.push(
      fields.map((field, f) => {
        const tokens = MINISEARCH_OPTIONS.tokenize(String(values[field]));
        const length = new Set(tokens).size;
        avg[f] = (avg[f] * rec + length) / (rec + 1); // MiniSearch's running mean (not sum / n: a different float)
        for (const term of tokens) {
          if (!term) continue;
          let byField = freqs.get(term);
          if (!byField) {
            freqs.set(term, (byField = fields.map(() => new Map<number, number>())));
            order.set(term, true);
          }
          byField[f].set(rec, (byField[f].get(rec) ?? 0) + 1);
        }
        return length;
      }),
    );
  });
  const corpus = roundedCorpus(records.length, avg);
  const out = new Map<string, Posting[]>();
  for (const term of order.keys()) {
    const scored = new Map<number, Posting>();
    freqs.get(term)!.forEach((docs, f) => {
      const matching = docs.size;
      const idf = Math.log(1 + (corpus.n - matching + 0.5) / (matching + 0.5));
      for (const [rec, tf] of docs) {
        // MiniSearch's expression, operation for operation: weights 1 × field boost × record boost × BM25+.
        const raw = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[rec][f]) / corpus.avg[f])));
        const score = boosts[f] * recordBoosts[rec] * raw;
        const p = scored.get(rec);
        if (p) {
          p.score += score;
          p.flags |= flagOf[f];
        } else scored.set(rec, {rec, score, flags: flagOf[f]});
      }
    });
    if (scored.size) out.set(term, [...scored.values()]);
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
  /**
   * JSON bytes by kind of file (dict, post, tail, meta, text): total, count and largest. Only the head is gzipped here
   * (its budget); `npm run search:bench` reports every kind's gzip sizes, and the build's compression makes the files.
   */
  kinds: Record<string, {files: number; bytes: number; largest: number}>;
}

const gzip = (s: string) => zlib.gzipSync(Buffer.from(s), {level: 9}).length;

/** Writes the other files to `<outDir>`, then the head beside them (`search-index.json`). */
export function writeIndex(outDir: string, records: DocSearchRecord[]): WrittenIndex {
  const {head, files} = buildIndex(records);
  const json = JSON.stringify(head);
  const file = path.join(outDir, INDEX_FILE);
  const kinds: WrittenIndex['kinds'] = {};
  for (const [name, data] of files) {
    const body = JSON.stringify(data);
    fs.writeFileSync(path.join(outDir, name), body);
    const kind = name.replace(/^search-|-\d+\.json$/g, '');
    const k = (kinds[kind] ??= {files: 0, bytes: 0, largest: 0});
    const b = Buffer.byteLength(body);
    k.files++;
    k.bytes += b;
    k.largest = Math.max(k.largest, b);
  }
  // The head last: once it exists the index is whole (scripts/build.ts then starts compressing it).
  fs.writeFileSync(file, json);
  return {file, bytes: Buffer.byteLength(json), gzipBytes: gzip(json), records: records.length, kinds};
}
