// Relevance of the offline search on the real build: each query of tests/search/queries.tsv must find its page among the
// first three pages. Needs build/search-index.json (an offline-mode `npm run build`); in CI a missing index fails.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {QUERIES_FILE, describeFailures, evaluate, loadEngine, readQueries} from '../../plugins/search/relevance';

const ROOT = path.resolve(__dirname, '../..');
const INDEX = path.join(ROOT, 'build/search-index.json');

test('the query set is well formed: at least 80 queries, a third mixed or English, each naming a planned doc', () => {
  const cases = readQueries(path.join(ROOT, QUERIES_FILE));
  expect(cases.length).toBeGreaterThanOrEqual(80);
  const latin = cases.filter((c) => /[A-Za-z]/.test(c.query));
  expect(latin.length).toBeGreaterThanOrEqual(Math.ceil(cases.length / 3));
  const plan = new Set(
    fs
      .readFileSync(path.join(ROOT, 'docs-guide/ia.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[0]),
  );
  for (const c of cases) expect(plan.has(c.id), `queries.tsv:${c.line} ${c.id} is not in docs-guide/ia.tsv`).toBe(true);
});

test('at least 97.5 % of the queries find their page in the top 3 of the built index', () => {
  if (!fs.existsSync(INDEX) && process.env.CI) throw new Error('no build/search-index.json: the offline build is missing');
  test.skip(!fs.existsSync(INDEX), 'no build/search-index.json: build the site in offline mode first');
  const cases = readQueries(path.join(ROOT, QUERIES_FILE));
  const results = evaluate(loadEngine(path.dirname(INDEX)), cases, 3);
  const found = results.filter((r) => r.rank !== null).length;
  console.log(`search relevance: ${found}/${cases.length} queries find their page in the top 3`);
  expect(found / cases.length, describeFailures(results).join('\n')).toBeGreaterThanOrEqual(0.975);
});
