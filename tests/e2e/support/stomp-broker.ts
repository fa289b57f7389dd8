/**
 * A minimal STOMP 1.2 broker for the tests of the Janus STOMP tester (static/downloads/janus-stomp-tester-*.html).
 *
 * It speaks just enough of the protocol to stand in for Janus: CONNECT → CONNECTED (version 1.2, heart-beat negotiation,
 * `Authorization: Bearer {token}` checked, a wrong token answered with an ERROR frame and a close), SUBSCRIBE / UNSUBSCRIBE,
 * SEND (recorded and routed to the subscribers of its destination), RECEIPT for any frame with a `receipt` header,
 * DISCONNECT, heart-beats both ways. The transport is pluggable: `attach()` takes anything that can send a text message
 * and close, so the same broker serves SockJS connections (sockjs package) and plain WebSocket connections (ws package).
 *
 * Its frame codec is written independently of the tester's, on bytes (content-length counts UTF-8 bytes).
 */

export type Headers = Record<string, string>;

export interface Frame {
  command: string;
  headers: Headers;
  body: string;
}

export interface ReceivedSend {
  session: number;
  destination: string;
  headers: Headers;
  body: string;
}

/** What the broker needs from a connection: send one text message, close. */
export interface BrokerTransport {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export interface BrokerOptions {
  /** The token accepted in `Authorization: Bearer {token}`. */
  token?: string;
  /** The broker's own heart-beat (sx, sy) sent in CONNECTED. */
  heartBeat?: [number, number];
  /** The `server` header of CONNECTED. */
  server?: string;
}

const LF = 0x0a;
const CR = 0x0d;

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

function unescapeValue(value: string): string {
  return value.replace(/\\([rnc\\])/g, (_, c: string) => ({r: '\r', n: '\n', c: ':', '\\': '\\'})[c]!);
}

/** Encode a frame; CONNECTED is sent unescaped (STOMP 1.2), everything else escaped, content-length when there is a body. */
export function encodeFrame(command: string, headers: Array<[string, string]>, body = ''): string {
  const raw = command === 'CONNECTED';
  const lines = [command, ...headers.map(([k, v]) => (raw ? `${k}:${v}` : `${escapeValue(k)}:${escapeValue(v)}`))];
  if (body) lines.push(`content-length:${Buffer.byteLength(body, 'utf8')}`);
  return `${lines.join('\n')}\n\n${body}\0`;
}

/** Incremental decoder: push text chunks in any split, get frames and heart-beats out. */
export class FrameDecoder {
  private buf = Buffer.alloc(0);

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly onHeartbeat: () => void,
  ) {}

  push(chunk: string | Buffer): void {
    this.buf = Buffer.concat([this.buf, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk]);
    for (;;) {
      while (this.buf.length > 0 && (this.buf[0] === LF || (this.buf[0] === CR && this.buf[1] === LF))) {
        this.buf = this.buf.subarray(this.buf[0] === CR ? 2 : 1);
        this.onHeartbeat();
      }
      const headEnd = this.findHeadEnd();
      if (!headEnd) return;
      const lines = this.buf
        .subarray(0, headEnd.head)
        .toString('utf8')
        .split('\n')
        .map((l) => l.replace(/\r$/, ''));
      const command = lines[0];
      const raw = command === 'CONNECT' || command === 'STOMP';
      const headers: Headers = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        if (i < 0) throw new Error(`bad header line ${JSON.stringify(line)}`);
        const k = raw ? line.slice(0, i) : unescapeValue(line.slice(0, i));
        const v = raw ? line.slice(i + 1) : unescapeValue(line.slice(i + 1));
        if (!(k in headers)) headers[k] = v;
      }
      let end: number;
      if (headers['content-length'] !== undefined) {
        end = headEnd.body + Number(headers['content-length']);
        if (this.buf.length <= end) return;
        if (this.buf[end] !== 0) throw new Error('no NUL after content-length bytes');
      } else {
        end = this.buf.indexOf(0, headEnd.body);
        if (end < 0) return;
      }
      const body = this.buf.subarray(headEnd.body, end).toString('utf8');
      this.buf = this.buf.subarray(end + 1);
      this.onFrame({command, headers, body});
    }
  }

  /** Offsets of the end of the header block and of the start of the body, or null when incomplete. */
  private findHeadEnd(): {head: number; body: number} | null {
    let lineStart = 0;
    for (let i = 0; i < this.buf.length; i++) {
      if (this.buf[i] !== LF) continue;
      const lineEnd = i > lineStart && this.buf[i - 1] === CR ? i - 1 : i;
      if (lineEnd === lineStart && lineStart > 0) return {head: lineStart - 1, body: i + 1};
      lineStart = i + 1;
    }
    return null;
  }
}

export class BrokerSession {
  readonly id: number;
  connected = false;
  /** Heart-beats (EOLs) received from the client. */
  heartbeatsReceived = 0;
  /** Heart-beats sent to the client. */
  heartbeatsSent = 0;
  readonly frames: Frame[] = [];
  readonly subscriptions = new Map<string, string>(); // id → destination
  closed = false;
  private readonly decoder: FrameDecoder;
  private readonly timers: NodeJS.Timeout[] = [];
  private lastReceived = Date.now();

  constructor(
    private readonly broker: StompBroker,
    private readonly transport: BrokerTransport,
    id: number,
  ) {
    this.id = id;
    this.decoder = new FrameDecoder(
      (f) => this.onFrame(f),
      () => this.heartbeatsReceived++,
    );
  }

  receive(chunk: string | Buffer): void {
    if (this.closed) return;
    this.lastReceived = Date.now();
    try {
      this.decoder.push(chunk);
    } catch (err) {
      this.error(`1001 invalid parameter: ${(err as Error).message}`);
    }
  }

  send(text: string): void {
    if (!this.closed) this.transport.send(text);
  }

  sendFrame(command: string, headers: Array<[string, string]>, body = ''): void {
    this.send(encodeFrame(command, headers, body));
  }

  /** Send an ERROR frame, then close the connection (as Janus does). */
  error(message: string, body = ''): void {
    this.sendFrame(
      'ERROR',
      [
        ['content-type', 'text/plain'],
        ['message', message],
      ],
      body,
    );
    setTimeout(() => this.close(), 20);
  }

  close(code?: number, reason?: string): void {
    if (this.closed) return;
    this.transport.close(code, reason);
    this.ended();
  }

  /** The transport is gone (closed by either side). */
  ended(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.broker.sessions.delete(this);
  }

  private onFrame(frame: Frame): void {
    this.frames.push(frame);
    this.broker.received.push(frame);
    const receipt = frame.headers.receipt;
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        this.broker.connects.push(frame.headers);
        return this.onConnect(frame);
      case 'SUBSCRIBE':
        if (!frame.headers.id || !frame.headers.destination)
          return this.error('1001 invalid parameter: id and destination required');
        this.subscriptions.set(frame.headers.id, frame.headers.destination);
        break;
      case 'UNSUBSCRIBE':
        this.subscriptions.delete(frame.headers.id);
        break;
      case 'SEND': {
        const send = {session: this.id, destination: frame.headers.destination, headers: frame.headers, body: frame.body};
        this.broker.sends.push(send);
        const extra = Object.entries(frame.headers).filter(([k]) => !['destination', 'content-length', 'receipt'].includes(k));
        this.broker.publish(send.destination, send.body, extra);
        break;
      }
      case 'DISCONNECT':
        if (receipt) this.sendFrame('RECEIPT', [['receipt-id', receipt]]);
        setTimeout(() => this.close(), 20);
        return;
      default:
        return this.error(`1001 invalid parameter: unsupported command ${frame.command}`);
    }
    if (receipt) this.sendFrame('RECEIPT', [['receipt-id', receipt]]);
  }

  private onConnect(frame: Frame): void {
    if (!(frame.headers['accept-version'] ?? '1.0').split(',').includes('1.2')) {
      return this.error('1001 invalid parameter: only STOMP 1.2 is supported');
    }
    if (frame.headers.Authorization !== `Bearer ${this.broker.options.token}`) {
      return this.error('1002 token missing or expired', 'The token in the Authorization header is missing, invalid or expired.');
    }
    const [sx, sy] = this.broker.options.heartBeat ?? [10000, 10000];
    const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((n) => Number(n) || 0);
    this.connected = true;
    this.sendFrame('CONNECTED', [
      ['version', '1.2'],
      ['heart-beat', `${sx},${sy}`],
      ['server', this.broker.options.server ?? 'Janus/2.4.0'],
    ]);
    // Broker → client every max(sx, cy); expect the client every max(cx, sy), closing after three missed intervals.
    const outgoing = sx && cy ? Math.max(sx, cy) : 0;
    const incoming = cx && sy ? Math.max(cx, sy) : 0;
    if (outgoing) {
      this.timers.push(
        setInterval(() => {
          if (this.broker.heartbeatsPaused) return;
          this.heartbeatsSent++;
          this.send('\n');
        }, outgoing),
      );
    }
    if (incoming) {
      this.timers.push(
        setInterval(() => {
          if (Date.now() - this.lastReceived > incoming * 3) this.close();
        }, incoming),
      );
    }
  }
}

export class StompBroker {
  readonly options: BrokerOptions;
  readonly sessions = new Set<BrokerSession>();
  /** Headers of every CONNECT frame received. */
  readonly connects: Headers[] = [];
  /** Every frame received, from all sessions, in order. */
  readonly received: Frame[] = [];
  /** Every SEND frame received. */
  readonly sends: ReceivedSend[] = [];
  /** While true, sessions send no heart-beats (to test the client's timeout). */
  heartbeatsPaused = false;
  private nextSession = 0;
  private messageSeq = 0;

  constructor(options: BrokerOptions = {}) {
    this.options = {token: 'jt_test_token', ...options};
  }

  /** Start a session on a new connection; feed it with the returned function, call `ended` when the transport closes. */
  attach(transport: BrokerTransport): BrokerSession {
    const session = new BrokerSession(this, transport, this.nextSession++);
    this.sessions.add(session);
    return session;
  }

  /** All active subscriptions, as destination strings. */
  subscribedDestinations(): string[] {
    return [...this.sessions].flatMap((s) => [...s.subscriptions.values()]);
  }

  /**
   * Send a MESSAGE to every subscription of `destination`. With `fragment`, each frame is split into three transport
   * messages (the client must reassemble it). Returns the number of subscriptions reached.
   */
  publish(
    destination: string,
    body: string,
    extraHeaders: Array<[string, string]> = [],
    opts: {fragment?: boolean} = {},
  ): number {
    let n = 0;
    for (const session of this.sessions) {
      if (!session.connected) continue;
      for (const [id, dest] of session.subscriptions) {
        if (dest !== destination) continue;
        const frame = encodeFrame(
          'MESSAGE',
          [
            ['destination', destination],
            ['subscription', id],
            ['message-id', `msg-${this.messageSeq++}`],
            ['content-type', 'application/json;charset=UTF-8'],
            ...extraHeaders.filter(([k]) => k !== 'content-type' && k !== 'subscription' && k !== 'message-id'),
          ],
          body,
        );
        if (opts.fragment) {
          const a = Math.floor(frame.length / 3);
          session.send(frame.slice(0, a));
          session.send(frame.slice(a, 2 * a));
          session.send(frame.slice(2 * a));
        } else {
          session.send(frame);
        }
        n++;
      }
    }
    return n;
  }

  /** Send several MESSAGE frames to `destination` in one transport message per session. */
  publishBatch(destination: string, bodies: string[]): void {
    for (const session of this.sessions) {
      for (const [id, dest] of session.subscriptions) {
        if (dest !== destination) continue;
        const frames = bodies.map((body) =>
          encodeFrame(
            'MESSAGE',
            [
              ['destination', destination],
              ['subscription', id],
              ['message-id', `msg-${this.messageSeq++}`],
              ['content-type', 'application/json;charset=UTF-8'],
            ],
            body,
          ),
        );
        session.send(frames.join(''));
      }
    }
  }

  /** Forget every session and stop its timers, sending nothing (test teardown; the sockets are destroyed separately). */
  shutdown(): void {
    for (const s of [...this.sessions]) s.ended();
  }

  /** Drop every connection without a STOMP goodbye (as a crashed or restarted server would). */
  dropAll(code = 1011, reason = 'server restarting'): void {
    for (const s of [...this.sessions]) s.close(code, reason);
  }
}
