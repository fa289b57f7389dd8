#!/usr/bin/env node
// Offline search benchmark (Node side): index size, records, engine load time and query latency over the relevance
// query set (tests/search/queries.tsv), plus how many of its queries find their page in the top 3.
// Usage: node scripts/search-bench.mjs [site folder or index file, default build] [--runs 5]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {loadTs} from './lib/load-ts.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const positional = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const target = path.resolve(positional[0] ?? 'build');
const file = fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, 'search-index.json') : target;
if (!fs.existsSync(file)) {
  console.error(`search-bench: ${file} not found: build the site in offline search mode first (npm run build)`);
  process.exit(2);
}

const {SearchEngine} = await loadTs('src/search/engine.ts');
const {readQueries, evaluate, queryParams, QUERIES_FILE} = await loadTs('plugins/search/relevance.ts');

const raw = fs.readFileSync(file);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const started = performance.now();
const engine = new SearchEngine(JSON.parse(raw.toString('utf8')));
const loadMs = performance.now() - started;
const cases = readQueries(new URL(`../${QUERIES_FILE}`, import.meta.url).pathname);

const times = [];
for (let run = 0; run < runs; run++) {
  for (const c of cases) {
    const t = performance.now();
    engine.search({indexName: 'bench', params: {...queryParams(c.query, 20), distinct: undefined}, raw: ''});
    times.push(performance.now() - t);
  }
}
const coldFirst = times[0];
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const results = evaluate(engine, cases, 3);
const found = results.filter((r) => r.rank !== null).length;

console.log(`index      ${path.relative(process.cwd(), file)}`);
console.log(
  `size       ${kb(raw.length)} raw, ${kb(zlib.gzipSync(raw, {level: 9}).length)} gzip, ${kb(zlib.brotliCompressSync(raw).length)} brotli`,
);
console.log(`records    ${engine.size}`);
console.log(`load       ${loadMs.toFixed(1)} ms (JSON parse + engine)`);
console.log(
  `queries    ${cases.length} × ${runs} runs: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms (first, cold: ${coldFirst.toFixed(2)} ms)`,
);
console.log(`relevance  ${found}/${cases.length} queries find their page in the top 3`);
for (const r of results.filter((x) => x.rank === null)) console.log(`  miss: "${r.query}" → ${r.id}; got ${r.top.join(', ')}`);
