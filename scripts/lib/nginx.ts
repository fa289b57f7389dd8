// Debian's nginx with the repository's own rules (deploy/nginx, copied byte for byte into a temporary prefix): the one
// way the serve command, the benchmarks and the tests start it.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/docs-source';

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** A built folder to serve on a port; brotli (when installed) and our Content-Security-Policy header are on by default. */
export type NginxOptions = {root: string; port: number; brotli?: boolean; csp?: boolean};

/**
 * Write a minimal main config around deploy/nginx and return its folder (brotli only when asked and installed). `csp:
 * false` leaves out the Content-Security-Policy header (for another site, whose inline scripts have other hashes).
 */
export function prepareNginx({root, port, brotli = true, csp = true}: NginxOptions): {
  dir: string;
  conf: string;
  brotli: boolean;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  for (const f of fs.readdirSync(path.join(ROOT, 'deploy/nginx'))) {
    const text = fs.readFileSync(path.join(ROOT, 'deploy/nginx', f), 'utf8');
    fs.writeFileSync(path.join(dir, f), csp ? text : text.replace(/^add_header Content-Security-Policy .*\n/gm, ''));
  }
  const withBrotli = brotli && fs.existsSync(BROTLI_MODULE);
  const conf = [
    withBrotli ? `load_module ${BROTLI_MODULE};` : '',
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
    withBrotli ? '    include brotli.conf;' : '',
    '  }',
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  return {dir, conf: path.join(dir, 'nginx.conf'), brotli: withBrotli};
}

/** `nginx -t` on a prepared config: the error text, or null when it is accepted. */
export function testNginx(dir: string, conf: string): string | null {
  const test = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], {encoding: 'utf8'});
  return test.status === 0 ? null : test.stderr;
}

const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });

export type RunningNginx = {origin: string; child: ChildProcess; stop: () => Promise<void>};

/** Start nginx on a built folder in the background; resolves when it answers. `stop` ends it and removes its folder. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const {port} = options;
  const origin = `http://127.0.0.1:${port}`;
  if (await answers(`${origin}/`)) throw new Error(`port ${port} is already in use: pass --port`);
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} not found: npm run setup:system`);
  const {dir, conf} = prepareNginx(options);
  const rejected = testNginx(dir, conf);
  if (rejected) throw new Error(`nginx rejected the configuration:\n${rejected}`);
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {stdio: ['ignore', 'ignore', 'inherit']});
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, {recursive: true, force: true});
  };
  for (let i = 0; i < 50; i++) {
    if (await answers(`${origin}/`)) return {origin, child, stop};
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('nginx did not answer within 5 s');
}
