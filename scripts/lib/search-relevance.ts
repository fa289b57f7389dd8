// Relevance check of the offline search: a set of real reader queries (tests/search/queries.tsv), each with the doc that
// must be among the first pages the search returns. Used by the relevance test on a built site and by the benchmark.
import fs from 'node:fs';
import path from 'node:path';
import {SearchEngine, type SearchResponse} from '../../src/search/engine';
import type {SearchParams} from '../../src/search/params';
import {INDEX_FILE, type IndexHead} from '../../src/search/types';

/** The query set, relative to the repository root: keywords and titles. */
export const QUERIES_FILE = 'tests/search/queries.tsv';
/** Judged sets beside it: questions in readers' words, and identifiers with one typo. Each query must find its page. */
export const JUDGED_FILES = [QUERIES_FILE, 'tests/search/questions.tsv', 'tests/search/typos.tsv', 'tests/search/keywords.tsv'];
/**
 * The evaluation sets (tests/search/README.md): questions written by people who saw only the product overviews and the
 * page titles, judged by others who read the site, frozen before the engine was tuned and split in two. The engine is
 * tuned on the first half only; the held-out half is the figure that counts. Each has the share it must reach.
 */
export const EVAL_SETS = [
  {file: 'tests/search/eval-tune.tsv', name: 'tuning half', budget: 0.9, heldOut: false},
  // Its misses are never printed unless asked for (search:bench --show-heldout): those who tune must not see them.
  {file: 'tests/search/eval-heldout.tsv', name: 'held-out half', budget: 0.85, heldOut: true},
] as const;

export interface RelevanceCase {
  query: string;
  /** The set's file name (for messages). */
  file?: string;
  /** Doc id (path under docs/ without extension), e.g. `neptune/api/mqtt/connect`: the first of `ids`. */
  id: string;
  /** Every page that answers it (`a|b` in the file): any of them in the top `k` passes. */
  ids: string[];
  line: number;
}

export interface RelevanceResult extends RelevanceCase {
  /** 1-based rank of the expected page among distinct pages, or null when not in the first `k`. */
  rank: number | null;
  /** The doc ids (or paths) of the first `k` pages. */
  top: string[];
  ms: number;
}

/** Reads the query set: a TSV with the header `query	id	note`; blank lines and lines starting with # are skipped. */
export function readQueries(file: string): RelevanceCase[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const header = lines[0].split('\t');
  if (header[0] !== 'query' || header[1] !== 'id') throw new Error(`${file}:1: header must start with query<TAB>id`);
  const cases: RelevanceCase[] = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const [query, id] = line.split('\t');
    if (!query || !id) throw new Error(`${file}:${i + 2}: a row needs a query and a doc id`);
    const ids = id.split('|').map((x) => x.trim());
    cases.push({query, id: ids[0], ids, line: i + 2, file: path.basename(file)});
  });
  return cases;
}

/** The engine over a built site's offline index (`<dir>/search-index.json`), reading the other files as it needs them. */
export function loadEngine(dir: string): SearchEngine {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown;
  return new SearchEngine(read(INDEX_FILE) as IndexHead, (name) => Promise.resolve(read(name)));
}

/** The parameters of the search modal (contextual filters of the docs), one hit per page. */
export function queryParams(query: string, k: number): SearchParams {
  return {
    query,
    page: 0,
    hitsPerPage: k,
    distinct: 1,
    facetFilters: ['language:zh-Hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    facets: [],
    attributesToSnippet: ['content:10'],
  };
}

/** Runs every case; a case passes when its doc is among the first `k` distinct pages. */
export async function evaluate(engine: SearchEngine, cases: RelevanceCase[], k = 3, baseUrl = '/'): Promise<RelevanceResult[]> {
  const docsPrefix = `${baseUrl}docs/`;
  const out: RelevanceResult[] = [];
  for (const c of cases) {
    const started = performance.now();
    const response: SearchResponse = (await engine.searchManyAsync([{indexName: 'relevance', params: queryParams(c.query, k)}]))
      .results[0];
    const ms = performance.now() - started;
    const top = response.hits.map((h) => {
      const url = h.url_without_anchor ?? '';
      return url.startsWith(docsPrefix) ? url.slice(docsPrefix.length) : url;
    });
    const ranks = c.ids.map((id) => top.indexOf(id)).filter((r) => r >= 0);
    out.push({...c, rank: ranks.length ? Math.min(...ranks) + 1 : null, top, ms});
  }
  return out;
}

/** One line per failing case, for test and script output. */
export function describeFailures(results: RelevanceResult[]): string[] {
  return results
    .filter((r) => r.rank === null)
    .map(
      (r) =>
        `${r.file ?? 'queries.tsv'}:${r.line} "${r.query}" → expected ${r.ids.join(' or ')} in the top ${r.top.length || 0}, got [${r.top.join(', ')}]`,
    );
}
