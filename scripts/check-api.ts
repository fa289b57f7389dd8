// Agreement gate between the API descriptions (openapi/*.yaml, asyncapi/*.yaml) and the API reference pages.
//   - every example in the documents validates against its schema (ajv), and the AsyncAPI document passes @asyncapi/parser;
//   - each REST page names its operation(s) in front matter (`api: neptune#getDevice`), and every operation has one page;
//   - the page's method and path, its path/query/header/body parameter tables (names, types, required) and its error-code
//     table (codes, HTTP status) are those of the operation;
//   - the page's JSON examples parse, validate against the operation's schemas and equal one of the document's examples.
// (`redocly lint` checks the OpenAPI documents themselves: the `lint:openapi` script.)
// Usage: tsx scripts/check-api.ts [--docs DIR] ; exits 1 with file:line messages.
import fs from 'node:fs';
import path from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import {ROOT, repoPath} from '../plugins/lib/paths';
import {listDocs, parseDoc} from '../plugins/lib/docs-source';
import {parseCli} from './lib/args';
import {isSeparatorRow, tableCells} from './lib/markdown';

export const API_DOCS: Record<string, string> = {
  neptune: 'openapi/neptune.yaml',
  janus: 'openapi/janus.yaml',
};
export const ASYNC_DOCS = ['asyncapi/neptune-mqtt.yaml'];

type Problem = {file: string; line: number; msg: string};
type Json = Record<string, unknown>;
type Op = {
  api: string;
  id: string;
  method: string;
  path: string; // with the server's base path
  op: Json;
  pointer: string; // JSON pointer of the operation in its document
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function loadYaml(rel: string): Json {
  const file = path.join(ROOT, rel);
  const doc = YAML.parseDocument(fs.readFileSync(file, 'utf8'), {prettyErrors: true});
  if (doc.errors.length) throw new Error(`${rel}:${doc.errors[0].linePos?.[0].line ?? 1}: ${doc.errors[0].message}`);
  return doc.toJS() as Json;
}

/** Resolve a local `$ref` chain. */
function deref(doc: Json, node: unknown): Json {
  let cur = node as Json;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 20; i++) {
    const ptr = (cur.$ref as string).replace(/^#\//, '').split('/');
    cur = ptr.reduce<unknown>((o, k) => (o as Json)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
  }
  return cur ?? {};
}

/** The type word of a schema: string, integer, number, boolean, object, array. */
function schemaType(doc: Json, s: unknown): string | undefined {
  const r = deref(doc, s);
  let t = r.type as string | string[] | undefined;
  if (Array.isArray(t)) t = t.find((x) => x !== 'null');
  if (!t && Array.isArray(r.enum)) t = typeof r.enum[0] === 'number' ? 'number' : 'string';
  if (!t && (r.oneOf || r.anyOf)) {
    const alts = ((r.oneOf || r.anyOf) as unknown[]).map((a) => schemaType(doc, a)).filter((x) => x && x !== 'null');
    if (new Set(alts).size === 1) t = alts[0];
  }
  return t;
}

/** A page's type word, normalised; undefined when the checker does not understand it. */
export function pageType(word: string): string | undefined {
  const w = word.replace(/`/g, '').trim().toLowerCase();
  if (/^(array|list)\b|\[\]$|^array of|^array<|^数组/.test(w)) return 'array';
  if (/^(int|integer|int32|int64|long|uint32|uint16|int16)$/.test(w)) return 'integer';
  if (/^(number|float|double)$/.test(w)) return 'number';
  if (/^(bool|boolean)$/.test(w)) return 'boolean';
  if (/^(object|map)$/.test(w)) return 'object';
  if (/^(string|file|binary)$/.test(w)) return 'string';
  return undefined;
}
const typeMatches = (page: string | undefined, spec: string | undefined) =>
  !page || !spec || page === spec || (page === 'number' && spec === 'integer') || (page === 'integer' && spec === 'number');

export class ApiChecker {
  problems: Problem[] = [];
  ops = new Map<string, Op>();
  private ajv = new Ajv2020({allErrors: true, strict: false});
  private docs: Record<string, Json> = {};
  private seen = new Map<string, string>();

  constructor(specs: Record<string, string> = API_DOCS) {
    addFormats(this.ajv);
    for (const [api, rel] of Object.entries(specs)) {
      if (!fs.existsSync(path.join(ROOT, rel))) {
        this.add(rel, 1, 'API description is missing');
        continue;
      }
      const doc = loadYaml(rel);
      this.docs[api] = doc;
      this.ajv.addSchema(doc as object, api);
      const server = (((doc.servers as Json[]) ?? [])[0]?.url as string) ?? '';
      const base = server.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/$/, '');
      for (const [p, item] of Object.entries((doc.paths as Json) ?? {})) {
        for (const m of HTTP_METHODS) {
          const op = (item as Json)[m] as Json | undefined;
          if (!op) continue;
          const id = op.operationId as string;
          if (!id) {
            this.add(rel, 1, `${m.toUpperCase()} ${p} has no operationId`);
            continue;
          }
          this.ops.set(`${api}#${id}`, {
            api,
            id,
            method: m.toUpperCase(),
            path: base + p,
            op: {
              ...op,
              parameters: [...(((item as Json).parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])],
            },
            pointer: `/paths/${esc(p)}/${m}`,
          });
        }
      }
      this.checkDocExamples(api, rel);
    }
  }

  private add(file: string, line: number, msg: string) {
    this.problems.push({file, line, msg});
  }

  private validator(api: string, pointer: string) {
    return this.ajv.compile({$ref: `${api}#${pointer}`});
  }

  private err(v: {errors?: unknown}) {
    return this.ajv.errorsText(v.errors as never, {dataVar: 'example'});
  }

  /** Every example in an OpenAPI document validates against its schema. */
  private checkDocExamples(api: string, rel: string) {
    for (const op of this.ops.values()) {
      if (op.api !== api) continue;
      const where = `${rel}: ${op.id}`;
      const media = (ptr: string, content: Json | undefined) => {
        for (const [type, mt] of Object.entries(content ?? {})) {
          const m = mt as Json;
          if (!m.schema) continue;
          const v = this.validator(api, `${ptr}/content/${esc(type)}/schema`);
          const examples = Object.entries((m.examples as Json) ?? {}).map(([k, e]) => [k, deref(this.docs[api], e).value]);
          if ('example' in m) examples.push(['example', m.example]);
          for (const [k, value] of examples)
            if (!type.includes('json') ? false : !v(value))
              this.add(rel, 1, `${where} example "${k}" (${type}) does not match its schema: ${this.err(v)}`);
        }
      };
      const body = deref(this.docs[api], op.op.requestBody);
      if (op.op.requestBody) {
        const ptr = (op.op.requestBody as Json).$ref
          ? ((op.op.requestBody as Json).$ref as string).slice(1)
          : `${op.pointer}/requestBody`;
        media(ptr, body.content as Json);
      }
      for (const [status, r] of Object.entries((op.op.responses as Json) ?? {})) {
        const ptr = (r as Json).$ref ? ((r as Json).$ref as string).slice(1) : `${op.pointer}/responses/${status}`;
        media(ptr, deref(this.docs[api], r).content as Json);
      }
      const codes = (op.op['x-error-codes'] as {code: number; status: number}[] | undefined) ?? [];
      for (const c of codes)
        if (!(op.op.responses as Json)?.[String(c.status)])
          this.add(rel, 1, `${where}: error code ${c.code} maps to HTTP ${c.status}, which has no response`);
    }
  }

  /** The examples of an operation's responses (and request body) as plain values. */
  private examplesOf(op: Op, kind: 'request' | 'response'): unknown[] {
    const doc = this.docs[op.api];
    const out: unknown[] = [];
    const collect = (content: unknown) => {
      for (const mt of Object.values((content as Json) ?? {})) {
        for (const e of Object.values(((mt as Json).examples as Json) ?? {})) out.push(deref(doc, e).value);
        if ('example' in (mt as Json)) out.push((mt as Json).example);
      }
    };
    if (kind === 'request') collect(deref(doc, op.op.requestBody).content);
    else for (const r of Object.values((op.op.responses as Json) ?? {})) collect(deref(doc, r).content);
    return out;
  }

  private responsePointer(op: Op, status: string): string | undefined {
    const r = (op.op.responses as Json)?.[status] as Json | undefined;
    if (!r) return undefined;
    const base = r.$ref ? (r.$ref as string).slice(1) : `${op.pointer}/responses/${status}`;
    const content = deref(this.docs[op.api], r).content as Json | undefined;
    const type = Object.keys(content ?? {}).find((t) => t.includes('json'));
    return type ? `${base}/content/${esc(type)}/schema` : undefined;
  }

  checkPage(rel: string, data: Json, body: string, bodyLine: number) {
    const lines = body.split('\n');
    const sections = splitSections(lines, bodyLine);
    const endpoint = sections.find((s) => s.title.includes('请求方法与路径'));
    const endpointLines = endpoint?.fences.filter((f) => f.lang === 'http').flatMap((f) => f.lines) ?? [];
    const restLines = endpointLines.filter((l) => /^\s*(GET|HEAD|POST|PUT|PATCH|DELETE)\s+\S/.test(l.text));
    const refs = ([] as unknown[]).concat(data.api ?? []).map(String);
    if (!refs.length) {
      if (restLines.length)
        this.add(rel, restLines[0].line, 'REST operation page without `api:` in its front matter (api: neptune#<operationId>)');
      return;
    }
    const ops: Op[] = [];
    for (const ref of refs) {
      const op = this.ops.get(ref);
      if (!op) {
        this.add(rel, 1, `api: ${ref} names no operation in ${API_DOCS[ref.split('#')[0]] ?? 'a known API description'}`);
        continue;
      }
      if (this.seen.has(ref)) this.add(rel, 1, `api: ${ref} is documented by ${this.seen.get(ref)} already`);
      this.seen.set(ref, rel);
      ops.push(op);
    }
    if (!ops.length) return;

    // Method and path.
    const want = new Set(ops.map((o) => `${o.method} ${o.path}`));
    const got = new Set<string>();
    for (const l of restLines) {
      const [, method, url] = /^\s*(\w+)\s+(\S+)/.exec(l.text)!;
      const p = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\?.*$/, '');
      got.add(`${method} ${p}`);
      if (!want.has(`${method} ${p}`))
        this.add(rel, l.line, `${method} ${p} is not the operation's method and path (${[...want].join(', ')})`);
    }
    for (const w of want) if (!got.has(w)) this.add(rel, endpoint?.line ?? 1, `the page does not show ${w} under 请求方法与路径`);

    this.checkParams(rel, ops, sections);
    this.checkBodyTable(rel, ops, sections);
    this.checkErrorTable(rel, ops, sections);
    this.checkExamples(rel, ops, sections);
  }

  private checkParams(rel: string, ops: Op[], sections: Section[]) {
    const doc = this.docs[ops[0].api];
    const params = ops.flatMap((o) => (o.op.parameters as unknown[]).map((p) => deref(doc, p)));
    for (const [word, where] of [
      ['路径参数', 'path'],
      ['查询参数', 'query'],
    ] as const) {
      const spec = params.filter((p) => p.in === where);
      const sec = sections.find((s) => s.title.includes(word));
      const table = sec?.tables[0];
      if (!table) {
        if (spec.length)
          this.add(
            rel,
            sec?.line ?? 1,
            `no ${word} table, but the operation has ${where} parameters ${spec.map((p) => p.name).join(', ')}`,
          );
        continue;
      }
      this.compareRows(
        rel,
        table,
        spec.map((p) => ({name: p.name as string, type: schemaType(doc, p.schema), required: !!p.required})),
        word,
      );
    }
    const headerSec = sections.find((s) => s.title.includes('请求头'));
    if (headerSec?.tables[0]) {
      const security = new Set(['content-type', 'accept', 'authorization', 'range', 'if-none-match', 'content-length']);
      for (const s of Object.values(((doc.components as Json)?.securitySchemes as Json) ?? {}))
        if ((s as Json).in === 'header') security.add(String((s as Json).name).toLowerCase());
      const headers = params.filter((p) => p.in === 'header');
      const names = new Set(headers.map((h) => String(h.name).toLowerCase()));
      for (const row of headerSec.tables[0].rows) {
        const n = row.name.toLowerCase();
        if (!security.has(n) && !names.has(n))
          this.add(rel, row.line, `request header \`${row.name}\` is not a parameter or security header of the operation`);
      }
      const listed = new Set(headerSec.tables[0].rows.map((r) => r.name.toLowerCase()));
      for (const h of headers)
        if (h.required && !listed.has(String(h.name).toLowerCase()))
          this.add(rel, headerSec.line, `required header \`${h.name}\` is missing from the 请求头 table`);
    }
  }

  private checkBodyTable(rel: string, ops: Op[], sections: Section[]) {
    const doc = this.docs[ops[0].api];
    const sec = sections.find((s) => s.title.includes('请求体'));
    const op = ops.find((o) => o.op.requestBody);
    if (!op) {
      if (sec?.tables[0]) this.add(rel, sec.line, 'the page has a 请求体 table but the operation has no request body');
      return;
    }
    const content = deref(doc, op.op.requestBody).content as Json;
    const type = Object.keys(content ?? {})[0];
    const schema = deref(doc, (content?.[type] as Json)?.schema);
    const props = (schema.properties as Json) ?? {};
    const required = new Set((schema.required as string[]) ?? []);
    if (!sec?.tables[0]) {
      if (Object.keys(props).length)
        this.add(rel, sec?.line ?? 1, `no 请求体 table, but the request body has ${Object.keys(props).join(', ')}`);
      return;
    }
    this.compareRows(
      rel,
      {...sec.tables[0], rows: sec.tables[0].rows.filter((r) => !/[.[]/.test(r.name))},
      Object.entries(props).map(([name, s]) => ({name, type: schemaType(doc, s), required: required.has(name)})),
      '请求体',
    );
  }

  private compareRows(rel: string, table: Table, spec: {name: string; type?: string; required: boolean}[], what: string) {
    const byName = new Map(spec.map((s) => [s.name, s]));
    const seen = new Set<string>();
    for (const row of table.rows) {
      const s = byName.get(row.name);
      seen.add(row.name);
      if (!s) {
        this.add(
          rel,
          row.line,
          `${what} \`${row.name}\` is not in the operation (${spec.map((x) => x.name).join(', ') || 'none'})`,
        );
        continue;
      }
      const t = row.type ? pageType(row.type) : undefined;
      if (row.type && !t)
        this.add(rel, row.line, `${what} \`${row.name}\`: type "${row.type}" is not a type word the checker knows`);
      else if (!typeMatches(t, s.type))
        this.add(rel, row.line, `${what} \`${row.name}\` is ${s.type} in the API description, not ${row.type}`);
      if (row.required !== undefined && /^(是|否)$/.test(row.required) && (row.required === '是') !== s.required)
        this.add(
          rel,
          row.line,
          `${what} \`${row.name}\` is ${s.required ? '' : 'not '}required in the API description (page: 必填 ${row.required})`,
        );
    }
    for (const s of spec) if (!seen.has(s.name)) this.add(rel, table.line, `${what} table lacks \`${s.name}\` of the operation`);
  }

  private checkErrorTable(rel: string, ops: Op[], sections: Section[]) {
    const codes = new Map<number, number>();
    for (const o of ops)
      for (const c of (o.op['x-error-codes'] as {code: number; status: number}[]) ?? []) codes.set(c.code, c.status);
    const sec = sections.find((s) => s.title.includes('错误码'));
    const table = sec?.tables[0];
    if (!table) {
      if (codes.size)
        this.add(rel, sec?.line ?? 1, `no 错误码 table, but the operation has error codes ${[...codes.keys()].join(', ')}`);
      return;
    }
    const statusCol = table.header.findIndex((h) => /HTTP/.test(h));
    if (statusCol < 0) this.add(rel, table.line, '错误码 table has no `HTTP 状态` column');
    const seen = new Set<number>();
    for (const r of table.allRows) {
      const code = Number(r.cells[0].replace(/`/g, '').trim());
      if (!Number.isInteger(code) || code === 0) continue;
      seen.add(code);
      if (!codes.has(code))
        this.add(rel, r.line, `error code ${code} is not in the operation's x-error-codes (${[...codes.keys()].join(', ')})`);
      else if (statusCol >= 0) {
        const st = Number((r.cells[statusCol] ?? '').replace(/\D+/g, ' ').trim().split(' ')[0]);
        if (st !== codes.get(code))
          this.add(
            rel,
            r.line,
            `error code ${code} has HTTP ${codes.get(code)} in the API description, not ${r.cells[statusCol]}`,
          );
      }
    }
    for (const c of codes.keys()) if (!seen.has(c)) this.add(rel, table.line, `错误码 table lacks code ${c} of the operation`);
  }

  private checkExamples(rel: string, ops: Op[], sections: Section[]) {
    for (const sec of sections) {
      const isReq = sec.title.includes('请求示例');
      const isRes = sec.title.includes('响应示例') || sec.title.includes('错误码') || sec.title.includes('错误示例');
      if (!isReq && !isRes) continue;
      for (const f of sec.fences) {
        const text = f.lines.map((l) => l.text).join('\n');
        const line = f.line;
        if (isReq && (f.lang === 'bash' || f.lang === 'shell')) {
          const m = /(?:-d|--data(?:-raw)?)\s+'([\s\S]*?)'/.exec(text);
          if (!m || !/^\s*[[{]/.test(m[1])) continue;
          let body: unknown;
          try {
            body = JSON.parse(m[1]);
          } catch (e) {
            this.add(rel, line, `request body in the curl example is not JSON: ${(e as Error).message}`);
            continue;
          }
          this.validateRequest(rel, line, ops, body);
          continue;
        }
        if (f.lang !== 'json') continue;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (e) {
          this.add(rel, line, `JSON example does not parse: ${(e as Error).message}`);
          continue;
        }
        if (isReq) this.validateRequest(rel, line, ops, value);
        else this.validateResponse(rel, line, ops, value);
      }
    }
  }

  private validateRequest(rel: string, line: number, ops: Op[], body: unknown) {
    const op = ops.find((o) => o.op.requestBody);
    if (!op) return;
    const rb = op.op.requestBody as Json;
    const base = rb.$ref ? (rb.$ref as string).slice(1) : `${op.pointer}/requestBody`;
    const content = deref(this.docs[op.api], rb).content as Json;
    const type = Object.keys(content ?? {}).find((t) => t.includes('json'));
    if (!type) return;
    const v = this.validator(op.api, `${base}/content/${esc(type)}/schema`);
    if (!v(body)) this.add(rel, line, `request example does not match ${op.api}#${op.id}'s request schema: ${this.err(v)}`);
  }

  private validateResponse(rel: string, line: number, ops: Op[], value: unknown) {
    const code = (value as Json)?.code;
    if (typeof code !== 'number') return; // not an envelope (a fragment shown for explanation)
    const errors: string[] = [];
    for (const op of ops) {
      let status: string | undefined;
      if (code === 0) status = Object.keys((op.op.responses as Json) ?? {}).find((s) => /^2/.test(s));
      else {
        const c = ((op.op['x-error-codes'] as {code: number; status: number}[]) ?? []).find((x) => x.code === code);
        status = c ? String(c.status) : undefined;
      }
      const ptr = status && this.responsePointer(op, status);
      if (!ptr) {
        errors.push(`${op.id} has no response for code ${code}`);
        continue;
      }
      const v = this.validator(op.api, ptr);
      if (!v(value)) {
        errors.push(`${op.id} HTTP ${status}: ${this.err(v)}`);
        continue;
      }
      if (!this.examplesOf(op, 'response').some((e) => isDeepStrictEqual(e, value))) {
        errors.push(`${op.id}: the example is not among the API description's examples`);
        continue;
      }
      return;
    }
    this.add(rel, line, `response example (code ${code}): ${errors.join('; ')}`);
  }

  /** Operations that no page documents. */
  finish() {
    for (const [ref, op] of this.ops)
      if (!this.seen.has(ref))
        this.add(API_DOCS[op.api], 1, `operation ${ref} (${op.method} ${op.path}) has no page (api: ${ref})`);
  }
}

type Line = {text: string; line: number};
type Row = {name: string; type?: string; required?: string; line: number; cells: string[]};
type Table = {line: number; header: string[]; rows: Row[]; allRows: Row[]};
type Section = {title: string; line: number; tables: Table[]; fences: {lang: string; line: number; lines: Line[]}[]};

/** Split a page body into H2/H3 sections with their tables and fenced blocks. */
export function splitSections(lines: string[], bodyLine: number): Section[] {
  const out: Section[] = [{title: '', line: bodyLine, tables: [], fences: []}];
  let fence: Section['fences'][number] | null = null;
  let table: Table | null = null;
  lines.forEach((raw, i) => {
    const ln = bodyLine + i;
    const sec = out[out.length - 1];
    const f = /^\s*(```+|~~~+)\s*([\w-]*)/.exec(raw);
    if (fence) {
      if (f && !f[2] && /^\s*(```+|~~~+)\s*$/.test(raw)) fence = null;
      else fence.lines.push({text: raw, line: ln});
      return;
    }
    if (f) {
      fence = {lang: f[2], line: ln, lines: []};
      sec.fences.push(fence);
      table = null;
      return;
    }
    const h = /^(#{2,3})\s+(.*?)\s*(\{#[^}]*\})?\s*$/.exec(raw);
    if (h) {
      out.push({title: h[2], line: ln, tables: [], fences: []});
      table = null;
      return;
    }
    if (/^\s*\|/.test(raw)) {
      const cells = tableCells(raw);
      if (!table) {
        table = {line: ln, header: cells, rows: [], allRows: []};
        sec.tables.push(table);
      } else if (!isSeparatorRow(cells)) {
        const col = (name: RegExp) => table!.header.findIndex((x) => name.test(x));
        const nameCell = /`([^`]+)`/.exec(cells[0]);
        const row: Row = {
          name: nameCell ? nameCell[1] : cells[0],
          type: col(/^类型$/) >= 0 ? cells[col(/^类型$/)] : undefined,
          required: col(/^必填$/) >= 0 ? cells[col(/^必填$/)] : undefined,
          line: ln,
          cells,
        };
        table.allRows.push(row);
        if (nameCell) table.rows.push(row);
      }
    } else table = null;
  });
  return out;
}

/** AsyncAPI: the real parser's diagnostics, and every message example validated against its payload schema. */
export async function checkAsyncApi(rel: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const file = path.join(ROOT, rel);
  if (!fs.existsSync(file)) return [{file: rel, line: 1, msg: 'AsyncAPI document is missing'}];
  const {Parser} = await import('@asyncapi/parser');
  const parser = new Parser();
  const text = fs.readFileSync(file, 'utf8');
  const {document, diagnostics} = await parser.parse(text);
  for (const d of diagnostics)
    if (d.severity === 0)
      problems.push({file: rel, line: (d.range?.start.line ?? 0) + 1, msg: `${d.code}: ${d.message} (${d.path.join('.')})`});
  if (!document) return problems;
  const ajv = new Ajv({allErrors: true, strict: false});
  addFormats(ajv);
  let count = 0;
  for (const msg of document.allMessages()) {
    const payload = msg.payload()?.json();
    if (!payload) continue;
    const v = ajv.compile(payload as object);
    for (const ex of msg.examples()) {
      if (!ex.hasPayload()) continue;
      count++;
      if (!v(ex.payload()))
        problems.push({
          file: rel,
          line: 1,
          msg: `message ${msg.id()} example "${ex.name() ?? ''}" does not match its payload: ${ajv.errorsText(v.errors)}`,
        });
    }
  }
  if (!count) problems.push({file: rel, line: 1, msg: 'no message examples to check'});
  return problems;
}

export async function checkApi(docs = listDocs()): Promise<{problems: Problem[]; ops: number; pages: number}> {
  const checker = new ApiChecker();
  let pages = 0;
  for (const d of docs) {
    const {data, body, bodyLine} = parseDoc(d.file);
    const before = checker.problems.length;
    checker.checkPage(d.rel, data, body, bodyLine);
    if (data.api || checker.problems.length > before) pages++;
  }
  checker.finish();
  const problems = [...checker.problems];
  for (const rel of ASYNC_DOCS) problems.push(...(await checkAsyncApi(rel)));
  return {problems, ops: checker.ops.size, pages};
}

if (require.main === module) {
  const {values} = parseCli('check-api', {docs: {type: 'string'}});
  // --docs: the pages of another folder (named by their path in the repository), instead of docs/.
  const docs =
    values.docs === undefined ? listDocs() : listDocs(path.resolve(values.docs)).map((d) => ({...d, rel: repoPath(d.file)}));
  if (values.docs !== undefined && !docs.length) {
    console.error(`check-api: --docs ${values.docs}: no .md or .mdx page there`);
    process.exit(2);
  }
  checkApi(docs)
    .then(({problems, ops, pages}) => {
      for (const p of problems) console.error(`${p.file}:${p.line}: ${p.msg}`);
      console.log(`check-api: ${ops} operation(s), ${pages} page(s), ${problems.length} problem(s)`);
      process.exit(problems.length ? 1 : 0);
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
