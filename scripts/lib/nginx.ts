// Debian's nginx with the repository's own rules (deploy/nginx, copied byte for byte into a temporary prefix): the one
// way the serve command, the benchmarks and the tests start it.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {procStat} from './proc';

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export const ALGOLIA_ORIGINS = ' https://*.algolia.net https://*.algolianet.com';

/**
 * A built folder to serve on a port; brotli (when installed) and our Content-Security-Policy header are on by default.
 * `search` is the build's search mode (the CSP's connect-src; default: the one its completion marker records).
 */
export type NginxOptions = {root: string; port: number; brotli?: boolean; csp?: boolean; search?: 'offline' | 'algolia'};

/** A path as an nginx string: quoted; characters nginx cannot take in a quoted path are refused with a message. */
export function nginxPath(p: string): string {
  if (/["\\$\n\r{}]/.test(p))
    throw new Error(`the path ${JSON.stringify(p)} holds a character nginx cannot take ($ " \\ { } or a newline)`);
  return `"${p}"`;
}

/** The search mode recorded in a build's completion marker (offline when it says nothing). */
export function builtSearchMode(root: string): 'offline' | 'algolia' {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.build-complete.json'), 'utf8')).searchMode === 'algolia'
      ? 'algolia'
      : 'offline';
  } catch {
    return 'offline';
  }
}

/**
 * Write a minimal main config around deploy/nginx and return its folder (brotli only when asked and installed). `csp:
 * false` leaves out the Content-Security-Policy header (for another site, whose inline scripts have other hashes).
 */
export function prepareNginx({root, port, brotli = true, csp = true, search}: NginxOptions): {
  dir: string;
  conf: string;
  brotli: boolean;
} {
  const rootPath = nginxPath(path.resolve(root)); // before anything is written: a refused path leaves nothing behind
  sweepStale();
  const mode = search ?? builtSearchMode(root);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-nginx-'));
  for (const f of fs.readdirSync(path.join(ROOT, 'deploy/nginx'))) {
    const text = fs.readFileSync(path.join(ROOT, 'deploy/nginx', f), 'utf8');
    fs.writeFileSync(path.join(dir, f), csp ? text : text.replace(/^add_header Content-Security-Policy .*\n/gm, ''));
  }
  const withBrotli = brotli && fs.existsSync(BROTLI_MODULE) && fs.existsSync(BROTLI_STATIC_MODULE);
  const conf = [
    withBrotli ? `load_module ${BROTLI_MODULE};` : '',
    withBrotli ? `load_module ${BROTLI_STATIC_MODULE};` : '',
    process.getuid?.() === 0 ? 'user root;' : '',
    // One process, no master: when serve is killed outright, the kernel's parent-death signal (scripts/lib/child.ts) ends
    // all of nginx, so nothing is left holding the port.
    'master_process off;',
    'worker_processes 1;',
    // A stop waits at most this long for slow clients (a second signal to serve stops at once).
    'worker_shutdown_timeout 5s;',
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
    `    root ${rootPath};`,
    `    set $docs_search_origins "${mode === 'algolia' ? ALGOLIA_ORIGINS : ''}";`,
    '    set $docs_hsts "";',
    '    include lingchuan-docs.conf;',
    withBrotli ? '    include brotli.conf;' : '',
    '  }',
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  return {dir, conf: path.join(dir, 'nginx.conf'), brotli: withBrotli};
}

/**
 * Remove the temporary folders of nginx instances that are gone (a serve killed outright cannot clean up after itself):
 * a folder whose pid file names a dead process, or that has no pid file and is over ten minutes old.
 */
export function sweepStale(tmp = os.tmpdir()): void {
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith('docs-nginx-')) continue;
    const dir = path.join(tmp, name);
    try {
      const pidFile = path.join(dir, 'nginx.pid');
      let stale: boolean;
      if (fs.existsSync(pidFile)) {
        // Gone, or a zombie that nobody has reaped yet (state Z in /proc).
        const state = procStat(Number(fs.readFileSync(pidFile, 'utf8').trim()))?.state;
        stale = !state || state === 'Z';
      } else stale = Date.now() - fs.statSync(dir).mtimeMs > 10 * 60_000;
      if (stale) fs.rmSync(dir, {recursive: true, force: true});
    } catch {
      // another process removed it meanwhile
    }
  }
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
