// Offline search benchmark (Node side): the index file, term and content shards (gzip), engine load time, query
// latency over the judged query set (tests/search/queries.tsv), relevance (expected page in the top 3), and what a
// reader's first search transfers for each query: the index file, the term shards of its words and the content shards
// of the hits shown. Usage: tsx scripts/search-bench.ts [site folder, default build] [--runs 5]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {QUERIES_FILE, evaluate, loadEngine, queryParams, readQueries} from '../plugins/search/relevance';
import {SearchEngine} from '../src/search/engine';
import {INDEX_FILE, shardFile, termShardFile, type SerializedIndex} from '../src/search/types';
import {ROOT} from '../plugins/lib/docs-source';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const site = path.resolve(args.find((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1)) ?? 'build');
if (!fs.existsSync(path.join(site, INDEX_FILE))) {
  console.error(`search-bench: ${site}/${INDEX_FILE} not found: build the site in offline search mode first (npm run build)`);
  process.exit(2);
}
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(site, file)), {level: 6}).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const meta = JSON.parse(fs.readFileSync(path.join(site, INDEX_FILE), 'utf8')) as SerializedIndex;
const indexGz = gz(INDEX_FILE);
const termGz = Array.from({length: meta.termShards}, (_, k) => gz(termShardFile(k)));
const textGz = Array.from({length: meta.shards}, (_, k) => gz(shardFile(k)));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const started = performance.now();
const engine = loadEngine(site);
const loadMs = performance.now() - started;
const cases = readQueries(path.join(ROOT, QUERIES_FILE));

const times: number[] = [];
for (let run = 0; run < runs; run++) {
  for (const c of cases) {
    const t = performance.now();
    engine.search({indexName: 'bench', params: {...queryParams(c.query, 20), distinct: undefined}, raw: ''});
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

// First-search transfer per query: a fresh engine (nothing loaded) tells which shards the query and its hits need.
const transfers = cases
  .map((c) => {
    const fresh = new SearchEngine(meta);
    const terms = fresh.missingTermShards(c.query);
    // The modal's first page: 20 hits, at most 3 per page.
    const shown = engine.recordsShown({indexName: 'bench', params: {...queryParams(c.query, 20), distinct: 3}, raw: ''});
    const texts = fresh.missingShards(shown);
    return indexGz + sum(terms.map((k) => termGz[k])) + sum(texts.map((k) => textGz[k]));
  })
  .sort((a, b) => a - b);
const results = evaluate(engine, cases, 3);
const found = results.filter((r) => r.rank !== null).length;

console.log(`index      ${path.relative(process.cwd(), site)}/${INDEX_FILE} ${kb(indexGz)} gzip; ${meta.records.length} records`);
console.log(
  `shards     ${termGz.length} term shards ${kb(sum(termGz))} gzip (largest ${kb(Math.max(...termGz))}), ${textGz.length} content shards ${kb(sum(textGz))} gzip`,
);
console.log(`load       ${loadMs.toFixed(0)} ms (every shard: the worst case)`);
console.log(
  `queries    ${cases.length} × ${runs} runs: p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms`,
);
console.log(
  `first search transfer (index + its shards, gzip): median ${kb(pct(transfers, 50))}, p95 ${kb(pct(transfers, 95))}, max ${kb(transfers[transfers.length - 1])} (budget 400 KB)`,
);
console.log(
  `relevance  ${found}/${cases.length} (${((100 * found) / cases.length).toFixed(1)} %) queries find their page in the top 3 (budget 97.5 %)`,
);
for (const r of results.filter((x) => x.rank === null)) console.log(`  miss: "${r.query}" → ${r.id}; got ${r.top.join(', ')}`);
