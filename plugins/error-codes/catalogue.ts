// The error-code catalogue (docs-guide/error-codes.yaml): the one source of every interface's codes. Read by the remark
// plugin that renders the error-code pages' tables, by the Markdown export and by the facts gate (scripts/check-facts.ts).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {ROOT} from '../lib/paths';

export const CATALOGUE_FILE = path.join(ROOT, 'docs-guide/error-codes.yaml');

export type ErrorCode = {
  code: number | string;
  /** HTTP status; with `where: results` the status of the whole response (the code is per item). */
  status?: number;
  /** `results`: only in a result list's `results[].code`; `stomp`: only in STOMP ERROR frames (no HTTP status). */
  where?: 'results' | 'stomp';
  /** The English phrase `msg` / `message` starts with. */
  msg?: string;
  name?: string;
  cause: string;
  action?: string;
  retry?: string;
  example?: string;
  by?: string;
  /** Phrases that name this code's cause: the gate reports a code cited next to another code's phrase. */
  says?: string[];
};
export type ErrorInterface = {
  title: string;
  /** The page (doc id) whose table is rendered from this interface. */
  page: string;
  openapi?: string;
  asyncapi?: string;
  /** Another interface whose codes below 4000 and 5000 this one shares with the same cause. */
  shares?: string;
  /** Column key → header text, in table order. */
  columns: Record<string, string>;
  codes: ErrorCode[];
  connack?: {v311: number; v5: string; cause: string}[];
  disconnect?: {code: string; name: string; cause: string}[];
};
export type Catalogue = Record<string, ErrorInterface>;

const cache = new Map<string, {mtime: number; value: Catalogue}>();

/** The catalogue; a YAML error or a malformed entry throws with the file and line named. */
export function loadCatalogue(file = CATALOGUE_FILE): Catalogue {
  const mtime = fs.statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.value;
  const rel = path.relative(ROOT, file);
  const doc = YAML.parseDocument(fs.readFileSync(file, 'utf8'), {prettyErrors: true});
  if (doc.errors.length) {
    const e = doc.errors[0];
    throw new Error(`${rel}:${e.linePos?.[0].line ?? 1}: ${e.message}`);
  }
  const value = (doc.toJS() as {interfaces?: Catalogue}).interfaces;
  if (!value || typeof value !== 'object') throw new Error(`${rel}:1: expected a top-level \`interfaces:\` map`);
  for (const [api, def] of Object.entries(value)) {
    if (!def.page || !def.columns || !Array.isArray(def.codes))
      throw new Error(`${rel}: interface "${api}" needs page, columns and codes`);
    const seen = new Set<string>();
    for (const c of def.codes) {
      if (c.code === undefined || !c.cause) throw new Error(`${rel}: an entry of "${api}" lacks code or cause`);
      if (seen.has(String(c.code))) throw new Error(`${rel}: "${api}" lists code ${c.code} twice`);
      seen.add(String(c.code));
    }
  }
  cache.set(file, {mtime, value});
  return value;
}

/** One interface's code entry, or undefined. */
export function findCode(cat: Catalogue, api: string, code: number | string): ErrorCode | undefined {
  return cat[api]?.codes.find((c) => String(c.code) === String(code));
}

const cell = (s: unknown) =>
  String(s ?? '—')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

function statusText(c: ErrorCode): string {
  if (c.where === 'stomp') return '—（仅 STOMP）';
  if (c.where === 'results') return `${c.status ?? 200}（在 \`results[].code\` 中）`;
  return c.status === undefined ? '—' : String(c.status);
}

function columnValue(c: ErrorCode, key: string): string {
  switch (key) {
    case 'status':
      return statusText(c);
    case 'msg':
      return c.msg ? `\`${c.msg}\`` : '—';
    default:
      return cell((c as Record<string, unknown>)[key] ?? '—');
  }
}

/**
 * An interface's table as Markdown (GFM). `list` picks the main codes (default), `connack` or `disconnect`.
 * Throws naming the interface when it or the list does not exist.
 */
export function errorTableMarkdown(cat: Catalogue, api: string, list = 'codes'): string {
  const def = cat[api];
  if (!def) throw new Error(`no interface "${api}" in docs-guide/error-codes.yaml (known: ${Object.keys(cat).join(', ')})`);
  const rows: string[][] = [];
  let header: string[];
  if (list === 'codes') {
    const keys = Object.keys(def.columns);
    header = keys.map((k) => def.columns[k]);
    for (const c of def.codes) rows.push(keys.map((k) => (k === 'code' ? String(c.code) : columnValue(c, k))));
  } else if (list === 'connack' && def.connack) {
    header = ['MQTT 3.1.1', 'MQTT 5.0', '含义'];
    for (const c of def.connack) rows.push([String(c.v311), c.v5, cell(c.cause)]);
  } else if (list === 'disconnect' && def.disconnect) {
    header = ['原因码', '含义', '触发条件'];
    for (const c of def.disconnect) rows.push([c.code, cell(c.name), cell(c.cause)]);
  } else {
    throw new Error(`interface "${api}" has no list "${list}" in docs-guide/error-codes.yaml`);
  }
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );
}

/** The attributes of an `<ErrorCodes api="…" list="…" />` line, or null when the line is not one. */
export function parseErrorCodesTag(line: string): {api: string; list: string} | null {
  const m = /^\s*<ErrorCodes\b([^>]*)\/>\s*$/.exec(line);
  if (!m) return null;
  const api = /\bapi="([^"]+)"/.exec(m[1])?.[1] ?? '';
  const list = /\blist="([^"]+)"/.exec(m[1])?.[1] ?? 'codes';
  return {api, list};
}
