// The API agreement gate (scripts/check-api.ts) on a small OpenAPI document and a page that disagrees with it in every
// way the gate checks: method, path parameter type, required flag, an extra parameter, an example that fails the schema,
// an example the document does not have, an error code's HTTP status, an error code the operation does not have, and an
// operation with no page.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {ApiChecker} from '../../scripts/check-api';

const dir = path.join(__dirname, 'fixtures/api');
const rel = path.relative(path.resolve(__dirname, '../..'), path.join(dir, 'mini.yaml'));
const broken = fs.readFileSync(path.join(dir, 'broken-page.md'), 'utf8');

function check(body: string, api: string | null = 'mini#getThing'): string[] {
  const c = new ApiChecker({mini: rel});
  c.checkPage('page.md', api === null ? {} : {api}, body, 1);
  c.finish();
  return c.problems.map((p) => `${p.line}: ${p.msg}`);
}

test('every disagreement between the page and the operation is reported with its line', () => {
  const got = check(broken);
  const has = (line: number, text: string) =>
    expect(
      got.some((g) => g.startsWith(`${line}: `) && g.includes(text)),
      `${line}: ${text}\n${got.join('\n')}`,
    ).toBe(true);
  has(4, 'POST /v2/things/{thingId} is not the operation');
  has(11, '`thingId` is string in the API description, not int');
  has(17, '`verbose` is not required');
  has(18, '`lang` is not in the operation');
  has(22, 'weight must be integer');
  has(26, 'not among the API description');
  has(34, 'HTTP 404 in the API description, not 400');
  has(35, 'error code 40900 is not in the operation');
  expect(got.length).toBeGreaterThanOrEqual(8);
});

test('a REST page without `api:` and an operation without a page are reported', () => {
  const got = check(broken, null);
  expect(got).toContain('4: REST operation page without `api:` in its front matter (api: neptune#<operationId>)');
  expect(got.some((g) => g.includes('operation mini#getThing (GET /v2/things/{thingId}) has no page'))).toBe(true);
});

test('the page fixed to the operation passes', () => {
  const fixed = broken
    .replace('POST /v2', 'GET /v2')
    .replace('| `thingId` | int |', '| `thingId` | string |')
    .replace('| `verbose` | bool | 是 |', '| `verbose` | bool | 否 |')
    .replace('| `lang` | string | 否 | 语言 | `zh` |\n', '')
    .replace('"weight": "3"', '"weight": 3')
    .replace('{"code": 0, "data": {"thingId": "t-2", "weight": 5}}', '{"code": 40400, "data": null}')
    .replace('| 40400 | 400 |', '| 40400 | 404 |')
    .replace('| 40900 | 409 | 冲突 |\n', '');
  expect(check(fixed)).toEqual([]);
});
