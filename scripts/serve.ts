// Serve a built site with Debian's nginx and the repository's own rules (deploy/nginx), in the foreground.
// Usage: tsx scripts/serve.ts [--root build] [--port 4173]. Refuses a build folder that is incomplete; on SIGINT or SIGTERM
// it stops nginx, waits for it and removes its temporary folder.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from './lib/docs-source';
import {runForwarding} from './lib/child';
import {incompleteBuild} from './build';

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** Write a minimal main config around deploy/nginx (files copied byte for byte) and return its folder. */
export function prepareNginx({root, port}: {root: string; port: number}): {dir: string; conf: string; brotli: boolean} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  for (const f of fs.readdirSync(path.join(ROOT, 'deploy/nginx'))) {
    fs.copyFileSync(path.join(ROOT, 'deploy/nginx', f), path.join(dir, f));
  }
  const brotli = fs.existsSync(BROTLI_MODULE);
  const conf = [
    brotli ? `load_module ${BROTLI_MODULE};` : '',
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'error_log stderr warn;',
    `pid ${dir}/nginx.pid;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${path.resolve(root)};`,
    '    include lingchuan-docs.conf;',
    brotli ? '    include brotli.conf;' : '',
    '  }',
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  return {dir, conf: path.join(dir, 'nginx.conf'), brotli};
}

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
  const test = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], {encoding: 'utf8'});
  if (test.status !== 0) {
    console.error(`serve: nginx rejected the configuration:\n${test.stderr}`);
    process.exit(1);
  }
  console.log(`serve: ${root} on http://127.0.0.1:${port}/ (nginx, gzip${brotli ? ', brotli' : ''}; temporary config ${dir})`);
  runForwarding(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stopSignal: 'SIGQUIT', // graceful: workers finish their requests, then the master exits
    cleanup: () => fs.rmSync(dir, {recursive: true, force: true}),
  });
}
