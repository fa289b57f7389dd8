// Field names that Python, Java, Go (and, for MQTT samples, JavaScript) samples send or read, found by script:
//   - dict / map / object literal keys (`{"deviceName": …}`, Go `map[string]any{"x": …}`; JavaScript `{x: …}`),
//   - subscripts with a string (`page["items"]`, `m["x"]`, also inside f-strings), `.get("x")`, Java
//     `get/getString/getInt/…/put/has/path("x")`, `Map.of("x", …)`, `Map.entry("x", …)`,
//   - Go struct tags (`json:"x,omitempty"`),
//   - the keys of JSON written as a string literal (`'{"params":{"rate":30}}'`, Java `"{\"params\":…}"`),
// skipping environment variables (`os.environ["X"]`, `getenv("X")`). The operations a sample calls are found from the
// string literals that spell an API path (constants and f-strings resolved), and the method words next to them.
import {UNKNOWN, objectKeys} from './openapi';

export type Lang = 'python' | 'java' | 'go' | 'js';
export type Token = {kind: 'str' | 'ident' | 'punct'; text: string; line: number; fstring?: boolean; raw?: string};
export type FieldUse = {name: string; line: number};

export function langOf(fenceLang: string): Lang | undefined {
  if (/^(python|py|python3)$/.test(fenceLang)) return 'python';
  if (/^java$/.test(fenceLang)) return 'java';
  if (/^(go|golang)$/.test(fenceLang)) return 'go';
  if (/^(js|javascript|mjs|cjs|ts|typescript)$/.test(fenceLang)) return 'js';
  return undefined;
}

const ESCAPES: Record<string, string> = {n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '\\': '\\', '`': '`', '0': '\0'};

/** Tokens of a sample: strings (unescaped), identifiers and punctuation; comments dropped. */
export function tokenize(text: string, lang: Lang): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  const count = (s: string) => (line += s.split('\n').length - 1);
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // Comments.
    if ((lang === 'python' && c === '#') || (lang !== 'python' && text.startsWith('//', i))) {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (lang !== 'python' && text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      count(text.slice(i, stop));
      i = stop;
      continue;
    }
    // Strings.
    const prefix = lang === 'python' ? /^[rRbBfFuU]{0,2}(?=['"])/.exec(text.slice(i, i + 3)) : null;
    const p = prefix ? prefix[0] : '';
    const q = text[i + p.length];
    const isQuote = q === '"' || q === "'" || (q === '`' && (lang === 'go' || lang === 'js'));
    if (isQuote && (p || !/\w/.test(text[i - 1] ?? ''))) {
      const start = i + p.length;
      const triple = (lang === 'python' || lang === 'java') && text.startsWith(q.repeat(3), start);
      const delim = triple ? q.repeat(3) : q;
      const raw = /[rR]/.test(p) || (lang === 'go' && q === '`');
      let j = start + delim.length;
      let value = '';
      while (j < n && !text.startsWith(delim, j)) {
        if (text[j] === '\\' && !raw) {
          const e = text[j + 1];
          value += ESCAPES[e] ?? (e === '\n' ? '' : e);
          j += 2;
        } else value += text[j++];
        if (!triple && q !== '`' && text[j - 1] === '\n') break;
      }
      const end = Math.min(n, j + delim.length);
      out.push({
        kind: 'str',
        text: value,
        line,
        fstring: /[fF]/.test(p) || (lang === 'js' && q === '`'),
        raw: text.slice(i, end),
      });
      count(text.slice(i, end));
      i = end;
      continue;
    }
    const id = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 200));
    if (id) {
      out.push({kind: 'ident', text: id[0], line});
      i += id[0].length;
      continue;
    }
    if (/\d/.test(c)) {
      const num = /^[\d.xXa-fA-F_]+[lLfFdD]?/.exec(text.slice(i, i + 60))![0];
      i += num.length;
      continue;
    }
    out.push({kind: 'punct', text: c, line});
    i++;
  }
  return out;
}

/** The keys of JSON text (all depths); undefined when it is not a JSON object or array. */
export function jsonKeys(text: string): string[] | undefined {
  const t = text.trim();
  if (!/^[{[]/.test(t)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return undefined;
  }
  return objectKeys(v);
}

const GETTERS = new Set([
  'get',
  'setdefault',
  'pop',
  'getString',
  'getInt',
  'getLong',
  'getDouble',
  'getBoolean',
  'getJSONObject',
  'getJSONArray',
  'optString',
  'optInt',
  'optLong',
  'optJSONObject',
  'optJSONArray',
  'has',
  'put',
  'putOpt',
  'path',
  'entry',
  'remove',
]);
const ENV = /^(environ|getenv|Getenv|LookupEnv|env)$/;

/** The field names a sample uses (see the header). */
export function fieldUses(text: string, lang: Lang): FieldUse[] {
  const toks = tokenize(text, lang);
  const out: FieldUse[] = [];
  const add = (name: string, line: number) => {
    if (name && !name.includes(UNKNOWN) && /^[\w$@.:-]{1,64}$/.test(name)) out.push({name, line});
  };
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const prev = toks[i - 1];
    const next = toks[i + 1];
    if (t.kind === 'str') {
      // JSON in a string literal.
      for (const k of (!t.fstring && jsonKeys(t.text)) || []) add(k, t.line);
      // Go struct tags.
      if (lang === 'go' && t.raw?.startsWith('`'))
        for (const m of t.text.matchAll(/\bjson:"([^",]*)/g)) if (m[1] !== '-') add(m[1], t.line);
      // Subscripts inside f-strings / template literals.
      if (t.fstring) for (const m of t.text.matchAll(/\[\s*["']([^"'\]]+)["']\s*\]/g)) add(m[1], t.line);
      // Keys: `{"x": …` and `, "x": …`.
      if (next?.text === ':' && (prev?.text === '{' || prev?.text === ',')) add(t.text, t.line);
      // Subscripts: `x["y"]`.
      if (prev?.text === '[' && next?.text === ']') {
        const owner = toks[i - 2];
        if (owner && !(owner.kind === 'ident' && ENV.test(owner.text))) add(t.text, t.line);
      }
      // Getters: `.get("x")`, `put("x", …)`.
      if (prev?.text === '(' && toks[i - 2]?.kind === 'ident' && GETTERS.has(toks[i - 2].text)) {
        const owner = toks[i - 4];
        if (!(toks[i - 3]?.text === '.' && owner?.kind === 'ident' && ENV.test(owner.text))) add(t.text, t.line);
      }
    }
    // Java `Map.of("a", x, "b", y)`: the keys are the even arguments.
    if (lang === 'java' && t.text === 'of' && prev?.text === '.' && toks[i - 2]?.text === 'Map' && next?.text === '(') {
      let depth = 0;
      let arg = 0;
      for (let j = i + 1; j < toks.length; j++) {
        const x = toks[j];
        if ('([{'.includes(x.text) && x.kind === 'punct') depth++;
        else if (')]}'.includes(x.text) && x.kind === 'punct') {
          if (--depth === 0) break;
        } else if (depth === 1 && x.text === ',') arg++;
        else if (depth === 1 && x.kind === 'str' && arg % 2 === 0 && toks[j - 1].text !== '+') add(x.text, x.line);
      }
    }
    // JavaScript object keys written as identifiers.
    if (lang === 'js' && t.kind === 'ident' && next?.text === ':' && (prev?.text === '{' || prev?.text === ','))
      add(t.text, t.line);
  }
  return out;
}

/** Simple string constants of a sample (`NAME = "…"`, `const NAME = "…"`, `NAME := "…"`, `String NAME = "…"`). */
export function constants(toks: Token[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < toks.length; i++) {
    const a = toks[i];
    if (a.kind !== 'ident' || toks[i - 1]?.text === '.') continue;
    let j = i + 1;
    if (toks[j]?.text === ':' && toks[j + 1]?.text === '=') j += 2;
    else if (toks[j]?.text === '=' && toks[j + 1]?.text !== '=') j += 1;
    else continue;
    const v = toks[j];
    const after = toks[j + 1];
    if (v?.kind === 'str' && !v.fstring && !(after && ['+', '.', '[', '%'].includes(after.text))) out.set(a.text, v.text);
  }
  return out;
}

/** A string token spelled out: f-string / template fields replaced by a constant's value or {@link UNKNOWN}. */
export function spellToken(t: Token, consts: Map<string, string>): string {
  if (!t.fstring) return t.text;
  return t.text.replace(/\$?\{([^{}]*)\}/g, (_, expr: string) => consts.get(expr.trim()) ?? UNKNOWN).replace(/\uE000+/g, UNKNOWN);
}

/** How samples write the HTTP method next to a URL, most explicit first. */
const METHOD_WORDS = [
  /["'](GET|POST|PUT|PATCH|DELETE|HEAD)["']/, // call_neptune("GET", …), http.NewRequest("POST", …), method("PUT", …)
  /\b(?:requests|session|httpx|client|http)\.(get|post|put|patch|delete|head)\s*\(/, // Python requests / httpx
  /\bMethod(Get|Post|Put|Patch|Delete|Head)\b/, // Go net/http constants
  /\.(GET|POST|PUT|PATCH|DELETE|HEAD)\s*\(/, // Java HttpRequest.Builder
];

/** The URLs and paths a sample spells, each with the HTTP method written next to it (on its line or the one before). */
export function requests(text: string, lang: Lang): {url: string; method?: string; line: number}[] {
  const toks = tokenize(text, lang);
  const consts = constants(toks);
  const lines = text.split('\n');
  const out: {url: string; method?: string; line: number}[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'str') continue;
    let url = spellToken(t, consts);
    if (toks[i - 1]?.text === '+') {
      // `JANUS + "/devices"`: a chain that starts with a constant (a chain that starts with a string is read from there).
      const head = toks[i - 2];
      if (head?.kind !== 'ident' || ['+', '.'].includes(toks[i - 3]?.text ?? '')) continue;
      url = (consts.get(head.text) ?? UNKNOWN) + url;
    }
    // `"/v2/devices/" + name + "/status"`: the concatenation, unknown variables as unknown parts.
    for (let j = i + 1; toks[j]?.text === '+' && toks[j + 1]; j += 2) {
      const x = toks[j + 1];
      if (x.kind === 'str') url += spellToken(x, consts);
      else if (x.kind === 'ident' && toks[j + 2]?.text !== '(' && toks[j + 2]?.text !== '.') url += consts.get(x.text) ?? UNKNOWN;
      else break;
    }
    url = url.replace(/\uE000+/g, UNKNOWN);
    if (!/^(https?:\/\/|\/|\uE000\/)/.test(url) || /\s/.test(url)) continue;
    const near = `${lines[t.line - 2] ?? ''}\n${lines[t.line - 1] ?? ''}`;
    let method: string | undefined;
    for (const re of METHOD_WORDS) {
      const m = re.exec(near);
      if (m) {
        method = m[1].toUpperCase();
        break;
      }
    }
    out.push({url, method, line: t.line});
  }
  return out;
}
