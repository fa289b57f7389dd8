// 「我的环境」's logic without a browser: the plant's readerValues are read and checked (a broken entry is named), each
// field's rule accepts and refuses what it should, substitution touches whole identities only and runs once, the remark
// plugin marks what a block holds and which blocks are derived (a bad `derived=` names the page and line), and both tools
// reproduce the documented vectors that their pages print.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {parseReaderFields, readerFields, PLANT} from '../../plugins/reader-values/fields';
import {detectDerived, markReaderValues} from '../../plugins/reader-values/mark';
import {ruleProblem} from '../../src/env/rule-texts';
import {activeValues, fieldsIn, substitute} from '../../src/env/substitute';
import {canonicalQuery, mqttConnectParams, parseQuery, signRequest} from '../../src/tools/neptune-auth';
import {MQTT_PRESET, SIGN_PRESETS} from '../../src/tools/presets';

const fields = readerFields();
const page = (id: string) => fs.readFileSync(path.join(ROOT, 'docs', `${id}.md`), 'utf8');

test.describe('the plant lists the identities', () => {
  test('every example is an identity the plant (or the pages) already use, and passes its own rule', () => {
    const plant = fs.readFileSync(PLANT, 'utf8');
    const before = plant.slice(0, plant.indexOf('\nreaderValues:'));
    expect(fields.length).toBeGreaterThanOrEqual(10);
    for (const f of fields) {
      expect(ruleProblem(f.rule, f.example), f.field).toBeNull();
      const known =
        before.includes(f.example) || fs.readFileSync(path.join(ROOT, 'docs-guide/product-facts.md'), 'utf8').includes(f.example);
      expect(known, `${f.field}: ${f.example} is not a plant identity`).toBe(true);
    }
  });

  test('a broken entry is refused with the file, the entry and the reason', () => {
    const entry = (e: string) => `readerValues:\n  - ${e}\n`;
    expect(() => parseReaderFields(entry('{field: a, label: A, example: x y, rule: productKey, group: G}'))).toThrow(
      /reference-plant.yaml: readerValues\[0\] \(a\): the example "x y" breaks its own rule/,
    );
    expect(() => parseReaderFields(entry('{field: a, label: A, example: abc, rule: nope, group: G}'))).toThrow(
      /unknown rule "nope"/,
    );
    expect(() => parseReaderFields(entry('{field: a, label: A, example: abc, group: G}'))).toThrow(
      /readerValues\[0\]: "rule" must be/,
    );
    expect(() => parseReaderFields('other: 1\n')).toThrow(/readerValues is missing/);
    expect(() =>
      parseReaderFields(
        'readerValues:\n  - {field: a, label: A, example: dev-1, rule: janusDeviceId, group: G}\n  - {field: b, label: B, example: dev-1, rule: janusDeviceId, group: G}\n',
      ),
    ).toThrow(/readerValues\[1\]: "dev-1" is listed twice/);
  });
});

test('each rule accepts good values and refuses bad ones', () => {
  const cases: [string, string[], string[]][] = [
    [
      'host',
      ['iot.acme.cn', '10.0.8.15', 'mqtt-1.plant.local', 'localhost'],
      ['iot.acme.cn/v2', 'https://iot.acme.cn', 'iot.acme.cn:8443', '10.0.8.256', '1.2.3', 'a b'],
    ],
    ['productKey', ['a1B2c3D4e5F'], ['pk 7Hc2xQm9', 'pk7Hc2xQm9', 'pk7Hc2xQm9AB']],
    ['deviceName', ['press-01', 'line7.press@a:b'], ['abc', 'press 01', 'a&b-press']],
    ['accessKeyId', ['AKNEPACME000000001'], ['AKNEP123', 'akNEPACME000000001']],
    ['janusAppKey', ['jk_acme42'], ['jk_', 'ak_acme42', 'jk_a-b']],
    ['janusDeviceId', ['plc-07', 'a'], ['-plc', 'plc 07', 'x'.repeat(65)]],
    ['appId', ['com.acme.line-monitor'], ['Com.acme.x', 'monitor', 'com..x']],
  ];
  for (const [rule, good, bad] of cases) {
    for (const v of good) expect(ruleProblem(rule, v), `${rule} ${v}`).toBeNull();
    for (const v of bad) expect(ruleProblem(rule, v), `${rule} ${v}`).not.toBeNull();
  }
  expect(ruleProblem('productKey', '')).toBeNull();
});

test.describe('substitution', () => {
  const mine = {productKey: 'a1B2c3D4e5F', deviceName: 'line7-press', janusHost: '10.8.0.5', plcHost: '10.8.0.9'};
  const all = fields.map((f) => f.field);

  test('whole identities only, every occurrence, in one pass', () => {
    const text = [
      'clientId=pk7Hc2xQm9A.press-01 topic=$nep/pk7Hc2xQm9A/press-01/#',
      'press-010 press-01x xpress-01 press-01.log',
      'http://192.168.1.50:8600 192.168.1.500 192.168.1.50.1 192.168.1.10',
    ].join('\n');
    expect(substitute(text, all, fields, mine)).toBe(
      [
        'clientId=a1B2c3D4e5F.line7-press topic=$nep/a1B2c3D4e5F/line7-press/#',
        'press-010 press-01x xpress-01 line7-press.log',
        'http://10.8.0.5:8600 192.168.1.500 192.168.1.50.1 10.8.0.9',
      ].join('\n'),
    );
    // A value that is another field's example is not replaced again.
    expect(substitute('press-01 dev-001', all, fields, {deviceName: 'dev-001', janusDeviceId: 'plc-07'})).toBe('dev-001 plc-07');
  });

  test('only the fields the build found, only valid values', () => {
    expect(substitute('pk7Hc2xQm9A/press-01', ['deviceName'], fields, mine)).toBe('pk7Hc2xQm9A/line7-press');
    expect(substitute('pk7Hc2xQm9A', all, fields, {productKey: 'no good'})).toBe('pk7Hc2xQm9A');
    expect([...activeValues(fields, {productKey: 'pk7Hc2xQm9A', deviceName: 'line7-press'}).keys()]).toEqual(['deviceName']);
    expect(fieldsIn('curl https://api.neptune.example.com/v2/devices/pk7Hc2xQm9A/press-01', fields)).toEqual([
      'neptuneApiHost',
      'productKey',
      'deviceName',
    ]);
  });
});

test.describe('marking at build time', () => {
  type Node = {
    type: string;
    value?: string;
    meta?: string | null;
    children?: Node[];
    data?: {hProperties?: Record<string, string>};
  };
  const tree = (...children: Node[]): Node => ({type: 'root', children});

  test('code and inline code get the fields they hold; signature and password blocks are derived', () => {
    const signed = {
      type: 'code',
      value:
        'POST /v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke\nX-Nep-Signature: hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM=',
    };
    const mqtt = {
      type: 'code',
      value:
        'username=press-01&pk7Hc2xQm9A&1735689600000\npassword=fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2',
    };
    const plain = {type: 'code', value: 'mosquitto_sub -h mqtt.neptune.example.com'};
    const firmware = {
      type: 'code',
      value: '{"sign": "3c068cbd53fabb2a3a1ec5cdb092f8c3f4b5448de484900254a77eb29387dcd4", "topic": "$nep/pk7Hc2xQm9A/press-07"}',
    };
    const forced = {
      type: 'code',
      meta: 'title="x" derived=none',
      value: 'X-Nep-Signature: hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM= press-01',
    };
    const inline = {type: 'inlineCode', value: '$nep/pk7Hc2xQm9A/press-01/property/report'};
    const t = tree(signed, mqtt, plain, firmware, forced, {type: 'paragraph', children: [inline]});
    markReaderValues(t as never, 'docs/x.md', fields);
    expect(signed).toMatchObject({data: {hProperties: {'data-env': 'productKey deviceName', 'data-derived': 'signature'}}});
    expect(mqtt).toMatchObject({data: {hProperties: {'data-derived': 'mqtt'}}});
    expect(plain).toMatchObject({data: {hProperties: {'data-env': 'neptuneMqttHost'}}});
    expect((plain as Node).data?.hProperties?.['data-derived']).toBeUndefined();
    expect((firmware as Node).data?.hProperties?.['data-derived']).toBeUndefined();
    expect((forced as Node).data?.hProperties?.['data-derived']).toBeUndefined();
    expect((forced as Node).meta).toBe('title="x"');
    expect(inline).toMatchObject({data: {hProperties: {'data-env': 'productKey deviceName'}}});
    expect(detectDerived('X-Nep-Alarm-Signature: W4c/0+gIznOak9Vu/FC3xhNw8u4XE6dWL1J8e63Jweo=')).toBe('other');
  });

  test('<MyEnvironment /> is given the fields of its own page, in the plant order', () => {
    const box = {type: 'mdxJsxFlowElement', name: 'MyEnvironment', attributes: [] as {name?: string; value?: unknown}[]};
    const t = tree(box as never, {type: 'code', value: 'curl http://192.168.1.50:8600/api/v1/devices/dev-001'});
    markReaderValues(t as never, 'docs/janus/x.md', fields);
    expect(box.attributes).toEqual([{type: 'mdxJsxAttribute', name: 'fields', value: 'janusHost janusDeviceId'}]);
  });

  test('a bare identity in a sentence and the sections of examples_fixed keep the example', () => {
    const bare = {type: 'inlineCode', value: 'press-01'};
    const topic = {type: 'inlineCode', value: '$nep/pk7Hc2xQm9A/press-01/#'};
    const heading = (depth: number, id: string) => ({type: 'heading', depth, children: [{type: 'text', value: `T {#${id}}`}]});
    const inVector = {
      type: 'code',
      value: 'X-Nep-Signature: hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM=\n/v2/devices/pk7Hc2xQm9A/press-01',
    };
    const inSub = {type: 'inlineCode', value: '/v2/devices/pk7Hc2xQm9A/press-01'};
    const after = {type: 'inlineCode', value: '/v2/devices/pk7Hc2xQm9A/press-01'};
    const t = tree(
      {type: 'paragraph', children: [bare, topic]},
      heading(2, 'worked-example'),
      inVector,
      heading(3, 'step-1'),
      {type: 'paragraph', children: [inSub]},
      heading(2, 'next'),
      {type: 'paragraph', children: [after]},
    );
    markReaderValues(t as never, 'docs/x.md', fields, ['worked-example']);
    expect((bare as Node).data).toBeUndefined();
    expect(topic).toMatchObject({data: {hProperties: {'data-env': 'productKey deviceName'}}});
    // Inside the fixed section: nothing substituted, but a derived block still says what it is.
    expect((inVector as Node).data?.hProperties).toEqual({'data-derived': 'signature'});
    expect((inSub as Node).data).toBeUndefined();
    expect(after).toMatchObject({data: {hProperties: {'data-env': 'productKey deviceName'}}});
    expect(() => markReaderValues(tree(heading(2, 'a')) as never, 'docs/y.md', fields, ['b'])).toThrow(
      '[reader-values] docs/y.md: examples_fixed names #b, which is no heading of the page',
    );
  });

  test('an unknown derived= value fails with the page and line', () => {
    const t = tree({type: 'code', meta: 'derived=signatur', value: 'press-01', position: {start: {line: 42}}} as Node);
    expect(() => markReaderValues(t as never, 'docs/neptune/x.md', fields)).toThrow(
      '[reader-values] docs/neptune/x.md:42: derived=signatur is not one of signature, mqtt, other, none',
    );
  });
});

test.describe('the tools reproduce the documented vectors', () => {
  test('REST signature: both test vectors, byte for byte, as their page prints them', async () => {
    const text = page('neptune/api/signature-examples');
    for (const p of SIGN_PRESETS) {
      const r = await signRequest(p);
      expect(text).toContain(r.signature);
      expect(text).toContain(r.bodyHash);
      expect(text).toContain(r.canonicalQuery);
    }
    const auth = page('neptune/api/authentication');
    const r1 = await signRequest(SIGN_PRESETS[0]);
    expect(auth).toContain(r1.stringToSign);
    expect(auth).toContain(r1.hmacHex);
    expect(auth).toContain(r1.signature);
    expect((await signRequest(SIGN_PRESETS[1])).stringToSign).toBe(
      'GET\n/v2/devices\npageNo=1&pageSize=20&productKey=pk7Hc2xQm9A\n1735689600000\nb1d4e7a09c2f4e5a8d3b6c9f0e1a2b3c\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  test('the encoding vectors of the signature page', () => {
    for (const [input, encoded] of [
      ['a b', 'a%20b'],
      ['~*', '~%2A'],
      ['1+1', '1%2B1'],
      ['冲压', '%E5%86%B2%E5%8E%8B'],
    ])
      expect(canonicalQuery([['k', input]])).toBe(`k=${encoded}`);
    expect(parseQuery('?b=2&a=1&a=0&c')).toEqual([
      ['b', '2'],
      ['a', '1'],
      ['a', '0'],
      ['c', ''],
    ]);
    expect(canonicalQuery(parseQuery('b=2&a=1&a=0&c'))).toBe('a=0&a=1&b=2&c=');
  });

  test('MQTT connect parameters: the example of the connect page', async () => {
    const r = await mqttConnectParams(MQTT_PRESET);
    const text = page(MQTT_PRESET.page);
    for (const v of [r.clientId, r.username, r.content, r.password]) expect(text).toContain(v);
    expect(r.password).toBe('fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2');
  });
});
