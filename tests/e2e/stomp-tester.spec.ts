import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test as base, expect, type Page} from '@playwright/test';
import * as sockjs from 'sockjs';
import {WebSocketServer} from 'ws';
import {ROOT} from '../../plugins/lib/paths';
import {trackConsole} from './helpers';
import {StompBroker, type BrokerOptions} from './support/stomp-broker';

/**
 * 「Janus STOMP 测试工具」(static/downloads/janus-stomp-tester-1.0.1.html) against a real SockJS server (sockjs package,
 * prefix /ws) and a plain WebSocket server (ws package), both in front of the minimal STOMP 1.2 broker of
 * support/stomp-broker.ts, on 127.0.0.1 with random ports.
 *
 * The tester is opened from disk (file://), as users open the download: on the site itself nginx sends a CSP whose
 * connect-src allows only 'self' and Algolia, so the page could not reach a broker on another port there. One test checks
 * that the site serves the file; it needs the built site and is skipped when STOMP_NO_SITE is set.
 */

const FILE = 'janus-stomp-tester-1.0.1.html';
const TESTER_PATH = path.join(ROOT, 'static/downloads', FILE);
const TESTER_URL = pathToFileURL(TESTER_PATH).href;
const TOKEN = 'jt_3f9a7c2e5b8d4f6a1c0e9b7d5a3f2c8e';
const SAMPLE = '{"deviceId":"dev-001","ts":1735689600000,"values":{"temp":36.5}}';
const REALTIME = '/topic/devices/dev-001/realtime';

type Env = {
  broker: StompBroker;
  /** http://127.0.0.1:{port} of the SockJS server (endpoint /ws). */
  sockjsBase: string;
  /** ws://127.0.0.1:{port}/stomp of the plain WebSocket server. */
  wsUrl: string;
  /** Every SockJS connection: its transport ('websocket' is SockJS framing, 'websocket-raw' the raw endpoint) and path. */
  sockjsConnections: Array<{protocol: string; url: string}>;
};

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A listening HTTP server whose connections (upgraded ones included) can all be destroyed at teardown. */
function trackedServer(): {server: http.Server; destroy: () => Promise<void>} {
  const server = http.createServer();
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    server,
    destroy: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function startEnv(options: BrokerOptions = {}): Promise<Env & {close: () => Promise<void>}> {
  const broker = new StompBroker({token: TOKEN, ...options});

  // SockJS (sockjs package) on prefix /ws: /ws/{server}/{session}/websocket and the raw /ws/websocket.
  const sockjsConnections: Env['sockjsConnections'] = [];
  const sock = trackedServer();
  const sockServer = sockjs.createServer({log: () => {}, disconnect_delay: 100});
  sockServer.on('connection', (conn: sockjs.Connection) => {
    sockjsConnections.push({protocol: conn.protocol, url: conn.url});
    // @types/sockjs types the close code as a string; sockjs writes it into c[code,"reason"] as given, Janus sends a number.
    const closeConn = conn.close as unknown as (code?: number, reason?: string) => boolean;
    const session = broker.attach({
      send: (text) => conn.write(text),
      close: (code = 1000, reason = 'Normal closure') => closeConn.call(conn, code, reason),
    });
    conn.on('data', (message: string) => session.receive(message));
    conn.on('close', () => session.ended());
  });
  sockServer.installHandlers(sock.server, {prefix: '/ws'});
  const sockPort = await listen(sock.server);

  // Plain WebSocket (ws package) on /stomp, same broker.
  const plain = trackedServer();
  const wss = new WebSocketServer({server: plain.server, path: '/stomp'});
  wss.on('connection', (socket) => {
    const session = broker.attach({
      send: (text) => socket.send(text),
      close: (code = 1000, reason) => socket.close(code, reason),
    });
    socket.on('message', (data, isBinary) => session.receive(isBinary ? (data as Buffer) : data.toString()));
    socket.on('close', () => session.ended());
  });
  const wsPort = await listen(plain.server);

  return {
    broker,
    sockjsBase: `http://127.0.0.1:${sockPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}/stomp`,
    sockjsConnections,
    close: async () => {
      broker.shutdown();
      wss.close();
      await Promise.all([sock.destroy(), plain.destroy()]);
    },
  };
}

const test = base.extend<{servers: (options?: BrokerOptions) => Promise<Env>}>({
  // Playwright requires an object pattern for the fixtures argument, even when none is used.
  // eslint-disable-next-line no-empty-pattern
  servers: async ({}, use) => {
    const started: Array<{close: () => Promise<void>}> = [];
    await use(async (options) => {
      const env = await startEnv(options);
      started.push(env);
      return env;
    });
    for (const env of started) await env.close();
  },
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const status = (page: Page) => page.locator('#status');
const connError = (page: Page) => page.locator('#conn-error');
const messages = (page: Page) => page.getByRole('list', {name: '消息', exact: true}).locator('> li');

async function connect(
  page: Page,
  {
    address,
    token = TOKEN,
    mode = 'SockJS',
    heartbeat,
  }: {address: string; token?: string; mode?: 'SockJS' | 'WebSocket'; heartbeat?: string},
): Promise<void> {
  await page.getByRole('radio', {name: mode}).check();
  await page.getByLabel('Janus 地址').fill(address);
  await page.getByLabel('访问令牌').fill(token);
  if (heartbeat) await page.getByLabel('心跳（毫秒）').fill(heartbeat);
  await page.getByRole('button', {name: '连接', exact: true}).click();
}

async function subscribe(page: Page, env: Env, destination: string): Promise<void> {
  await page.getByLabel('订阅目的地').fill(destination);
  await page.getByRole('button', {name: '订阅', exact: true}).click();
  const subs = page.getByRole('list', {name: '当前订阅'});
  await expect(subs.getByRole('listitem').filter({hasText: destination})).toContainText('已确认');
  expect(env.broker.subscribedDestinations()).toContain(destination);
}

test.beforeEach(async ({page}) => {
  await page.goto(TESTER_URL);
});

test('the page: title, version in the footer, labelled controls, no outside requests, light and dark', async ({page}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const log = trackConsole(page);
  await page.reload();
  await expect(page).toHaveTitle('Janus STOMP 测试工具 1.0.1');
  await expect(page.locator('#script-blocked')).toHaveCount(0); // the notice for a page whose script was blocked
  await expect(page.locator('footer')).toContainText('Janus STOMP 测试工具 1.0.1');
  for (const label of ['Janus 地址', '访问令牌', '心跳（毫秒）', '订阅目的地', '消息体']) {
    await expect(page.getByLabel(label)).toBeVisible();
  }
  await expect(page.getByRole('group', {name: '连接方式'})).toBeVisible();
  await expect(page.getByRole('radio', {name: 'SockJS'})).toBeChecked();
  await expect(page.getByLabel('Janus 地址')).toHaveValue('http://192.168.1.50:8600');
  await expect(page.getByLabel('心跳（毫秒）')).toHaveValue('10000,10000');
  await expect(page.getByLabel('订阅目的地')).toHaveValue(REALTIME);
  await expect(status(page)).toHaveText('未连接');
  expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
  expect(log.errors).toEqual([]);

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({colorScheme: 'light'});
  const light = await background();
  await page.emulateMedia({colorScheme: 'dark'});
  const dark = await background();
  expect(light).toBe('rgb(245, 246, 248)');
  expect(dark).toBe('rgb(20, 22, 25)');
});

test('no accessibility violations (axe-core), light and dark, connected with a message', async ({page, servers}) => {
  const env = await servers();
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toContainText('已连接');
  await subscribe(page, env, REALTIME);
  env.broker.publish(REALTIME, SAMPLE);
  await expect(messages(page)).toHaveCount(1);
  await page.addScriptTag({path: path.join(ROOT, 'node_modules/axe-core/axe.min.js')});
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({colorScheme: scheme});
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {axe: {run: (ctx: Document) => Promise<{violations: Array<{id: string; nodes: unknown[]}>}>}}
      ).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations, scheme).toEqual([]);
  }
});

test('SockJS with a good token: connected, CONNECT headers, heart-beat negotiated, clean disconnect', async ({page, servers}) => {
  const env = await servers();
  const log = trackConsole(page);
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  await expect(status(page)).toHaveText('已连接（STOMP 1.2，心跳 发送 10000 ms，接收 10000 ms，服务器 Janus/2.4.0）');
  await expect(connError(page)).toBeHidden();
  expect(env.broker.connects).toHaveLength(1);
  expect(env.broker.connects[0]).toMatchObject({
    'accept-version': '1.2',
    host: '127.0.0.1',
    'heart-beat': '10000,10000',
    Authorization: `Bearer ${TOKEN}`,
  });
  // A SockJS session ({base}/ws/{3-digit server}/{8-char session}/websocket, framed), not the raw endpoint.
  expect(env.sockjsConnections).toEqual([
    {protocol: 'websocket', url: expect.stringMatching(/^\/ws\/\d{3}\/[a-z0-9]{8}\/websocket$/)},
  ]);
  await expect(page.getByRole('button', {name: '断开', exact: true})).toBeVisible();
  await expect(page.getByLabel('Janus 地址')).toBeDisabled();

  await page.getByRole('button', {name: '断开', exact: true}).click();
  await expect(status(page)).toHaveText('已断开（正常关闭）');
  await expect(connError(page)).toBeHidden();
  // The tester said goodbye with DISCONNECT + receipt (the broker answered with RECEIPT) before closing.
  expect(env.broker.received.map((f) => f.command)).toEqual(['CONNECT', 'DISCONNECT']);
  expect(env.broker.received[1].headers.receipt).toMatch(/^disconnect-\d+$/);
  await expect.poll(() => env.broker.sessions.size).toBe(0);
  await expect(page.getByRole('button', {name: '连接', exact: true})).toBeEnabled();
  expect(log.errors).toEqual([]);
});

test('subscribe over SockJS: a published device message appears pretty-printed in the log; unsubscribe', async ({
  page,
  servers,
}) => {
  const env = await servers();
  const log = trackConsole(page);
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toContainText('已连接');
  await subscribe(page, env, REALTIME);

  expect(env.broker.publish(REALTIME, SAMPLE)).toBe(1);
  await expect(messages(page)).toHaveCount(1);
  const entry = messages(page).first();
  await expect(entry.locator('.dest')).toHaveText(REALTIME);
  await expect(entry.locator('time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
  await expect(entry.locator('pre')).toHaveText(JSON.stringify(JSON.parse(SAMPLE), null, 2));
  await expect(entry.locator('pre')).toContainText('"temp": 36.5');

  // Non-ASCII bodies (content-length counts UTF-8 bytes) and a frame split across three SockJS messages.
  const chinese = '{"deviceId":"dev-001","ts":1735689600100,"values":{"备注":"冲压机运行中"}}';
  env.broker.publish(REALTIME, chinese, [], {fragment: true});
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).nth(1).locator('pre')).toContainText('"备注": "冲压机运行中"');

  const subs = page.getByRole('list', {name: '当前订阅'});
  await subs.getByRole('button', {name: `取消订阅 ${REALTIME}`}).click();
  await expect(subs.getByRole('listitem')).toHaveCount(0);
  await expect.poll(() => env.broker.subscribedDestinations()).toEqual([]);
  expect(env.broker.publish(REALTIME, SAMPLE)).toBe(0);

  await page.getByRole('button', {name: '清空消息'}).click();
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByText('0 条（最多保留 500 条）')).toBeVisible();
  expect(log.errors).toEqual([]);
});

test('send a frame: the broker receives destination, escaped headers and body, and routes it to subscribers', async ({
  page,
  servers,
}) => {
  const env = await servers();
  const log = trackConsole(page);
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toContainText('已连接');
  await subscribe(page, env, '/topic/echo');

  const body = '{"deviceId":"dev-001","values":{"temp":36.5,"备注":"测试"}}';
  await page.getByLabel('目的地', {exact: true}).fill('/topic/echo');
  await page.getByLabel('头', {exact: true}).fill('content-type:application/json\nx-note:a:b\\c\nx-trace:t-1');
  await page.getByLabel('消息体').fill(body);
  await page.getByLabel('请求回执').check();
  await page.getByRole('button', {name: '发送', exact: true}).click();

  await expect.poll(() => env.broker.sends.length).toBe(1);
  const sent = env.broker.sends[0];
  expect(sent.destination).toBe('/topic/echo');
  expect(sent.body).toBe(body);
  expect(sent.headers).toMatchObject({
    'content-type': 'application/json',
    'x-note': 'a:b\\c', // sent as a\cb\\c and decoded back by the broker
    'x-trace': 't-1',
    'content-length': String(Buffer.byteLength(body, 'utf8')),
  });
  expect(sent.headers.receipt).toMatch(/^r-\d+$/);
  await expect(page.locator('#send-note')).toContainText(`RECEIPT ${sent.headers.receipt}`);

  // Routed back to the page's own subscription.
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first().locator('.dest')).toHaveText('/topic/echo');
  await expect(messages(page).first().locator('pre')).toContainText('"备注": "测试"');

  // A malformed header line is refused before anything is sent.
  await page.getByLabel('头', {exact: true}).fill('no-colon-here');
  await page.getByRole('button', {name: '发送', exact: true}).click();
  await expect(page.locator('#send-error')).toHaveText(/头第 1 行格式不正确/);
  expect(env.broker.sends).toHaveLength(1);
  expect(log.errors).toEqual([]);
});

test('a wrong token: the ERROR frame message is shown as the rejection', async ({page, servers}) => {
  const env = await servers();
  await connect(page, {address: env.sockjsBase, token: 'jt_expired'});
  await expect(connError(page)).toContainText('服务器拒绝连接：1002 token missing or expired');
  await expect(status(page)).toHaveText('已断开');
  await expect(page.getByRole('button', {name: '连接', exact: true})).toBeEnabled();
  expect(env.broker.connects[0].Authorization).toBe('Bearer jt_expired');
});

test('an unreachable port: the clear connection error', async ({page}) => {
  const port = await closedPort();
  await connect(page, {address: `http://127.0.0.1:${port}`});
  await expect(connError(page)).toContainText(`无法连接到 http://127.0.0.1:${port}/ws，请检查地址、端口 8600 和网络`);
  await expect(status(page)).toHaveText('已断开');
});

test('a malformed address: the format error, nothing is opened', async ({page}) => {
  for (const address of ['192.168.1.50:8600', 'http://', 'ftp://192.168.1.50:8600', 'http://192.168.1.50:86000', '']) {
    await connect(page, {address});
    await expect(connError(page), address).toContainText('地址格式不正确');
    await expect(page.getByLabel('Janus 地址')).toHaveAttribute('aria-invalid', 'true');
    await expect(status(page)).toHaveText('未连接');
  }
  await connect(page, {address: 'ws://192.168.1.50:8600/ws/websocket'});
  await expect(connError(page)).toContainText('「WebSocket」连接方式');
  await page.getByLabel('Janus 地址').fill('http://192.168.1.50:8600');
  await page.getByLabel('心跳（毫秒）').fill('10s');
  await page.getByRole('button', {name: '连接', exact: true}).click();
  await expect(connError(page)).toContainText('心跳格式不正确');
  await page.getByLabel('心跳（毫秒）').fill('10000,10000');
  await page.getByLabel('访问令牌').fill(' ');
  await page.getByRole('button', {name: '连接', exact: true}).click();
  await expect(connError(page)).toContainText('请填写访问令牌');
});

test('plain WebSocket mode (ws package) connects, subscribes and receives', async ({page, servers}) => {
  const env = await servers();
  const log = trackConsole(page);
  await connect(page, {address: env.wsUrl, mode: 'WebSocket'});
  await expect(status(page)).toHaveText(/^已连接（STOMP 1\.2/);
  expect(env.broker.connects[0].Authorization).toBe(`Bearer ${TOKEN}`);
  await subscribe(page, env, '/topic/devices/dev-001/points/temp');
  env.broker.publish('/topic/devices/dev-001/points/temp', SAMPLE);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first().locator('.dest')).toHaveText('/topic/devices/dev-001/points/temp');
  await page.getByRole('button', {name: '断开', exact: true}).click();
  await expect(status(page)).toHaveText('已断开（正常关闭）');
  expect(log.errors).toEqual([]);
});

test('WebSocket mode with an http:// address uses the raw SockJS endpoint /ws/websocket', async ({page, servers}) => {
  const env = await servers();
  await connect(page, {address: env.sockjsBase, mode: 'WebSocket'});
  await expect(status(page)).toHaveText(/^已连接（STOMP 1\.2/);
  expect(env.sockjsConnections).toEqual([{protocol: 'websocket-raw', url: '/ws/websocket'}]);
  await subscribe(page, env, REALTIME);
  env.broker.publish(REALTIME, SAMPLE);
  await expect(messages(page)).toHaveCount(1);
});

test('heart-beats flow both ways; a silent server is detected', async ({page, servers}) => {
  const env = await servers({heartBeat: [300, 300]});
  await connect(page, {address: env.sockjsBase, heartbeat: '200,200'});
  await expect(status(page)).toHaveText('已连接（STOMP 1.2，心跳 发送 300 ms，接收 300 ms，服务器 Janus/2.4.0）');
  const [session] = env.broker.sessions;
  await expect.poll(() => session.heartbeatsReceived, {timeout: 5000}).toBeGreaterThanOrEqual(3);
  await expect.poll(() => session.heartbeatsSent, {timeout: 5000}).toBeGreaterThanOrEqual(3);
  await expect(status(page)).toHaveAttribute('data-state', 'connected');

  env.broker.heartbeatsPaused = true;
  await expect(connError(page)).toContainText('心跳超时', {timeout: 5000});
  await expect(status(page)).toHaveText('已断开');
});

test('an unexpected close after connecting is reported', async ({page, servers}) => {
  const env = await servers();
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toContainText('已连接');
  await subscribe(page, env, REALTIME);
  env.broker.dropAll(1011, 'server restarting');
  await expect(connError(page)).toContainText('连接意外断开（关闭代码 1011：server restarting）');
  await expect(page.getByRole('list', {name: '当前订阅'}).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByLabel('订阅目的地')).toBeDisabled();
});

test('the message log keeps the last 500 entries, batched frames included', async ({page, servers}) => {
  const env = await servers();
  await connect(page, {address: env.sockjsBase});
  await expect(status(page)).toContainText('已连接');
  await subscribe(page, env, REALTIME);
  const body = (i: number) => JSON.stringify({deviceId: 'dev-001', ts: 1735689600000 + i, values: {temp: i}});
  for (let start = 0; start < 510; start += 51) {
    env.broker.publishBatch(
      REALTIME,
      Array.from({length: 51}, (_, k) => body(start + k)),
    );
  }
  await expect(messages(page).last().locator('pre')).toContainText('"temp": 509');
  await expect(messages(page)).toHaveCount(500);
  await expect(messages(page).first().locator('pre')).toContainText('"temp": 10');
  await expect(page.getByText('500 条（最多保留 500 条）')).toBeVisible();
  // The log follows new messages while the reader is at the bottom, and stays where the reader scrolled to otherwise.
  const list = page.getByRole('list', {name: '消息', exact: true});
  const gap = () => list.evaluate((l) => l.scrollHeight - l.scrollTop - l.clientHeight);
  await expect.poll(gap).toBeLessThan(24);
  await list.evaluate((l) => (l.scrollTop = 0));
  await expect.poll(() => list.evaluate((l) => l.scrollTop)).toBe(0);
  env.broker.publishBatch(REALTIME, [body(510)]);
  await expect(messages(page).last().locator('pre')).toContainText('"temp": 510');
  expect(await list.evaluate((l) => l.scrollTop)).toBe(0);
  await list.evaluate((l) => (l.scrollTop = l.scrollHeight));
  env.broker.publishBatch(REALTIME, [body(511)]);
  await expect(messages(page).last().locator('pre')).toContainText('"temp": 511');
  await expect.poll(gap).toBeLessThan(24);
});

test('frame codec: header escaping, content-length in bytes, NUL terminator, split input, heart-beats', async ({page}) => {
  const result = await page.evaluate(() => {
    type Parsed = {command: string; headers: Record<string, string>; body: string};
    const api = (
      window as unknown as {
        JanusStompTester: {
          version: string;
          encodeFrame: (c: string, h: Array<[string, string]>, b?: string) => string;
          FrameParser: new (onFrame: (f: Parsed) => void, onHb: () => void) => {push: (chunk: string | ArrayBuffer) => void};
        };
      }
    ).JanusStompTester;
    const send = api.encodeFrame(
      'SEND',
      [
        ['destination', '/a'],
        ['x', 'a:b\nc\\d\re'],
      ],
      '温度',
    );
    const connect = api.encodeFrame('CONNECT', [['Authorization', 'Bearer a:b']]);
    const frames: Parsed[] = [];
    let beats = 0;
    const parser = new api.FrameParser(
      (f) => frames.push({command: f.command, headers: f.headers, body: f.body}),
      () => beats++,
    );
    const wire =
      '\n\r\nMESSAGE\r\nx:a\\cb\\nc\\\\d\r\nx:second\ncontent-length:6\n\nab\u0000温\u0000\nCONNECTED\nserver:a:b\n\n\u0000';
    for (const ch of wire) parser.push(ch); // one character at a time
    const bytes = new TextEncoder().encode('RECEIPT\nreceipt-id:r-1\n\n\u0000');
    parser.push(bytes.buffer.slice(0, 5));
    parser.push(bytes.buffer.slice(5));
    return {version: api.version, send, connect, frames, beats};
  });
  expect(result.version).toBe('1.0.1');
  expect(result.send).toBe('SEND\ndestination:/a\nx:a\\cb\\nc\\\\d\\re\ncontent-length:6\n\n温度\u0000');
  expect(result.connect).toBe('CONNECT\nAuthorization:Bearer a:b\n\n\u0000');
  expect(result.beats).toBe(3);
  expect(result.frames).toEqual([
    {command: 'MESSAGE', headers: {x: 'a:b\nc\\d', 'content-length': '6'}, body: 'ab\u0000温'},
    {command: 'CONNECTED', headers: {server: 'a:b'}, body: ''},
    {command: 'RECEIPT', headers: {'receipt-id': 'r-1'}, body: ''},
  ]);
});

test('the file stays small, readable and self-contained', async () => {
  const html = fs.readFileSync(TESTER_PATH, 'utf8');
  expect(Buffer.byteLength(html)).toBeLessThan(40 * 1024);
  expect(html).toContain('<title>Janus STOMP 测试工具 1.0.1</title>');
  // No external scripts, styles, images or fetches: every src/href is inline data or a fragment.
  expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["'](?!data:|#)|@import|url\(|fetch\(|XMLHttpRequest|EventSource/);
  expect(html.split('\n').length).toBeGreaterThan(300); // not minified
});

test('the site serves the tester at /downloads/ as HTML', async ({request}) => {
  test.skip(!!process.env.STOMP_NO_SITE, 'needs the built site served by nginx (npm test)');
  const res = await request.get(`/downloads/${FILE}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/html/);
  expect(await res.text()).toBe(fs.readFileSync(TESTER_PATH, 'utf8'));
});
