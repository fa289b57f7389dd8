// The nginx CSP allows the site's inline scripts by hash. This checks that every inline script of the built site is
// allowed by deploy/nginx/lingchuan-docs-headers.conf and prints the script-src to use when it is not.
// Usage: tsx scripts/csp-check.ts [build-dir]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {listPages} from '../plugins/lib/built-html';
import {parseCli} from './lib/args';

const HEADERS = path.join(ROOT, 'deploy/nginx/lingchuan-docs-headers.conf');

/** SHA-256 sources of the executable inline scripts of all built pages (JSON-LD data blocks are not scripts). */
export function inlineScriptHashes(dir: string): Set<string> {
  const hashes = new Set<string>();
  for (const {file} of listPages(dir)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/g)) {
      if (/type=["']?application\/ld\+json/.test(m[1]) || !m[2]) continue;
      hashes.add(`'sha256-${crypto.createHash('sha256').update(m[2]).digest('base64')}'`);
    }
  }
  return hashes;
}

export function allowedHashes(conf = fs.readFileSync(HEADERS, 'utf8')): Set<string> {
  return new Set(conf.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? []);
}

if (require.main === module) {
  const {positionals} = parseCli('csp-check', {}, {positionals: 1, args: '[build-dir]'});
  const dir = path.resolve(positionals[0] || 'build');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`csp-check: ${dir}/index.html not found: build the site first`);
    process.exit(2);
  }
  const needed = inlineScriptHashes(dir);
  const allowed = allowedHashes();
  const missing = [...needed].filter((h) => !allowed.has(h));
  const unused = [...allowed].filter((h) => !needed.has(h));
  if (missing.length || unused.length) {
    console.error(`csp-check: ${HEADERS} does not match the inline scripts of ${dir}`);
    for (const h of missing) console.error(`  not allowed: ${h}`);
    for (const h of unused) console.error(`  no longer used: ${h}`);
    console.error(`  use: script-src 'self' ${[...needed].sort().join(' ')};`);
    process.exit(1);
  }
  console.log(`csp-check: ${needed.size} inline script(s), all allowed by the nginx CSP`);
}
