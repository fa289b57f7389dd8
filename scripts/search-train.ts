// Learns the weights of the search re-ranker (src/search/rerank.ts) from a built site's offline index and writes them to
// src/search/rerank-weights.json. Trained on the tuning half of the evaluation set and the regression sets (counted twice:
// they must stay whole), never on the held-out half (tests/search/README.md). Each question of RERANK_MIN_WORDS words or
// more gives its first RERANK_DEPTH pages in the engine's own order; the model is a softmax over those pages (listwise),
// fitted by plain gradient descent from zero with L2, so one build always gives the same weights. `--cv` also prints a
// five-fold cross-validation of the tuning half (how the model does on questions it was not trained on).
// Usage: tsx scripts/search-train.ts [site folder, default build] [--cv]
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import {EVAL_SETS, JUDGED_FILES, queryParams, readQueries, type RelevanceCase} from './lib/search-relevance';
import {SearchEngine} from '../src/search/engine';
import {RERANK_MIN_WORDS, rerankFeatures, rerankScores} from '../src/search/rerank';
import {INDEX_FILE, type IndexHead} from '../src/search/types';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';

const WEIGHTS_FILE = path.join(ROOT, 'src/search/rerank-weights.json');
/** Gradient descent: steps, step size, L2 penalty, and how many times a regression question counts. */
const STEPS = 300;
const RATE = 0.5;
const L2 = 0.003;
const REGRESSION_COPIES = 2;
const FOLDS = 5;

/** One question: its pages' feature vectors (engine order) and which of them answer it. */
type Example = {query: string; features: number[][]; answers: boolean[]};

async function examples(engine: SearchEngine, cases: RelevanceCase[]): Promise<Example[]> {
  const filters = queryParams('', 1).facetFilters;
  const out: Example[] = [];
  for (const c of cases) {
    const {totalWords, pages} = await engine.rerankInput(c.query, filters);
    if (totalWords < RERANK_MIN_WORDS) continue;
    const ids = pages.map((p) => p.path.replace(/^.*?\/docs\//, ''));
    out.push({
      query: c.query,
      features: pages.length ? rerankFeatures(c.query, totalWords, pages) : [],
      answers: ids.map((id) => c.ids.includes(id)),
    });
  }
  return out;
}

/** Softmax regression over each example's pages, the answering pages sharing the target. */
function train(data: Example[], size: number): number[] {
  const w = new Array<number>(size).fill(0);
  w[0] = -1; // start from the engine's own order (log of the rank)
  for (let step = 0; step < STEPS; step++) {
    const g = new Array<number>(size).fill(0);
    for (const ex of data) {
      const hits = ex.answers.filter(Boolean).length;
      if (!hits) continue;
      const s = rerankScores(ex.features, w);
      const top = Math.max(...s);
      const e = s.map((x) => Math.exp(x - top));
      const sum = e.reduce((a, b) => a + b, 0);
      ex.features.forEach((f, i) => {
        const d = e[i] / sum - (ex.answers[i] ? 1 / hits : 0);
        for (let k = 0; k < size; k++) g[k] += f[k] * d;
      });
    }
    for (let k = 0; k < size; k++) w[k] -= RATE * (g[k] / data.length + L2 * w[k]);
  }
  return w;
}

/** Questions whose answering page is in the first three, in the engine's order and in the model's. */
function top3(data: Example[], w: number[] | null): number {
  return data.filter((ex) => {
    const order = ex.features.map((_, i) => i);
    if (w) {
      const s = rerankScores(ex.features, w);
      order.sort((a, b) => s[b] - s[a] || a - b);
    }
    return order.slice(0, 3).some((i) => ex.answers[i]);
  }).length;
}

async function main(): Promise<void> {
  const options = {cv: {type: 'boolean'}} as const;
  const {values, positionals} = parseCli('search-train', options, {positionals: 1, args: '[site folder, default build]'});
  const site = path.resolve(positionals[0] ?? 'build');
  if (!fs.existsSync(path.join(site, INDEX_FILE))) {
    console.error(`search-train: ${site}/${INDEX_FILE} not found: build the site in offline search mode first (npm run build)`);
    process.exit(2);
  }
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(site, name), 'utf8')) as unknown;
  const engine = new SearchEngine(read(INDEX_FILE) as IndexHead, (name) => Promise.resolve(read(name)), {rerankWeights: null});
  await engine.loadAll();
  const tuningFile = EVAL_SETS.find((e) => !e.heldOut)!.file;
  const tuning = await examples(engine, readQueries(path.join(ROOT, tuningFile)));
  const regression = await examples(
    engine,
    JUDGED_FILES.flatMap((f) => readQueries(path.join(ROOT, f))),
  );
  const data = [...tuning, ...Array.from({length: REGRESSION_COPIES}, () => regression).flat()];
  const size = data.find((ex) => ex.features.length)?.features[0].length ?? 0;
  const weights = train(data, size);
  const line = (name: string, set: Example[], w: number[]) =>
    `${name}: ${set.length} questions of ${RERANK_MIN_WORDS}+ words, ${top3(set, null)} → ${top3(set, w)} in the top 3`;
  console.log(line('tuning half', tuning, weights));
  console.log(line('regression sets', regression, weights));
  if (values.cv) {
    let found = 0;
    for (let fold = 0; fold < FOLDS; fold++) {
      const rest = tuning.filter((_, i) => i % FOLDS !== fold);
      const w = train([...rest, ...Array.from({length: REGRESSION_COPIES}, () => regression).flat()], size);
      found += top3(
        tuning.filter((_, i) => i % FOLDS === fold),
        w,
      );
    }
    console.log(`cross-validation (${FOLDS} folds of the tuning half): ${top3(tuning, null)} → ${found}`);
  }
  const json = {
    about: 'Learned by `npm run search:train` (scripts/search-train.ts); read by src/search/rerank.ts. Do not edit by hand.',
    trainedOn: {tuning: tuning.length, regression: regression.length, steps: STEPS, rate: RATE, l2: L2},
    weights: weights.map((x) => Math.round(x * 1e6) / 1e6),
  };
  const text = await prettier.format(JSON.stringify(json), {
    ...(await prettier.resolveConfig(WEIGHTS_FILE)),
    filepath: WEIGHTS_FILE,
  });
  fs.writeFileSync(WEIGHTS_FILE, text);
  console.log(`wrote ${path.relative(ROOT, WEIGHTS_FILE)} (${weights.length} weights)`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
