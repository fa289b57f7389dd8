// scripts/search-push.mjs against a local fake of the Algolia API (node:http on 127.0.0.1): the settings and records it
// sends, the atomic replacement, and its refusal without credentials.
import {test, expect} from '@playwright/test';
import {spawn} from 'node:child_process';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import {extractSite} from '../../plugins/search/extract';
import {INDEX_SETTINGS} from '../../src/search/types';
import {SYNONYMS} from '../../src/search/synonyms';
import {ROOT} from '../../plugins/lib/paths';

const SITE = path.join(__dirname, 'fixtures/search-site');

type Recorded = {method: string; path: string; body: unknown};

/** Answers what the v5 client calls during a push: settings, batches, copy/move operations and task polling. */
function fakeAlgolia(): Promise<{url: string; requests: Recorded[]; close: () => Promise<void>}> {
  const requests: Recorded[] = [];
  let task = 100;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = zlib.gunzipSync(raw);
      const body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
      const url = new URL(req.url!, 'http://fake');
      requests.push({method: req.method!, path: decodeURIComponent(url.pathname), body});
      const reply = (json: unknown) => {
        res.writeHead(200, {'content-type': 'application/json'});
        res.end(JSON.stringify(json));
      };
      if (/\/task\/\d+$/.test(url.pathname)) return reply({status: 'published', pendingTask: false});
      if (url.pathname.endsWith('/batch') && !url.pathname.includes('/synonyms/')) {
        const objectIDs = (body as {requests: {body: {objectID: string}}[]}).requests.map((r) => r.body.objectID);
        return reply({taskID: ++task, objectIDs});
      }
      reply({taskID: ++task, updatedAt: '2025-01-01T00:00:00.000Z'});
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      resolve({url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r()))});
    });
  });
}

/** Runs the script without blocking this process (the fake server answers from it). */
function push(env: Record<string, string>): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/search-push.mjs', SITE], {
      cwd: ROOT,
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env},
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
  });
}

test('refuses with exit code 2 and names the missing variables', async () => {
  const none = await push({});
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('ALGOLIA_APP_ID');
  expect(none.stderr).toContain('ALGOLIA_ADMIN_API_KEY');
  const half = await push({ALGOLIA_APP_ID: 'APP'});
  expect(half.code).toBe(2);
  expect(half.stderr).toContain('missing ALGOLIA_ADMIN_API_KEY');
  expect(half.stderr).not.toContain('ALGOLIA_APP_ID');
});

test('sets the index settings, then replaces all records through a temporary index', async () => {
  const fake = await fakeAlgolia();
  try {
    const run = await push({
      ALGOLIA_APP_ID: 'TESTAPP',
      ALGOLIA_ADMIN_API_KEY: 'admin-key',
      ALGOLIA_INDEX_NAME: 'docs-test',
      ALGOLIA_HOSTS: fake.url,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `[search] pushed 16 records from 3 pages and ${Object.keys(SYNONYMS).length} synonyms to index docs-test`,
    );

    const writes = fake.requests.filter((r) => r.method !== 'GET');
    // 1. settings on the live index
    expect(writes[0]).toEqual({method: 'PUT', path: '/1/indexes/docs-test/settings', body: {...INDEX_SETTINGS}});
    const settings = writes[0].body as typeof INDEX_SETTINGS;
    expect(settings.attributesForFaceting).toEqual(['type', 'language', 'docusaurus_tag']);
    expect(settings.attributeForDistinct).toBe('url_without_anchor');
    expect(settings.searchableAttributes.at(-1)).toBe('content');
    // 2. our synonyms, replacing the index's (the offline engine's table: both modes know 断线 = 离线)
    expect(writes[1].path).toBe('/1/indexes/docs-test/synonyms/batch');
    const synonyms = writes[1].body as {objectID: string; type: string; input: string; synonyms: string[]}[];
    expect(synonyms).toHaveLength(Object.keys(SYNONYMS).length);
    expect(synonyms).toContainEqual({
      objectID: 'lingchuan-断线',
      type: 'oneWaySynonym',
      input: '断线',
      synonyms: SYNONYMS['断线'],
    });
    expect(SYNONYMS['断线']).toContain('离线');
    // 3. copy settings (and the synonyms) to a temporary index, 4. records into it, 5. move it over the live index
    const copy = writes[2];
    expect(copy.path).toBe('/1/indexes/docs-test/operation');
    const tmp = (copy.body as {destination: string}).destination;
    expect(tmp).toMatch(/^docs-test_tmp_\d+$/);
    expect(copy.body).toMatchObject({operation: 'copy', scope: ['settings', 'rules', 'synonyms']});
    const batches = writes.filter((r) => r.path === `/1/indexes/${tmp}/batch`);
    const sent = batches.flatMap((b) => (b.body as {requests: {action: string; body: {objectID: string}}[]}).requests);
    expect(sent.every((r) => r.action === 'addObject')).toBe(true);
    const expected = extractSite(SITE, {origin: 'https://docs.example.com'}).records;
    expect(sent.map((r) => r.body)).toEqual(expected);
    expect(sent[0].body).toMatchObject({
      objectID: '/docs/neptune/device-shadow::0',
      url: 'https://docs.example.com/docs/neptune/device-shadow',
      type: 'lvl1',
      language: 'zh-Hans',
      docusaurus_tag: 'docs-default-current',
    });
    const move = writes.at(-1)!;
    expect(move).toEqual({
      method: 'POST',
      path: `/1/indexes/${tmp}/operation`,
      body: {operation: 'move', destination: 'docs-test'},
    });
    // Every task was waited for.
    expect(fake.requests.some((r) => r.method === 'GET' && /\/task\/\d+$/.test(r.path))).toBe(true);
  } finally {
    await fake.close();
  }
});

test('SITE_URL sets the origin of the record URLs', async () => {
  const fake = await fakeAlgolia();
  try {
    const run = await push({
      ALGOLIA_APP_ID: 'TESTAPP',
      ALGOLIA_ADMIN_API_KEY: 'admin-key',
      ALGOLIA_HOSTS: fake.url,
      SITE_URL: 'http://docs.plant.local:8080/',
    });
    expect(run.code).toBe(0);
    const batch = fake.requests.find((r) => r.path.endsWith('/batch') && !r.path.includes('/synonyms/'))!;
    const urls = (batch.body as {requests: {body: {url: string}}[]}).requests.map((r) => r.body.url);
    expect(urls.every((u) => u.startsWith('http://docs.plant.local:8080/'))).toBe(true);
    expect(fake.requests[0].path).toBe('/1/indexes/lingchuan-docs/settings');
  } finally {
    await fake.close();
  }
});
