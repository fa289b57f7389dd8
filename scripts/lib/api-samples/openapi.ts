// The OpenAPI documents as the API samples gate uses them: operations found by method and path (a sample's URL or path
// with unknown parts), the field names an operation sends and returns, the schema shapes that generators cannot type
// (an `items` without `type: array`, an object without properties or additionalProperties), and the TypeScript types
// that openapi-typescript generates from them.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import YAML, {LineCounter, type Node as YamlNode} from 'yaml';
import {ROOT} from '../../../plugins/lib/paths';

/** Every key of a JSON value, depth first (the field names an example or a sample's object uses). */
export function objectKeys(value: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object')
      for (const [k, y] of Object.entries(x)) {
        out.push(k);
        walk(y);
      }
  };
  walk(value);
  return out;
}

export type ApiName = 'neptune' | 'janus';
export const API_NAMES: ApiName[] = ['neptune', 'janus'];
/** The documents, and the environment variables that point the gate at another copy (the fixtures' broken documents). */
export const OPENAPI_DOCS: Record<ApiName, {doc: string; env: string}> = {
  neptune: {doc: 'openapi/neptune.yaml', env: 'API_SAMPLES_NEPTUNE'},
  janus: {doc: 'openapi/janus.yaml', env: 'API_SAMPLES_JANUS'},
};

type Json = Record<string, unknown>;
export type Operation = {
  api: ApiName;
  id: string;
  method: string;
  /** The path template of the document (without the server's base path), e.g. `/groups/{groupId}/devices`. */
  path: string;
  op: Json;
  test: RegExp;
  literal: number;
};
export type Problem = {where: string; msg: string};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** A placeholder for a part of a sample's URL that the gate cannot know (a variable): one or more characters, no `/`. */
export const UNKNOWN = '\uE000';
/** Request and response headers every HTTP client may send or read, whatever the document says. */
const HTTP_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'Content-Length', 'User-Agent', 'Range', 'If-None-Match'];

export class OpenApiDoc {
  readonly doc: Json;
  readonly ops: Operation[] = [];
  /** The server's base path (`/v2`, `/api/v1`): a sample's path starts with it. */
  readonly base: string;
  private lines: LineCounter;
  private tree: YAML.Document.Parsed;

  constructor(
    readonly api: ApiName,
    /** The document, relative to the repository root (or absolute when outside it). */
    readonly rel: string,
  ) {
    const text = fs.readFileSync(path.resolve(ROOT, rel), 'utf8');
    this.lines = new LineCounter();
    this.tree = YAML.parseDocument(text, {lineCounter: this.lines});
    if (this.tree.errors.length) throw new Error(`${rel}: ${this.tree.errors[0].message}`);
    this.doc = this.tree.toJS() as Json;
    const server = String(((this.doc.servers as Json[]) ?? [])[0]?.url ?? '');
    this.base = server.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/$/, '');
    for (const [p, item] of Object.entries((this.doc.paths as Json) ?? {})) {
      for (const m of METHODS) {
        const op = (item as Json)[m] as Json | undefined;
        if (!op?.operationId) continue;
        const params = [...(((item as Json).parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])];
        const source = p
          .split(/(\{[^}]+\})/)
          .map((s) => (/^\{/.test(s) ? `[^/]+` : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        this.ops.push({
          api,
          id: String(op.operationId),
          method: m.toUpperCase(),
          path: p,
          op: {...op, parameters: params.map((x) => this.deref(x))},
          test: new RegExp(`^${source}$`),
          literal: p.replace(/\{[^}]+\}/g, '').length,
        });
      }
    }
  }

  /** Follow local `$ref`s. */
  deref(node: unknown): Json {
    let cur = node as Json;
    for (let i = 0; cur && typeof cur.$ref === 'string' && i < 20; i++) {
      const ptr = (cur.$ref as string).replace(/^#\//, '').split('/');
      cur = ptr.reduce<unknown>((o, k) => (o as Json)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc) as Json;
    }
    return cur ?? {};
  }

  /** The operations a path (after the base path, {@link UNKNOWN} for unknown parts) and method name; most literal first. */
  find(method: string, p: string): {ops: Operation[]; otherMethods: string[]} {
    const onPath = this.ops.filter((o) => o.test.test(p)).sort((a, b) => b.literal - a.literal);
    const best = onPath.length ? onPath.filter((o) => o.path === onPath[0].path) : [];
    const ops = onPath.filter((o) => o.method === method.toUpperCase()).slice(0, 1);
    return {ops, otherMethods: best.map((o) => o.method)};
  }

  /** `file:line` of a node of the document, by its path of keys. */
  lineOf(keys: (string | number)[]): string {
    for (let n = keys.length; n >= 0; n--) {
      const node = this.tree.getIn(keys.slice(0, n), true) as YamlNode | undefined;
      if (node && (node as {range?: number[]}).range) {
        return `${this.rel}:${this.lines.linePos((node as {range: number[]}).range[0]).line}`;
      }
    }
    return `${this.rel}:1`;
  }

  /**
   * Schemas that openapi-typescript (like any generator) cannot type: an `items` without `type: array` (its elements come
   * out `unknown`, and `allOf` with an untyped base keeps them `unknown`), an array without `items`, and an object with
   * neither properties nor additionalProperties (an empty record: no field can be read or sent). `maxProperties: 0` says
   * an object is empty on purpose.
   */
  untypedSchemas(): Problem[] {
    const out: Problem[] = [];
    const seen = new Set<unknown>();
    const visit = (s: unknown, keys: (string | number)[]) => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const o = s as Json;
      if (typeof o.$ref === 'string') return;
      const types = ([] as unknown[]).concat(o.type ?? []);
      const at = `#/${keys.join('/')}`;
      if ('items' in o && !types.includes('array'))
        out.push({
          where: this.lineOf(keys),
          msg: `${at} has \`items\` but no \`type: array\`: generated types make its elements unknown`,
        });
      if (types.includes('array') && !('items' in o) && !('prefixItems' in o))
        out.push({
          where: this.lineOf(keys),
          msg: `${at} is an array without \`items\`: generated types make its elements unknown`,
        });
      if (
        types.includes('object') &&
        !o.properties &&
        !('additionalProperties' in o) &&
        !o.patternProperties &&
        !o.allOf &&
        !o.oneOf &&
        !o.anyOf &&
        o.maxProperties !== 0
      )
        out.push({
          where: this.lineOf(keys),
          msg: `${at} is an object without properties or additionalProperties: generated types make it an empty record`,
        });
      for (const [k, v] of Object.entries((o.properties as Json) ?? {})) visit(v, [...keys, 'properties', k]);
      for (const k of ['items', 'additionalProperties', 'not', 'contains'])
        if (o[k] && typeof o[k] === 'object') visit(o[k], [...keys, k]);
      for (const k of ['allOf', 'oneOf', 'anyOf', 'prefixItems'])
        ((o[k] as unknown[]) ?? []).forEach((x, i) => visit(x, [...keys, k, i]));
    };
    const schemas = ((this.doc.components as Json)?.schemas as Json) ?? {};
    for (const [k, v] of Object.entries(schemas)) visit(v, ['components', 'schemas', k]);
    // Inline schemas of operations, parameters, bodies and responses.
    const walk = (node: unknown, keys: (string | number)[]) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === 'schema') visit(v, [...keys, k]);
        else if (k !== 'examples' && k !== 'example' && k !== 'schemas') walk(v, [...keys, k]);
      }
    };
    walk(this.doc.paths, ['paths']);
    walk((this.doc.components as Json)?.responses, ['components', 'responses']);
    walk((this.doc.components as Json)?.parameters, ['components', 'parameters']);
    walk((this.doc.components as Json)?.requestBodies, ['components', 'requestBodies']);
    return out;
  }

  /** Header names a client sends or reads: parameters, security schemes, response headers, and the usual HTTP ones. */
  private headerNames(): Set<string> {
    const out = new Set(HTTP_HEADERS);
    for (const s of Object.values(((this.doc.components as Json)?.securitySchemes as Json) ?? {}))
      if ((s as Json).in === 'header') out.add(String((s as Json).name));
    return out;
  }

  /**
   * The field names of some operations (all of the document's when none is given): property names of their request and
   * response schemas (through `$ref`, `allOf`/`oneOf`, items), parameter and header names, the keys of their examples
   * (inside a free-form object such as `params`, the examples are the only names the document shows: they are
   * validated against the schemas by `lint:api`).
   */
  fieldNames(ops?: Operation[]): Set<string> {
    const out = this.headerNames();
    const seen = new Set<unknown>();
    const schema = (s: unknown) => {
      const o = this.deref(s);
      if (!o || typeof o !== 'object' || seen.has(o)) return;
      seen.add(o);
      for (const [k, v] of Object.entries((o.properties as Json) ?? {})) {
        out.add(k);
        schema(v);
      }
      for (const k of ['items', 'additionalProperties', 'not']) if (o[k] && typeof o[k] === 'object') schema(o[k]);
      for (const k of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) for (const x of (o[k] as unknown[]) ?? []) schema(x);
    };
    const keysOf = (v: unknown) => objectKeys(v).forEach((k) => out.add(k));
    const content = (c: unknown) => {
      for (const mt of Object.values((c as Json) ?? {})) {
        schema((mt as Json).schema);
        keysOf((mt as Json).example);
        for (const e of Object.values(((mt as Json).examples as Json) ?? {})) keysOf(this.deref(e).value);
      }
    };
    const operation = (op: Json) => {
      for (const p of (op.parameters as Json[]) ?? []) {
        out.add(String(this.deref(p).name));
        schema(this.deref(p).schema);
      }
      content(this.deref(op.requestBody).content);
      for (const r of Object.values((op.responses as Json) ?? {})) {
        const res = this.deref(r);
        content(res.content);
        for (const h of Object.keys((res.headers as Json) ?? {})) out.add(h);
      }
    };
    if (ops) for (const o of ops) operation(o.op);
    else {
      for (const o of this.ops) operation(o.op);
      for (const s of Object.values(((this.doc.components as Json)?.schemas as Json) ?? {})) schema(s);
    }
    return out;
  }
}

/** The documents the gate reads: the repository's, or other copies (option or environment variable, for fixtures). */
export function loadDocs(paths: Partial<Record<ApiName, string>> = {}): Record<ApiName, OpenApiDoc> {
  const out = {} as Record<ApiName, OpenApiDoc>;
  for (const api of API_NAMES) {
    const given = paths[api] ?? process.env[OPENAPI_DOCS[api].env] ?? OPENAPI_DOCS[api].doc;
    const abs = path.resolve(ROOT, given);
    const rel = abs.startsWith(ROOT + path.sep) ? path.relative(ROOT, abs).split(path.sep).join('/') : abs;
    out[api] = new OpenApiDoc(api, rel);
  }
  return out;
}

/** TypeScript types of a document, generated by openapi-typescript (what a reader of our downloadable documents runs). */
export async function generateTypes(doc: OpenApiDoc): Promise<string> {
  const {default: openapiTS, astToString} = await import('openapi-typescript');
  const ast = await openapiTS(pathToFileURL(path.resolve(ROOT, doc.rel)), {silent: true});
  return astToString(ast);
}

/** The document whose base path starts a URL's path; the path after it. */
export function apiOfPath(docs: Record<ApiName, OpenApiDoc>, p: string): {doc: OpenApiDoc; rest: string} | undefined {
  for (const api of API_NAMES) {
    const d = docs[api];
    if (d.base && (p === d.base || p.startsWith(`${d.base}/`) || p.startsWith(`${d.base}?`)))
      return {doc: d, rest: p.slice(d.base.length)};
  }
  return undefined;
}

/** A sample's URL or path (unknown parts as {@link UNKNOWN}) without scheme, host and query. */
export function urlPath(url: string): {path: string; query: string[]} | undefined {
  let u = url;
  const scheme = /^(?:https?:\/\/|\uE000)[^/]*/.exec(u);
  if (scheme) u = u.slice(scheme[0].length);
  if (!u.startsWith('/')) return undefined;
  const q = u.indexOf('?');
  const query = q >= 0 ? u.slice(q + 1).split('&') : [];
  return {
    path: q >= 0 ? u.slice(0, q) : u,
    query: query.map((kv) => decodeURIComponent(kv.split('=')[0])).filter((k) => k && !k.includes(UNKNOWN)),
  };
}
