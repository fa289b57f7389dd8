// Runs the signature and MQTT password samples of examples/neptune/ and checks that the values the pages show are the values
// the programs print, so that the pages and the code cannot drift apart. No browser: the programs run as child processes.
import {test, expect} from '@playwright/test';
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The documented values (docs/neptune/api/authentication.md, signature-examples.md and mqtt/connect.md). */
const SIGNATURE = 'hJBEZgjlVp2heIcZsuJOtUuO8G8ilA/Fx++2hF5xkJM=';
const BODY_SHA256 = 'e92294eea7dfc35152f1daf65ab1bc3eca0a985804fa6aa4f532ac624426a9b6';
const MQTT_PASSWORD = 'fee5bceeca92834551ac3f3f329049f2873956907a280a7247cc22eff48e6cf2';

/** The worked example of the REST signature, as the pages describe it. */
const EXAMPLE = {
  method: 'POST',
  path: '/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke',
  query: 'timeout=5000',
  timestamp: '1735689600000',
  nonce: '3f8a2c1e9b7d4f06a5e1c2d3b4a59687',
  body: '{"params":{"rate":30}}',
  secret: 'nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e',
};

/** The second test vector of signature-examples.md: a GET with several query parameters and no body. */
const LIST_EXAMPLE = {
  method: 'GET',
  path: '/v2/devices',
  query: 'pageNo=1&pageSize=20&productKey=pk7Hc2xQm9A',
  timestamp: '1735689600000',
  nonce: 'b1d4e7a09c2f4e5a8d3b6c9f0e1a2b3c',
  body: '',
  secret: EXAMPLE.secret,
};

const root = () => path.resolve(path.dirname(test.info().file), '..', '..');
const page = (id: string) => fs.readFileSync(path.join(root(), 'docs', `${id}.md`), 'utf8');

function stringToSign(e: typeof EXAMPLE): string {
  const bodyHash = crypto.createHash('sha256').update(e.body, 'utf8').digest('hex');
  return [e.method, e.path, e.query, e.timestamp, e.nonce, bodyHash].join('\n');
}
const hmacBase64 = (e: typeof EXAMPLE) => crypto.createHmac('sha256', e.secret).update(stringToSign(e)).digest('base64');

/** `go` on PATH, else the usual install locations; undefined when Go is not installed. */
function findGo(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/local/go/bin', '/usr/lib/go/bin']) {
    const file = path.join(dir, 'go');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function run(dir: string, command: string, args: string[]): string {
  const env = {...process.env};
  if (!env.HOME && !env.GOCACHE) env.GOCACHE = path.join(os.tmpdir(), 'go-build');
  return execFileSync(command, args, {cwd: path.join(root(), dir), encoding: 'utf8', env, timeout: 120_000});
}

/** The program prints exactly one line: the expected value. */
function expectOneLine(stdout: string, value: string) {
  expect(stdout.replace(/\r?\n$/, '')).toBe(value);
}

const SIGN_DIR = 'examples/neptune/signature';
const PASSWORD_DIR = 'examples/neptune/mqtt-password';
const programs = [
  {lang: 'Node.js', command: 'node', args: (f: string) => [`${f}.js`], sign: 'sign', password: 'password'},
  {lang: 'Python', command: 'python3', args: (f: string) => [`${f}.py`], sign: 'sign', password: 'password'},
  {lang: 'Java', command: 'java', args: (f: string) => [`${f}.java`], sign: 'Sign', password: 'Password'},
  {lang: 'Go', command: 'go', args: (f: string) => ['run', `${f}.go`], sign: 'sign', password: 'password'},
];

/** Runs one sample program (Go only where a Go toolchain is installed) and checks its single line of output. */
function runSample(p: (typeof programs)[number], dir: string, file: string, expected: string): void {
  test.setTimeout(120_000);
  let command = p.command;
  if (p.lang === 'Go') {
    const go = findGo();
    // CI and a machine set up with `npm run setup:system` have Go: there a missing toolchain is a failure, not a skip.
    if (!go && process.env.CI) throw new Error('`go` is not installed: run `npm run setup:system`');
    test.skip(!go, '`go` is not installed (run `npm run setup:system`)');
    command = go!;
  }
  expectOneLine(run(dir, command, p.args(file)), expected);
}

test.describe('Neptune REST signature samples', () => {
  test('the documented signature is HMAC-SHA256 of the documented StringToSign', () => {
    expect(crypto.createHash('sha256').update(EXAMPLE.body).digest('hex')).toBe(BODY_SHA256);
    expect(hmacBase64(EXAMPLE)).toBe(SIGNATURE);
  });

  for (const p of programs) {
    test(`${p.lang}: ${p.sign} prints the documented signature`, () => runSample(p, SIGN_DIR, p.sign, SIGNATURE));
  }

  test('authentication.md shows the worked example with the same values', () => {
    const md = page('neptune/api/authentication');
    expect(md).toContain(SIGNATURE);
    expect(md).toContain(BODY_SHA256);
    for (const line of stringToSign(EXAMPLE).split('\n')) expect(md).toContain(line);
    expect(md).toContain(EXAMPLE.body);
    expect(md).toContain(EXAMPLE.secret);
    expect(md).toContain(crypto.createHmac('sha256', EXAMPLE.secret).update(stringToSign(EXAMPLE)).digest('hex'));
  });

  test('signature-examples.md includes the tested programs and shows both test vectors', () => {
    const md = page('neptune/api/signature-examples');
    for (const file of ['sign.js', 'sign.py', 'Sign.java', 'sign.go']) expect(md).toContain(`file=${SIGN_DIR}/${file}`);
    expect(md).toContain(SIGNATURE);
    expect(md).toContain(LIST_EXAMPLE.query);
    expect(md).toContain(hmacBase64(LIST_EXAMPLE));
  });

  test('introduction.md shows the request of test vector 2 with its signature', () => {
    const md = page('neptune/api/introduction');
    expect(md).toContain(`X-Nep-Nonce: ${LIST_EXAMPLE.nonce}`);
    expect(md).toContain(`X-Nep-Signature: ${hmacBase64(LIST_EXAMPLE)}`);
  });
});

test.describe('Neptune MQTT password samples', () => {
  test('the documented password is HMAC-SHA256 of the documented content', () => {
    const content = 'deviceName=press-01&productKey=pk7Hc2xQm9A&timestamp=1735689600000';
    expect(crypto.createHmac('sha256', '9f86d081884c7d659a2feaa0c55ad015').update(content).digest('hex')).toBe(MQTT_PASSWORD);
  });

  for (const p of programs) {
    test(`${p.lang}: ${p.password} prints the documented password`, () => runSample(p, PASSWORD_DIR, p.password, MQTT_PASSWORD));
  }

  test('mqtt/connect.md shows the same password and includes the tested programs', () => {
    const md = page('neptune/api/mqtt/connect');
    expect(md).toContain(MQTT_PASSWORD);
    for (const file of ['password.js', 'password.py', 'Password.java', 'password.go']) {
      expect(md).toContain(`file=${PASSWORD_DIR}/${file}`);
    }
  });
});
