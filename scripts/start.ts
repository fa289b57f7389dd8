// `npm start`: the live-reloading dev server, without the update banner (the project pins Docusaurus on purpose; see
// README § Upgrading), stopped together with this process: SIGINT and SIGTERM are forwarded to the dev server itself
// (its own binary, not through npx, so that no intermediate process swallows the signal).
import path from 'node:path';
import {runForwarding} from './lib/child';
import {ROOT} from '../plugins/lib/paths';

const bin = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
runForwarding(process.execPath, [bin, 'start', ...process.argv.slice(2)], {
  cwd: ROOT,
  env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
  stopSignal: 'SIGTERM',
});
