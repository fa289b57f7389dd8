// The benchmarks' options (command line), constants and targets. Importing this module reads nothing: each entry point
// calls parseBenchOptions in its main, with the options it takes.
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli, usageExit} from '../scripts/lib/args';

// ---------------------------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------------------------
/** Every benchmark option; an entry point accepts the ones it names. */
const OPTIONS = {
  runs: {type: 'string'},
  'lh-runs': {type: 'string'},
  port: {type: 'string'},
  site: {type: 'string'},
  'long-page': {type: 'string'},
  'edit-page': {type: 'string'},
  factor: {type: 'string'},
  'skip-webpack': {type: 'boolean'},
  'skip-lighthouse': {type: 'boolean'},
  'keep-builds': {type: 'boolean'},
  'builds-only': {type: 'boolean'},
} as const;
export type OptionName = keyof typeof OPTIONS;

export type BenchOptions = {
  /** Clean builds per bundler (bench:site), or interleaved build pairs per scenario (bench); median reported. */
  runs: number;
  /** Lighthouse runs per page (median). */
  lhRuns: number;
  /** The bench's nginx port (the stock site's is the next one). */
  port: number;
  /** A built folder to measure instead of building (bench:site). */
  site: string | null;
  /** The long doc page's route (default: the largest built docs HTML). */
  longPage: string | null;
  /** The doc page (repository path) the one-page rebuild changes. */
  editPage: string;
  /** How many copies of docs/ the scaled site has (bench:scale). */
  factor: number;
  skipWebpack: boolean;
  skipLighthouse: boolean;
  keepBuilds: boolean;
  /** The build comparison alone: no transfer sizes, no Lighthouse (bench). */
  buildsOnly: boolean;
};

export const DEFAULT_OPTIONS: BenchOptions = {
  runs: 1,
  lhRuns: 3,
  port: 4190,
  site: null,
  longPage: null,
  editPage: 'docs/lowcode/hmi.md',
  factor: 4,
  skipWebpack: false,
  skipLighthouse: false,
  keepBuilds: false,
  buildsOnly: false,
};

/**
 * The options of one benchmark entry point (`script` names it in messages), from the command line: only the `accepted`
 * ones; a mistake prints `<script>: <message>; options: …` and exits 2.
 */
export function parseBenchOptions(
  script: string,
  accepted: readonly OptionName[],
  defaults: Partial<BenchOptions> = {},
  argv: readonly string[] = process.argv.slice(2),
): BenchOptions {
  const options = Object.fromEntries(accepted.map((name) => [name, OPTIONS[name]])) as Partial<typeof OPTIONS>;
  const {values} = parseCli(script, options, {argv});
  const v = values as {[K in OptionName]?: string | boolean};
  const base = {...DEFAULT_OPTIONS, ...defaults};
  const whole = (name: OptionName, dflt: number, max: number) => {
    const text = v[name];
    if (text === undefined) return dflt;
    const n = Number(text);
    if (!/^\d+$/.test(String(text)) || n < 1 || n > max)
      usageExit(script, `--${name} needs a whole number from 1 to ${max}, not "${text}"`, options);
    return n;
  };
  const text = (name: OptionName) => (typeof v[name] === 'string' ? (v[name] as string) : null);
  const editPage = text('edit-page') ?? base.editPage;
  if (text('edit-page') !== null && (!/^docs\/.+\.mdx?$/.test(editPage) || !fs.existsSync(path.join(ROOT, editPage))))
    usageExit(script, `--edit-page ${editPage} is not a doc page of the repository (docs/….md or .mdx)`, options);
  return {
    runs: whole('runs', base.runs, 100),
    lhRuns: whole('lh-runs', base.lhRuns, 100),
    port: whole('port', base.port, 65534),
    site: text('site') === null ? base.site : path.resolve(text('site')!),
    longPage: text('long-page') ?? base.longPage,
    editPage,
    factor: whole('factor', base.factor, 100),
    skipWebpack: v['skip-webpack'] === true || base.skipWebpack,
    skipLighthouse: v['skip-lighthouse'] === true || base.skipLighthouse,
    keepBuilds: v['keep-builds'] === true || base.keepBuilds,
    buildsOnly: v['builds-only'] === true || base.buildsOnly,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Constants and targets
// ---------------------------------------------------------------------------------------------------------------------
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
  /** `npm run build` against stock's `docusaurus build`, wall-clock: from empty caches, and after one changed page. */
  cleanRatio: 2.5,
  rebuildRatio: 1.5,
};
