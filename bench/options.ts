// The benchmark's options (command line) and targets.
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';

// ---------------------------------------------------------------------------------------------------------------------
// Options and constants
// ---------------------------------------------------------------------------------------------------------------------
export const argv = process.argv.slice(2);
export const flag = (name: string) => argv.includes(`--${name}`);
export const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
};
export const intOpt = (name: string, dflt: number) => {
  const n = Number(opt(name, String(dflt)));
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench: --${name} needs a positive integer`);
    process.exit(2);
  }
  return n;
};
export const KNOWN = ['runs', 'lh-runs', 'port', 'site', 'long-page', 'skip-webpack', 'skip-lighthouse', 'keep-builds', 'factor'];
export const WITH_VALUE = new Set(['runs', 'lh-runs', 'port', 'site', 'long-page', 'factor']);
argv.forEach((a, i) => {
  const name = a.replace(/^--/, '');
  const isValue = i > 0 && WITH_VALUE.has(argv[i - 1].replace(/^--/, ''));
  if (!isValue && (!a.startsWith('--') || !KNOWN.includes(name))) {
    console.error(`bench: unknown argument ${a}; options: ${KNOWN.map((k) => `--${k}`).join(' ')}`);
    process.exit(2);
  }
});
export const BUILD_RUNS = intOpt('runs', 1);
export const LH_RUNS = intOpt('lh-runs', 3);
export const PORT = intOpt('port', 4190);
export const SKIP_WEBPACK = flag('skip-webpack');
export const SKIP_LIGHTHOUSE = flag('skip-lighthouse');
export const KEEP_BUILDS = flag('keep-builds');
export const SITE = argv.includes('--site') ? path.resolve(opt('site', '')) : null;
export const LONG_PAGE = argv.includes('--long-page') ? opt('long-page', '') : null;

export const DOCUSAURUS = path.join(ROOT, 'node_modules/.bin/docusaurus');
export const RESULTS = path.join(ROOT, 'bench/results');
export const API_PAGE = '/docs/neptune/api/device/list-devices';
export const FALLBACK_LONG_PAGE = '/docs/neptune/api/mqtt/connect';
export const SEARCH_INDEX = 'search-index.json';

export const TARGETS = {
  buildSeconds: 60,
  speedup: 2.5,
  performance: 0.97,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  docsFirstLoadKB: 200,
  tbtMs: 150,
  cls: 0.01,
};
