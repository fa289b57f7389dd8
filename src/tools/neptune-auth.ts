// Neptune's two credentials, computed with the browser's Web Crypto (also Node 20's, for the unit tests): the MQTT
// connect parameters of 一机一密 (neptune/api/mqtt/connect) and the REST request signature (neptune/api/authentication).
// Every intermediate string is returned, so that a reader can find the step where their own code differs.

const utf8 = new TextEncoder();

/** Web Crypto, or null where the browser withholds it (a page served over plain HTTP from another host). */
export const subtle = (): SubtleCrypto | null =>
  typeof globalThis.crypto !== 'undefined' && globalThis.crypto.subtle ? globalThis.crypto.subtle : null;

const need = (): SubtleCrypto => {
  const s = subtle();
  if (!s) throw new Error('Web Crypto is unavailable: open the page over HTTPS or from localhost');
  return s;
};

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf)));

export async function sha256Hex(text: string): Promise<string> {
  return hex(await need().digest('SHA-256', utf8.encode(text)));
}

async function hmacSha256(key: string, message: string): Promise<ArrayBuffer> {
  const k = await need().importKey('raw', utf8.encode(key), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  return need().sign('HMAC', k, utf8.encode(message));
}

// ---- MQTT -------------------------------------------------------------------------------------------------------

export type MqttInput = {productKey: string; deviceName: string; deviceSecret: string; timestamp: string};
export type MqttResult = {clientId: string; username: string; content: string; password: string};

export async function mqttConnectParams({productKey, deviceName, deviceSecret, timestamp}: MqttInput): Promise<MqttResult> {
  const content = `deviceName=${deviceName}&productKey=${productKey}&timestamp=${timestamp}`;
  return {
    clientId: `${productKey}.${deviceName}`,
    username: `${deviceName}&${productKey}&${timestamp}`,
    content,
    password: hex(await hmacSha256(deviceSecret, content)),
  };
}

// ---- REST signature ---------------------------------------------------------------------------------------------

/** RFC 3986: every byte outside A–Z a–z 0–9 - _ . ~ as %XY (upper case); a space is %20. */
export const percentEncode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query string as the reader typed it (or as sent: already encoded parts are decoded first) → its parameters. */
export function parseQuery(raw: string): [string, string][] {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return raw
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [decode(p), ''] : [decode(p.slice(0, i)), decode(p.slice(i + 1))];
    });
}

/** Names and values encoded, sorted by name then value (byte order: the encoded strings are ASCII), joined by &. */
export function canonicalQuery(params: [string, string][]): string {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return params
    .map(([n, v]) => [percentEncode(n), percentEncode(v)] as const)
    .sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

export type SignInput = {
  method: string;
  path: string;
  query: string;
  body: string;
  timestamp: string;
  nonce: string;
  accessKeySecret: string;
};
export type SignResult = {canonicalQuery: string; bodyHash: string; stringToSign: string; hmacHex: string; signature: string};

export async function signRequest(input: SignInput): Promise<SignResult> {
  const cq = canonicalQuery(parseQuery(input.query));
  const bodyHash = await sha256Hex(input.body);
  const stringToSign = [input.method.toUpperCase(), input.path, cq, input.timestamp, input.nonce, bodyHash].join('\n');
  const mac = await hmacSha256(input.accessKeySecret, stringToSign);
  return {canonicalQuery: cq, bodyHash, stringToSign, hmacHex: hex(mac), signature: base64(mac)};
}

/** A fresh nonce: 16 random bytes as 32 hex characters, as the authentication page recommends. */
export const newNonce = (): string => hex(globalThis.crypto.getRandomValues(new Uint8Array(16)).buffer);

/** The request as a curl command, with the four signature headers (single quotes in values escaped for sh). */
export function curlCommand(
  o: {
    method: string;
    host: string;
    path: string;
    query: string;
    body: string;
    accessKeyId: string;
    timestamp: string;
    nonce: string;
  },
  signature: string,
): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const url = `https://${o.host}${o.path}${o.query ? `?${o.query.replace(/^\?/, '')}` : ''}`;
  const lines = [
    `curl -X ${o.method.toUpperCase()} ${q(url)}`,
    ...(o.body ? [`-H 'Content-Type: application/json; charset=utf-8'`] : []),
    `-H ${q(`X-Nep-AccessKey: ${o.accessKeyId}`)}`,
    `-H ${q(`X-Nep-Timestamp: ${o.timestamp}`)}`,
    `-H ${q(`X-Nep-Nonce: ${o.nonce}`)}`,
    `-H ${q(`X-Nep-Signature: ${signature}`)}`,
    ...(o.body ? [`--data-raw ${q(o.body)}`] : []),
  ];
  return lines.join(' \\\n  ');
}
