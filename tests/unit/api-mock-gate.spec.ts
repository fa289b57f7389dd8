// The curl gate (scripts/check-api-mock.ts) on a deliberately broken page: a wrong path and a request the document
// refuses are reported with their lines; an error example that shows the document's status (2001 → 404) passes. The
// real pages pass: that is the `lint:api-mock` gate itself.
import {test, expect} from '@playwright/test';
import path from 'node:path';
import {checkApiMock, parseCurl} from '../../scripts/check-api-mock';

test('curl commands are read as a shell would: quotes, continuation lines, -G with --data-urlencode, -F, -I', () => {
  const get = parseCurl(
    `curl -s -G "http://192.168.1.50:8600/api/v1/files" -H "Authorization: Bearer $TOKEN" --data-urlencode "keyword=模具"`,
  );
  expect(get).toMatchObject({method: 'GET', headers: {Authorization: 'Bearer jt_3f9a7c2e5b8d4f6a1c0e9b7d5a3f2c8e'}});
  expect((get as {url: string}).url).toBe('http://192.168.1.50:8600/api/v1/files?keyword=%E6%A8%A1%E5%85%B7');
  expect(parseCurl(`curl -s -I "http://192.168.1.50:8600/api/v1/files/md5/$MD5"`)).toMatchObject({method: 'HEAD'});
  expect(parseCurl(`curl -X POST 'https://x/y' -d '{"a": "b c"}'`)).toMatchObject({method: 'POST', body: '{"a": "b c"}'});
  expect(parseCurl('curl "https://x/${REQ_PATH}"')).toBe('uses a shell variable set by the script');
});

test('a wrong path and a refused request body are reported at their lines; a matching error example passes', async () => {
  test.setTimeout(180_000);
  const {problems, sent} = await checkApiMock([path.join(__dirname, 'fixtures/api-mock/broken-curls.md')]);
  expect(sent).toBe(3);
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(
    /^tests\/unit\/fixtures\/api-mock\/broken-curls\.md:9: GET \/devicez\/pk7Hc2xQm9A\/press-01 → 404 from the mock of openapi\/neptune\.yaml, the page shows 2xx/,
  );
  expect(problems[1]).toMatch(
    /^tests\/unit\/fixtures\/api-mock\/broken-curls\.md:17: POST \/devices\/dev-001\/connect → 4\d\d from the mock of openapi\/janus\.yaml/,
  );
});
