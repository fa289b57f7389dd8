// The offline search index, built after the site: MiniSearch's index of every record (src/search/engine.ts sets the
// fields and the tokenizer), the records without their content text, and the content text in shards that the browser
// fetches only for the records a response shows (see SerializedIndex and TextShard in src/search/types.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import MiniSearch from 'minisearch';
import {MINISEARCH_OPTIONS, recordFields} from '../../src/search/engine';
import {
  INDEX_FILE,
  LEVELS,
  SHARD_RECORDS,
  TERM_SHARDS,
  TYPE_CODES,
  shardFile,
  termShardFile,
  termShardOf,
  encodeTermShard,
  type TermShard,
  type DocSearchRecord,
  type SerializedIndex,
  type TextShard,
} from '../../src/search/types';

export {INDEX_FILE};

export function buildIndex(records: DocSearchRecord[]): {index: SerializedIndex; shards: TextShard[]; terms: TermShard[]} {
  const langs: string[] = [];
  const tags: string[] = [];
  const pages: SerializedIndex['pages'] = [];
  const pageIndex = new Map<string, number>();
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const intern = <T>(list: T[], value: T) => {
    const i = list.indexOf(value);
    return i >= 0 ? i : list.push(value) - 1;
  };
  const text = (s: string | null): number => {
    if (s === null || s === '') return -1;
    let id = textIndex.get(s);
    if (id === undefined) {
      id = texts.push(s) - 1;
      textIndex.set(s, id);
    }
    return id;
  };
  const out: SerializedIndex['records'] = [];
  const shards: TextShard[] = [];
  records.forEach((r, i) => {
    const pagePath = pathOf(r.url_without_anchor);
    let page = pageIndex.get(pagePath);
    if (page === undefined) {
      page = pages.push([pagePath, intern(tags, r.docusaurus_tag), intern(langs, r.language)]) - 1;
      pageIndex.set(pagePath, page);
    }
    const levels = LEVELS.map((l) => text(r.hierarchy[l]));
    while (levels.length && levels[levels.length - 1] === -1) levels.pop();
    const shard = Math.floor(i / SHARD_RECORDS);
    (shards[shard] ??= {first: shard * SHARD_RECORDS, content: []}).content.push(r.content || null);
    out.push([page, TYPE_CODES.indexOf(r.type), r.anchor ?? '', r.content ? shard : -1, ...levels]);
  });
  const mini = new MiniSearch(MINISEARCH_OPTIONS);
  mini.addAll(records.map((r, i) => recordFields(r, i)));
  const {index: entries, ...miniMeta} = mini.toJSON() as unknown as {index: TermShard} & Record<string, unknown>;
  const terms: TermShard[] = Array.from({length: TERM_SHARDS}, () => []);
  for (const entry of entries) terms[termShardOf(entry[0])].push(entry);
  return {
    index: {v: 2, langs, tags, pages, texts, records: out, shards: shards.length, termShards: TERM_SHARDS, mini: miniMeta},
    shards,
    terms,
  };
}

/** The path of a URL (records from extract() hold paths already; absolute URLs lose their origin). */
function pathOf(url: string): string {
  return /^[a-z]+:\/\//i.test(url) ? url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/' : url;
}

export interface WrittenIndex {
  file: string;
  bytes: number;
  gzipBytes: number;
  shards: number;
  shardGzipBytes: number[];
  termGzipBytes: number[];
}

const gzip = (s: string) => zlib.gzipSync(Buffer.from(s), {level: 9}).length;

/** Writes the index to `<outDir>/search-index.json` and its content shards beside it. */
export function writeIndex(outDir: string, records: DocSearchRecord[]): WrittenIndex {
  const {index, shards, terms} = buildIndex(records);
  const json = JSON.stringify(index);
  const file = path.join(outDir, INDEX_FILE);
  fs.writeFileSync(file, json);
  const shardGzipBytes = shards.map((s, k) => {
    const body = JSON.stringify(s);
    fs.writeFileSync(path.join(outDir, shardFile(k)), body);
    return gzip(body);
  });
  const termGzipBytes = terms.map((t, k) => {
    const body = JSON.stringify(encodeTermShard(t));
    fs.writeFileSync(path.join(outDir, termShardFile(k)), body);
    return gzip(body);
  });
  return {file, bytes: Buffer.byteLength(json), gzipBytes: gzip(json), shards: shards.length, shardGzipBytes, termGzipBytes};
}
