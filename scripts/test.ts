// `npm test`: every gate CI runs, in order, then one closing line "N passed, N failed" summed over all suites.
//   gates:  source checks and lint (each gate counts as one test)
//   builds: the offline-search site (build/) and the Algolia-mode site (build-algolia/), each one test
//   site:   link and anchor check over the built HTML (one test)
//   tests:  Playwright projects unit, site, e2e, then dev (each test counts)
// Options: --skip-build (reuse build/ and build-algolia/), --only-gates; Playwright's usual options (--grep, --workers,
// --headed, --reporter, … see PLAYWRIGHT below) and test filters go on to Playwright.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';

/** Our own options; the rest of the command line goes to Playwright, so its common options are known here too. */
const OWN = {'skip-build': {type: 'boolean'}, 'only-gates': {type: 'boolean'}} as const;
const PLAYWRIGHT = {
  grep: {type: 'string', short: 'g'},
  'grep-invert': {type: 'string', short: 'G'},
  workers: {type: 'string', short: 'j'},
  retries: {type: 'string'},
  'max-failures': {type: 'string'},
  'repeat-each': {type: 'string'},
  reporter: {type: 'string'},
  timeout: {type: 'string'},
  'global-timeout': {type: 'string'},
  shard: {type: 'string'},
  trace: {type: 'string'},
  output: {type: 'string'},
  config: {type: 'string', short: 'c'},
  project: {type: 'string', multiple: true},
  headed: {type: 'boolean'},
  debug: {type: 'boolean'},
  list: {type: 'boolean'},
  quiet: {type: 'boolean'},
  'last-failed': {type: 'boolean'},
  'forbid-only': {type: 'boolean'},
  'fail-on-flaky-tests': {type: 'boolean'},
  'fully-parallel': {type: 'boolean'},
  'pass-with-no-tests': {type: 'boolean'},
  'no-deps': {type: 'boolean'},
  'ignore-snapshots': {type: 'boolean'},
  'update-snapshots': {type: 'boolean', short: 'u'},
} as const;

function main() {
  const args = process.argv.slice(2);
  const {values, tokens} = parseCli(
    'test',
    {...OWN, ...PLAYWRIGHT},
    {positionals: Infinity, args: '[Playwright test filters...]', argv: args},
  );
  const skipBuild = values['skip-build'] === true;
  const onlyGates = values['only-gates'] === true;
  // Everything but our own options, as given (Playwright reads its options itself).
  const own = new Set(tokens.filter((t) => t.kind === 'option' && t.name in OWN).map((t) => t.index));
  const pwArgs = args.filter((_, i) => !own.has(i));

  const results: {name: string; ok: boolean}[] = [];
  let skipped = 0;
  // One temporary folder for everything this run starts (nginx configs, test fixtures, Chromium profiles, PDFs): removed at
  // the end, so a test run leaves nothing in the system temp folder.
  const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lingchuan-test-'));
  process.on('exit', () => fs.rmSync(runTmp, {recursive: true, force: true}));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));
  // No colours in the log: FORCE_COLOR=0 alone (with NO_COLOR as well, every Node process warns that one is ignored).
  // SITE_URL: the test builds are local sites; set, the build does not advise setting it for a deployment.
  const {NO_COLOR: _noColor, ...inherited} = process.env;
  const env = {
    ...inherited,
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
    SITE_URL: process.env.SITE_URL || 'https://docs.example.com',
    TMPDIR: runTmp,
  };

  function step(name: string, cmd: string, cmdArgs: string[], extraEnv: Record<string, string> = {}): boolean {
    const started = Date.now();
    console.log(`\n▶ ${name}: ${cmd} ${cmdArgs.join(' ')}`);
    const r = spawnSync(cmd, cmdArgs, {cwd: ROOT, stdio: 'inherit', env: {...env, ...extraEnv}});
    const ok = r.status === 0;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${ok ? '✔' : '✘'} ${name} (${secs} s)`);
    results.push({name, ok});
    return ok;
  }

  const npx = (bin: string, ...rest: string[]): [string, string[]] => ['npx', ['--no-install', bin, ...rest]];

  // 1. Gates on the sources (fast, independent of the build).
  for (const name of Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts)) {
    if (name.startsWith('lint:')) step(name, 'npm', ['run', '--silent', name]);
  }

  if (!onlyGates) {
    // 2. Builds.
    let built = true;
    if (!skipBuild) {
      // scripts/build.ts: into a temporary folder, moved into place with its completion marker only on success.
      built = step('build (offline search)', ...npx('tsx', 'scripts/build.ts', '--skip-checks', '--out-dir', 'build'));
      const algolia = step(
        'build (Algolia mode)',
        ...npx('tsx', 'scripts/build.ts', '--skip-checks', '--no-pdf', '--out-dir', 'build-algolia'),
        {
          ALGOLIA_APP_ID: 'TESTAPP123',
          ALGOLIA_SEARCH_API_KEY: 'test-search-only-key',
          ALGOLIA_INDEX_NAME: 'lingchuan-docs',
          ALGOLIA_EXTERNAL_URL_REGEX: 'download\\.example\\.com',
          // The second build also has an edit base: the tests see 「编辑此页」 there and not on the first build.
          EDIT_URL: 'https://git.example.com/lingchuan/docs/edit/main/',
        },
      );
      built = built && algolia;
    }
    // 3. The built site: links and anchors.
    if (built) {
      step('site links and anchors', 'npx', ['--no-install', 'tsx', 'scripts/check-site.ts', 'build']);
      step('nginx CSP allows the inline scripts', 'npx', ['--no-install', 'tsx', 'scripts/csp-check.ts', 'build']);
      step('size budget of the first-load JavaScript', 'npx', ['--no-install', 'tsx', 'scripts/size-budget.ts', 'build']);
    }

    // 4. Unit and browser tests (against the builds), then the dev-server tests alone (they compile on demand).
    const runs: {label: string; projects: string[]; report: string; env: Record<string, string>}[] = [
      {
        label: built ? 'unit + site + e2e' : 'unit only (no build)',
        projects: built ? ['--project=unit', '--project=site', '--project=e2e'] : ['--project=unit'],
        report: path.join(ROOT, 'test-results/results.json'),
        env: built ? {} : {E2E_NO_SERVER: '1'},
      },
      {
        label: 'dev server',
        projects: ['--project=dev'],
        report: path.join(ROOT, 'test-results/dev.json'),
        env: {E2E_NO_SERVER: '1'},
      },
    ];
    for (const run of runs) {
      fs.rmSync(run.report, {force: true});
      console.log(`\n▶ playwright: ${run.label}`);
      spawnSync('npx', ['--no-install', 'playwright', 'test', ...run.projects, ...pwArgs], {
        cwd: ROOT,
        stdio: 'inherit',
        env: {...env, ...run.env, PW_REPORT: run.report},
      });
      if (fs.existsSync(run.report)) {
        const stats = JSON.parse(fs.readFileSync(run.report, 'utf8')).stats;
        for (let i = 0; i < stats.expected; i++) results.push({name: 'playwright', ok: true});
        for (let i = 0; i < stats.unexpected; i++) results.push({name: 'playwright', ok: false});
        skipped += stats.skipped ?? 0;
      } else {
        results.push({name: `playwright ${run.label} (no report: the runner failed to start)`, ok: false});
      }
    }
  }

  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    console.log('\nFailed:');
    for (const f of failed.filter((f) => f.name !== 'playwright')) console.log(`  - ${f.name}`);
    const pw = failed.filter((f) => f.name === 'playwright').length;
    if (pw) console.log(`  - ${pw} Playwright test(s), listed above`);
  }
  // The closing line CI reads; skipped tests are named in it so that a missing tool cannot pass unnoticed.
  console.log(`\n${results.length - failed.length} passed, ${failed.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed.length ? 1 : 0);
}

if (require.main === module) main();
