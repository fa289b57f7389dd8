// Serve a built site with Debian's nginx and the repository's own rules (deploy/nginx), in the foreground.
// Usage: tsx scripts/serve.ts [--root build] [--port 4173]. Refuses a build folder that is incomplete; on SIGINT or SIGTERM
// it stops nginx, waits for it and removes its temporary folder.
import fs from 'node:fs';
import {runForwarding} from './lib/child';
import {NGINX, prepareNginx, testNginx} from './lib/nginx';
import {incompleteBuild} from './build';

if (require.main === module) {
  const arg = (name: string, dflt: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const root = arg('root', 'build');
  const port = Number(arg('port', '4173'));
  const why = incompleteBuild(root);
  if (why) {
    console.error(`serve: ${why}`);
    process.exit(1);
  }
  if (!fs.existsSync(NGINX)) {
    console.error(`serve: ${NGINX} not found: install Debian's nginx (apt-get install -y nginx)`);
    process.exit(1);
  }
  const {dir, conf, brotli} = prepareNginx({root, port});
  const rejected = testNginx(dir, conf);
  if (rejected) {
    console.error(`serve: nginx rejected the configuration:\n${rejected}`);
    process.exit(1);
  }
  console.log(`serve: ${root} on http://127.0.0.1:${port}/ (nginx, gzip${brotli ? ', brotli' : ''}; temporary config ${dir})`);
  runForwarding(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stopSignal: 'SIGQUIT', // graceful: workers finish their requests, then the master exits
    cleanup: () => fs.rmSync(dir, {recursive: true, force: true}),
  });
}
