// The offline search index: records stored once with their strings deduplicated, and an inverted index from tokens to
// the strings that hold them (see SerializedIndex in src/search/types.ts for the format).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {termCounts} from '../../src/search/tokenizer';
import {LEVELS, TYPE_CODES, type DocSearchRecord, type SerializedIndex} from '../../src/search/types';

/** Path of the index in the built site, and its URL below the base URL: fixed, fetched with revalidation. */
export const INDEX_FILE = 'search-index.json';

/** Front-codes sorted tokens: each entry is the shared-prefix length (as one character) and the rest. */
export function frontCode(sorted: string[]): string {
  let prev = '';
  return sorted
    .map((t) => {
      let k = 0;
      const max = Math.min(prev.length, t.length, 35);
      while (k < max && prev[k] === t[k]) k++;
      prev = t;
      return k.toString(36) + t.slice(k);
    })
    .join('\n');
}

/** Sorts by UTF-16 code units (the order the engine's binary search assumes). */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildIndex(records: DocSearchRecord[]): SerializedIndex {
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
  for (const r of records) {
    const pagePath = pathOf(r.url_without_anchor);
    let page = pageIndex.get(pagePath);
    if (page === undefined) {
      page = pages.push([pagePath, intern(tags, r.docusaurus_tag), intern(langs, r.language)]) - 1;
      pageIndex.set(pagePath, page);
    }
    const levels = LEVELS.map((l) => text(r.hierarchy[l]));
    while (levels.length && levels[levels.length - 1] === -1) levels.pop();
    out.push([page, TYPE_CODES.indexOf(r.type), r.anchor ?? '', text(r.content), ...levels]);
  }

  // Inverted index over texts: token → ascending text ids. Term frequencies are not stored: the engine counts them in
  // the few texts that match a query.
  const postings = new Map<string, number[]>();
  texts.forEach((t, id) => {
    for (const term of termCounts(t).keys()) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(id);
    }
  });
  const dict = [...postings.keys()].sort(byCodeUnit);
  const post = dict.map((term) => {
    let prev = -1;
    return postings
      .get(term)!
      .map((id) => {
        const gap = id - prev - 1;
        prev = id;
        return gap.toString(36);
      })
      .join(',');
  });
  return {v: 1, langs, tags, pages, texts, records: out, dict: frontCode(dict), post};
}

/** The path of a URL (records from extract() hold paths already; absolute URLs lose their origin). */
function pathOf(url: string): string {
  return /^[a-z]+:\/\//i.test(url) ? url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/' : url;
}

export interface WrittenIndex {
  file: string;
  bytes: number;
  gzipBytes: number;
  tokens: number;
}

/** Writes the index to `<outDir>/search-index.json`. */
export function writeIndex(outDir: string, records: DocSearchRecord[]): WrittenIndex {
  const index = buildIndex(records);
  const json = JSON.stringify(index);
  const file = path.join(outDir, INDEX_FILE);
  fs.writeFileSync(file, json);
  const buf = Buffer.from(json);
  return {file, bytes: buf.length, gzipBytes: zlib.gzipSync(buf, {level: 9}).length, tokens: index.post.length};
}
