// The TLS example (deploy/nginx/site.example.conf) as an operator installs it, with a self-signed certificate: plain HTTP
// redirects to HTTPS, HTTPS answers with HSTS and the security headers, and `nginx -t` accepts the file.
import {test, expect} from '@playwright/test';
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import {NGINX} from '../../scripts/lib/nginx';
import {tempDir} from '../tmp';
import {ROOT} from '../../plugins/lib/paths';

function get(url: string): Promise<{status: number; headers: http.IncomingHttpHeaders}> {
  const lib = url.startsWith('https') ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(url, {rejectUnauthorized: false}, (res) => {
      res.resume();
      resolve({status: res.statusCode ?? 0, headers: res.headers});
    });
    req.on('error', reject);
  });
}

test('the TLS example redirects HTTP to HTTPS and sends HSTS with the security headers', async () => {
  test.setTimeout(30_000);
  const dir = tempDir('nginx-tls-');
  for (const f of fs.readdirSync(path.join(ROOT, 'deploy/nginx')))
    fs.copyFileSync(path.join(ROOT, 'deploy/nginx', f), path.join(dir, f));
  const site = path.join(dir, 'site');
  fs.mkdirSync(site);
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(site, '404.html'), 'nf');
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const gen = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
    {encoding: 'utf8'},
  );
  expect(gen.status, gen.stderr).toBe(0);
  const [httpPort, httpsPort] = [4481, 4482];
  const example = fs
    .readFileSync(path.join(dir, 'site.example.conf'), 'utf8')
    .replace(/^\s*listen \[::\].*\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('/srv/lingchuan-docs/build', site)
    .replace('/etc/ssl/certs/docs.example.com.pem', cert)
    .replace('/etc/ssl/private/docs.example.com.key', key);
  expect(example).toContain('set $docs_hsts "max-age=');
  fs.writeFileSync(path.join(dir, 'site.conf'), example);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'master_process off;',
      'error_log stderr warn;',
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      '  include site.conf;',
      '}',
    ].join('\n'),
  );
  const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {encoding: 'utf8'});
  expect(check.status, check.stderr).toBe(0);
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {stdio: 'ignore'});
  try {
    await expect
      .poll(
        () =>
          get(`https://127.0.0.1:${httpsPort}/`).then(
            (r) => r.status,
            () => 0,
          ),
        {timeout: 10_000},
      )
      .toBe(200);
    const secure = await get(`https://127.0.0.1:${httpsPort}/`);
    expect(secure.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(secure.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(secure.headers['x-content-type-options']).toBe('nosniff');
    const plain = await get(`http://127.0.0.1:${httpPort}/docs/x?y=1`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/docs/x?y=1');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  } finally {
    nginx.kill('SIGTERM');
    await new Promise((r) => nginx.once('exit', r));
  }
});
