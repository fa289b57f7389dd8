// The API samples gate (scripts/check-api-samples.ts) on deliberately broken pages: each mistake is reported at the
// page's line — a field read in JavaScript and a body field sent in JavaScript and TypeScript that the generated types do
// not have, a Python subscript and a Go struct tag that are not names of the operation the sample calls, an MQTT payload
// that breaks its message schema and an MQTT sample's wrong key — and a copy of the Neptune document whose DevicePage
// `items` lost `type: array` is refused twice: at the document's line, and by the sample that reads the now-unknown items.
// A page that does everything right passes. The real pages pass: that is the `lint:api-samples` gate itself.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {checkApiSamples} from '../../scripts/check-api-samples';

const dir = path.join(__dirname, 'fixtures/api-samples');
const page = (name: string) => path.join(dir, name);
const at = (name: string, line: number) => `tests/unit/fixtures/api-samples/${name}:${line}: `;

test.describe.configure({timeout: 90_000});

test('a page whose samples use only the documents’ names passes, every kind checked', async () => {
  const r = await checkApiSamples([page('good.md')]);
  expect(r.problems).toEqual([]);
  expect(r.skipped).toEqual([]);
  expect(r.typechecked).toEqual({js: 1, ts: 1});
  expect(r.typedCalls).toBe(3); // callNeptune GET /v2/devices and POST …/devices, fetch POST /api/v1/auth/token
  expect(r.fieldChecked).toEqual({python: 1, go: 1, java: 1});
  expect(r.payloads).toBe(2); // the inline request and the reply block
});

test('JavaScript and TypeScript: a wrong field read and wrong body fields are type errors at their lines', async () => {
  const {problems} = await checkApiSamples([page('broken-js.md'), page('broken-ts.md')]);
  expect(problems).toHaveLength(3);
  expect(problems[0]).toContain(at('broken-js.md', 13));
  expect(problems[0]).toMatch(/Property 'devicename' does not exist .* Did you mean 'deviceName'\?/);
  expect(problems[1]).toContain(at('broken-js.md', 22));
  expect(problems[1]).toMatch(/'device' does not exist in type '\{ devices: /);
  expect(problems[2]).toContain(at('broken-ts.md', 14));
  expect(problems[2]).toMatch(/'appSecert' does not exist in type/);
});

test('Python and Go: a subscript and a struct tag that the called operation does not have', async () => {
  const {problems, fieldChecked} = await checkApiSamples([page('broken-python.md'), page('broken-go.md')]);
  expect(fieldChecked).toEqual({python: 1, go: 1});
  expect(problems).toEqual([
    `${at('broken-go.md', 13)}field "deviceNme" not in the operations it calls (neptune#listDevices) in openapi/neptune.yaml`,
    `${at('broken-python.md', 14)}field "device_name" not in the operations it calls (neptune#listDevices) in openapi/neptune.yaml`,
  ]);
});

test('MQTT: a payload that breaks its message schema, and a sample that publishes a key the messages lack', async () => {
  const {problems, payloads} = await checkApiSamples([page('mqtt/broken-payload.md')]);
  expect(payloads).toBe(2);
  expect(problems).toEqual([
    `${at('mqtt/broken-payload.md', 18)}MQTT payload on $nep/pk7Hc2xQm9A/press-01/property/report matches no message of asyncapi/neptune-mqtt.yaml (propertyReport): propertyReport: payload/id must be string`,
    `${at('mqtt/broken-payload.md', 36)}field "param" not in asyncapi/neptune-mqtt.yaml`,
  ]);
});

test('an items without type: array is reported in the document and makes the sample’s items unknown', async () => {
  const info = test.info();
  const text = fs.readFileSync(path.join(__dirname, '../../openapi/neptune.yaml'), 'utf8');
  const typed = /( {4}DevicePage:\n(?: {6,}.*\n)*? {12}items:\n) {14}type: array\n/;
  expect(text).toMatch(typed);
  const copy = info.outputPath('neptune-untyped-items.yaml');
  fs.mkdirSync(path.dirname(copy), {recursive: true});
  fs.writeFileSync(copy, text.replace(typed, '$1'));
  const {problems} = await checkApiSamples([page('good.md')], {openapi: {neptune: copy}});
  expect(problems).toHaveLength(3);
  expect(problems[0]).toMatch(
    /neptune-untyped-items\.yaml:\d+: #\/components\/schemas\/DevicePage\/allOf\/1\/properties\/items has `items` but no `type: array`/,
  );
  expect(problems[1]).toBe(`${at('good.md', 14)}TS18046: 'page.items' is of type 'unknown'.`);
  expect(problems[2]).toBe(`${at('good.md', 15)}TS18046: 'page.items' is of type 'unknown'.`);
});
