// `npm start`: the live-reloading dev server, without the update banner (the project pins Docusaurus on purpose; see
// README § Upgrading), stopped together with this process: SIGINT and SIGTERM are forwarded to the dev server itself
// (its own binary, not through npx, so that no intermediate process swallows the signal).
// Usage: tsx scripts/start.ts [docusaurus start options]: they are checked here (a misspelt one stops before the slow
// start-up) and passed on as given. --poll takes its interval (--poll 1000).
import path from 'node:path';
import {runForwarding} from './lib/child';
import {parseCli} from './lib/args';
import {ROOT} from '../plugins/lib/paths';

/** `docusaurus start`'s own options (Docusaurus 3.8). */
const START_OPTIONS = {
  port: {type: 'string', short: 'p'},
  host: {type: 'string', short: 'h'},
  locale: {type: 'string', short: 'l'},
  'hot-only': {type: 'boolean'},
  config: {type: 'string'},
  'no-open': {type: 'boolean'},
  poll: {type: 'string'},
  'no-minify': {type: 'boolean'},
} as const;

if (require.main === module) {
  const args = process.argv.slice(2);
  parseCli('start', START_OPTIONS, {argv: args});
  const bin = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  // Docusaurus' advice to delete babel.config.js, which the project keeps, is dropped (scripts/lib/keep-babel-config.cjs).
  const keep = path.join(ROOT, 'scripts/lib/keep-babel-config.cjs');
  runForwarding(process.execPath, ['--require', keep, bin, 'start', ...args], {
    cwd: ROOT,
    env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    stopSignal: 'SIGTERM',
  });
}
