// Relevance of the offline search on the real build: each query of tests/search/queries.tsv must find its page among the
// first three pages. Needs build/search-index.json (an offline-mode `npm run build`); skipped without it.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {QUERIES_FILE, describeFailures, evaluate, readQueries} from '../../plugins/search/relevance';
import {SearchEngine} from '../../src/search/engine';
import type {SerializedIndex} from '../../src/search/types';

const ROOT = path.resolve(__dirname, '../..');
const INDEX = path.join(ROOT, 'build/search-index.json');

test('the query set is well formed: at least 45 queries, each naming a planned doc', () => {
  const cases = readQueries(path.join(ROOT, QUERIES_FILE));
  expect(cases.length).toBeGreaterThanOrEqual(45);
  const plan = new Set(
    fs
      .readFileSync(path.join(ROOT, 'docs-guide/ia.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[0]),
  );
  for (const c of cases) expect(plan.has(c.id), `queries.tsv:${c.line} ${c.id} is not in docs-guide/ia.tsv`).toBe(true);
});

test('every query finds its page in the top 3 of the built index', () => {
  test.skip(!fs.existsSync(INDEX), 'no build/search-index.json: build the site in offline mode first');
  const index = JSON.parse(fs.readFileSync(INDEX, 'utf8')) as SerializedIndex;
  // Queries for planned pages that are not written yet wait for their page.
  const built = new Set(index.pages.map(([pagePath]) => pagePath));
  const cases = readQueries(path.join(ROOT, QUERIES_FILE)).filter((c) => built.has(`/docs/${c.id}`));
  const results = evaluate(new SearchEngine(index), cases, 3);
  expect(describeFailures(results)).toEqual([]);
});
