#!/usr/bin/env node
// Pushes the search records of a built site to Algolia, for the Algolia search mode (`npm run search:push`).
// The records are the offline index's (plugins/search/extract.ts); the index settings are src/search/types.ts' INDEX_SETTINGS.
// The records replace the index's atomically (Algolia's replaceAllObjects: a temporary index moved over the old one).
//
// Usage: node scripts/search-push.mjs [site folder, default build]
// Environment: ALGOLIA_APP_ID and ALGOLIA_ADMIN_API_KEY (required), ALGOLIA_INDEX_NAME (default lingchuan-docs),
// SITE_URL (origin of the record URLs; default: the origin the site was built with, from its pages' og:url),
// ALGOLIA_HOSTS (comma-separated http(s)://host:port to use instead of Algolia's hosts, e.g. a local fake in tests).
import fs from 'node:fs';
import path from 'node:path';
import {algoliasearch} from 'algoliasearch';
import {loadTs} from './lib/load-ts.mjs';

// The command line first: a mistake there is reported before anything else (scripts/lib/args.ts, exit 2).
const {parseCli} = await loadTs('scripts/lib/args.ts');
const {positionals} = parseCli('search:push', {}, {positionals: 1, args: '[site folder, default build]'});

const env = process.env;
const fail = (code, message) => {
  console.error(`search:push: ${message}`);
  process.exit(code);
};

const missing = ['ALGOLIA_APP_ID', 'ALGOLIA_ADMIN_API_KEY'].filter((name) => !env[name]);
if (missing.length) {
  fail(2, `missing ${missing.join(' and ')}: set the Algolia application id and an admin API key to push the search records`);
}

const dir = path.resolve(positionals[0] ?? 'build');
if (!fs.existsSync(path.join(dir, 'index.html'))) fail(2, `${dir}/index.html not found: build the site first (npm run build)`);

const {extractSite, listHtmlFiles} = await loadTs('plugins/search/extract.ts');
const {INDEX_SETTINGS} = await loadTs('src/search/types.ts');
const {SYNONYMS} = await loadTs('src/search/synonyms.ts');

/** Our synonyms as Algolia's (one-way: a word readers type → what pages say), so both modes know 断线 = 离线. */
const synonymHits = (synonyms) =>
  Object.entries(synonyms).map(([input, list]) => ({
    objectID: `lingchuan-${input}`,
    type: 'oneWaySynonym',
    input,
    synonyms: list,
  }));

/** Origin for the record URLs: SITE_URL, else the one in the built pages (og:url). */
function siteOrigin() {
  if (env.SITE_URL) return new URL(env.SITE_URL).origin;
  for (const file of listHtmlFiles(dir)) {
    const m = /<meta[^>]+property="?og:url"?[^>]+content="?([^"\s>]+)/.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (m) return new URL(m[1]).origin;
  }
  fail(2, 'cannot tell the site origin from the built pages: set SITE_URL');
}

/** ALGOLIA_HOSTS → the client's host list. */
function hosts() {
  if (!env.ALGOLIA_HOSTS) return undefined;
  return env.ALGOLIA_HOSTS.split(',').map((h) => {
    const u = new URL(h.trim());
    return {
      url: u.hostname,
      port: u.port ? Number(u.port) : undefined,
      protocol: u.protocol.replace(':', ''),
      accept: 'readWrite',
    };
  });
}

const indexName = env.ALGOLIA_INDEX_NAME || 'lingchuan-docs';
const origin = siteOrigin();
const {records, pages} = extractSite(dir, {origin});
if (records.length === 0) fail(1, `no search records found in ${dir}`);

const customHosts = hosts();
const client = algoliasearch(env.ALGOLIA_APP_ID, env.ALGOLIA_ADMIN_API_KEY, customHosts ? {hosts: customHosts} : undefined);
try {
  const settings = await client.setSettings({indexName, indexSettings: {...INDEX_SETTINGS}});
  await client.waitForTask({indexName, taskID: settings.taskID});
  const synonyms = await client.saveSynonyms({
    indexName,
    synonymHit: synonymHits(SYNONYMS),
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({indexName, taskID: synonyms.taskID});
  await client.replaceAllObjects({indexName, objects: records, batchSize: 1000});
} catch (e) {
  fail(1, `Algolia refused the push: ${e instanceof Error ? e.message : String(e)}`);
}
console.log(
  `[search] pushed ${records.length} records from ${pages} pages and ${Object.keys(SYNONYMS).length} synonyms to index ${indexName} (app ${env.ALGOLIA_APP_ID}, URLs on ${origin})`,
);
