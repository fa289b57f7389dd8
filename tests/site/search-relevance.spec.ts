// Relevance of the offline search on the real build: each query of the regression sets (tests/search/queries.tsv, and
// questions.tsv, typos.tsv and keywords.tsv beside it) must find its page among the first three pages, and each half of
// the evaluation set (tests/search/README.md) its share of questions. Needs build/search-index.json (an offline-mode `npm run build`); in CI a missing index fails.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  EVAL_SETS,
  JUDGED_FILES,
  QUERIES_FILE,
  describeFailures,
  evaluate,
  loadEngine,
  readQueries,
} from '../../scripts/lib/search-relevance';
import {ROOT} from '../../plugins/lib/paths';

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

test('the judged sets beside it: questions (at least 25) and typos (at least 10), each naming a planned doc', () => {
  const questions = readQueries(path.join(ROOT, 'tests/search/questions.tsv'));
  const typos = readQueries(path.join(ROOT, 'tests/search/typos.tsv'));
  expect(questions.length).toBeGreaterThanOrEqual(25);
  expect(typos.length).toBeGreaterThanOrEqual(10);
  const plan = new Set(
    fs
      .readFileSync(path.join(ROOT, 'docs-guide/ia.tsv'), 'utf8')
      .split('\n')
      .map((line) => line.split('\t')[0]),
  );
  for (const c of [...questions, ...typos]) expect(plan.has(c.id), `${c.file}:${c.line} ${c.id} is not planned`).toBe(true);
});

for (const file of JUDGED_FILES) {
  test(`every query of ${path.basename(file)} finds its page in the top 3 of the built index`, async () => {
    if (!fs.existsSync(INDEX) && process.env.CI) throw new Error('no build/search-index.json: the offline build is missing');
    test.skip(!fs.existsSync(INDEX), 'no build/search-index.json: build the site in offline mode first');
    const cases = readQueries(path.join(ROOT, file));
    const results = await evaluate(loadEngine(path.dirname(INDEX)), cases, 3);
    const found = results.filter((r) => r.rank !== null).length;
    console.log(`search relevance: ${found}/${cases.length} queries of ${path.basename(file)} find their page in the top 3`);
    expect(describeFailures(results)).toEqual([]);
  });
}

test('the evaluation set: at least 150 questions in two halves, no question in both, each naming planned pages', () => {
  const plan = new Set(
    fs
      .readFileSync(path.join(ROOT, 'docs-guide/ia.tsv'), 'utf8')
      .split('\n')
      .map((line) => line.split('\t')[0]),
  );
  const halves = EVAL_SETS.map((e) => readQueries(path.join(ROOT, e.file)));
  expect(halves[0].length + halves[1].length).toBeGreaterThanOrEqual(150);
  const tuning = new Set(halves[0].map((c) => c.query));
  expect(halves[1].filter((c) => tuning.has(c.query)).map((c) => c.query)).toEqual([]);
  for (const c of halves.flat())
    for (const id of c.ids) expect(plan.has(id), `${c.file}:${c.line} ${id} is not planned`).toBe(true);
});

for (const set of EVAL_SETS) {
  test(`the ${set.name} of the evaluation set finds its page in the top 3 for at least ${set.budget * 100} %`, async () => {
    if (!fs.existsSync(INDEX) && process.env.CI) throw new Error('no build/search-index.json: the offline build is missing');
    test.skip(!fs.existsSync(INDEX), 'no build/search-index.json: build the site in offline mode first');
    const cases = readQueries(path.join(ROOT, set.file));
    const results = await evaluate(loadEngine(path.dirname(INDEX)), cases, 3);
    const found = results.filter((r) => r.rank !== null).length;
    console.log(`search relevance: ${found}/${cases.length} of the ${set.name} find their page in the top 3`);
    const misses = set.heldOut
      ? `${cases.length - found} held-out questions missed; not listed, so that nobody tunes on them (tests/search/README.md)`
      : describeFailures(results).join('\n');
    expect(found / cases.length, misses).toBeGreaterThanOrEqual(set.budget);
  });
}
