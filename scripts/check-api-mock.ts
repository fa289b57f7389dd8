// Gate: every curl example of the REST pages, sent to a Prism mock server made from the API description (what an
// integrator does with our downloadable documents). Prism (`--errors`) answers a request that breaks the document (wrong
// path, method, parameter, header or body) with an error status, and fails when its own answer would break the
// document's response schema. A page's example that shows an error (`HTTP/1.1 404`, or a JSON `code` whose HTTP status
// the catalogue docs-guide/error-codes.yaml gives) is sent with `Prefer: code=<status>`, as the page's status says.
// A request the page shows must get exactly the status the page shows (2xx when it shows none).
// Usage: tsx scripts/check-api-mock.ts [pages...]   — exits 1 with `file:line: message` lines.
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {listDocs, parseDoc} from '../plugins/lib/docs-source';
import {loadCatalogue} from '../plugins/error-codes/catalogue';
import {parseCli} from './lib/args';
import {portAnswers} from './lib/proc';

type Api = {doc: string; base: RegExp; port: number; codes: string};
const APIS: Api[] = [
  {doc: 'openapi/neptune.yaml', base: /^https:\/\/api\.neptune\.example\.com\/v2/, port: 4611, codes: 'neptune-rest'},
  {doc: 'openapi/janus.yaml', base: /^https?:\/\/(?:192\.168\.1\.50|\{janus-host\}):8600\/api\/v1/, port: 4612, codes: 'janus'},
];
/** Values of the shell variables that page scripts set from an earlier request (their example values). */
const SHELL_VALUES: Record<string, string> = {
  TOKEN: 'jt_3f9a7c2e5b8d4f6a1c0e9b7d5a3f2c8e',
  FILE_ID: 'f-7c2a91d3',
  MD5: 'bd0ce9ef8645c5d81e2ab697ea1b402b',
};

export type CurlRequest = {method: string; url: string; headers: Record<string, string>; body?: string | FormData};

/** Shell words of a command line (single and double quotes, backslash escapes). */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let has = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) cur += line[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has || cur) out.push(cur);
  return out;
}

/** A curl command as a request; null when it is not one we can replay (reason in the string). */
export function parseCurl(command: string): CurlRequest | string {
  const resolved = command.replace(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g, (m, name: string) => SHELL_VALUES[name] ?? m);
  if (/\$\{?[A-Z_]/.test(resolved)) return 'uses a shell variable set by the script';
  const words = shellWords(resolved);
  const start = words.indexOf('curl');
  const args = words.slice(start + 1);
  const req: CurlRequest = {method: '', url: '', headers: {}};
  const data: string[] = [];
  const query: string[] = [];
  let form: FormData | null = null;
  let get = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '|' || a === ')' || a === '>' || a.startsWith('|')) break;
    if (a === '-X' || a === '--request') req.method = args[++i];
    else if (a === '-H' || a === '--header') {
      const h = args[++i];
      const at = h.indexOf(':');
      req.headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(a)) data.push(args[++i]);
    else if (a === '--data-urlencode') query.push(args[++i]);
    else if (a === '-G' || a === '--get') get = true;
    else if (a === '-F' || a === '--form') {
      form ??= new FormData();
      const [k, v] = args[++i].split(/=(.*)/s);
      if (v.startsWith('@'))
        form.append(k, new Blob(['pressure,strokeCount\n12.5,102345\n']), path.basename(v.slice(1).split(';')[0]));
      else form.append(k, v);
    } else if (a === '-I' || a === '--head') req.method = 'HEAD';
    else if (a === '-r' || a === '--range') req.headers.Range = `bytes=${args[++i]}`;
    else if (a === '-u' || a === '--user') req.headers.Authorization = `Basic ${Buffer.from(args[++i]).toString('base64')}`;
    else if (['-o', '--output', '-w', '--write-out', '-D', '--dump-header', '-C', '--continue-at'].includes(a)) i++;
    else if (a.startsWith('-'))
      continue; // -s, -S, -i, -L, -OJ, -k …: output options
    else if (!req.url) req.url = a;
  }
  if (!req.url) return 'no URL';
  if (get || (query.length && !data.length)) {
    const q = query.map((kv) => {
      const [k, v] = kv.split(/=(.*)/s);
      return `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`;
    });
    if (q.length) req.url += (req.url.includes('?') ? '&' : '?') + q.join('&');
  } else if (data.length) req.body = data.join('&');
  if (form) req.body = form;
  req.method ||= req.body !== undefined ? 'POST' : 'GET';
  return req;
}

type Example = {file: string; line: number; command: string; status?: number};

/** The curl examples of the REST pages, each with the HTTP status its page shows after it (if any). */
export function curlExamples(files: string[], statusOf: (api: string, code: number) => number | undefined): Example[] {
  const out: Example[] = [];
  for (const file of files) {
    const {body, bodyLine} = parseDoc(file);
    const rel = path.relative(ROOT, file);
    const lines = body.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*```(bash|shell|sh)\b/.test(lines[i])) continue;
      let j = i + 1;
      const block: string[] = [];
      while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) block.push(lines[j++]);
      // What follows the block, up to the next shell block: the page's response.
      let k = j + 1;
      while (k < lines.length && !/^\s*```(bash|shell|sh)\b/.test(lines[k]) && !/^#{2,3}\s/.test(lines[k])) k++;
      const after = lines.slice(j + 1, k).join('\n');
      // Commands: continuation lines joined, and a quoted argument (a JSON body) may span lines.
      const commands: {text: string; offset: number}[] = [];
      let cur: {text: string; offset: number} | null = null;
      let quote: string | null = null;
      block.forEach((l, n) => {
        if (!cur) cur = {text: '', offset: n};
        cur.text += (cur.text ? (quote ? '\n' : ' ') : '') + l.replace(/\\\s*$/, '');
        for (const c of l) if (quote ? c === quote : c === "'" || c === '"') quote = quote ? null : c;
        if (!quote && !/\\\s*$/.test(l)) {
          commands.push(cur);
          cur = null;
        }
      });
      if (cur) commands.push(cur);
      for (const {text: cmd, offset} of commands) {
        if (/(^|\s|\(|=)curl\s/.test(cmd) && !cmd.trim().startsWith('#')) {
          const http = /HTTP\/1\.1 (\d{3})|（HTTP (\d{3})）|HTTP 状态码?为? ?(\d{3})/.exec(after);
          const code = /"code"\s*:\s*(\d{4,5})/.exec(after);
          let status = http ? Number(http[1] ?? http[2] ?? http[3]) : undefined;
          const api = APIS.find((a) => a.base.test(shellWords(cmd).find((w) => /^https?:/.test(w)) ?? ''));
          if (!status && code && api) status = statusOf(api.codes, Number(code[1]));
          out.push({file: rel, line: bodyLine + i + 1 + offset, command: cmd, status});
        }
      }
      i = j;
    }
  }
  return out;
}

async function startPrism(api: Api): Promise<ChildProcess> {
  const bin = path.join(ROOT, 'node_modules/.bin/prism');
  const child = spawn(bin, ['mock', api.doc, '--errors', '-h', '127.0.0.1', '-p', String(api.port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  for (let i = 0; i < 600; i++) {
    if (await portAnswers(api.port)) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`Prism did not start on ${api.doc}:\n${err.slice(-2000)}`);
}

export async function checkApiMock(files?: string[]): Promise<{problems: string[]; sent: number; skipped: string[]}> {
  const cat = loadCatalogue();
  const statusOf = (api: string, code: number) => cat[api]?.codes.find((c) => Number(c.code) === code && !c.where)?.status;
  const pages = files?.length
    ? files.map((f) => path.resolve(f))
    : listDocs()
        .filter((d) => /^(neptune|janus)\/api\//.test(d.id))
        .map((d) => d.file);
  const examples = curlExamples(pages, statusOf);
  // Both mocks, or neither: a mock that started is stopped when the other could not start.
  const started = await Promise.allSettled(APIS.map(startPrism));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    for (const s of servers) s.kill();
    throw failed.reason;
  }
  const problems: string[] = [];
  const skipped: string[] = [];
  let sent = 0;
  try {
    for (const ex of examples) {
      const req = parseCurl(ex.command);
      const where = `${ex.file}:${ex.line}`;
      if (typeof req === 'string') {
        skipped.push(`${where}: ${req}`);
        continue;
      }
      const api = APIS.find((a) => a.base.test(req.url));
      if (!api) continue; // not one of our APIs (e.g. a customer's HTTP server)
      const url = req.url.replace(api.base, `http://127.0.0.1:${api.port}`);
      const headers = {...req.headers, ...(ex.status && ex.status >= 300 ? {Prefer: `code=${ex.status}`} : {})};
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {method: req.method, headers, body: req.body, signal: AbortSignal.timeout(20_000)});
        text = await res.text();
      } catch (err) {
        problems.push(`${where}: ${req.method} ${url}: the mock of ${api.doc} did not answer (${(err as Error).message})`);
        continue;
      } finally {
        sent++;
      }
      const ok = ex.status ? res.status === ex.status : res.status >= 200 && res.status < 300;
      if (!ok) {
        const detail = text.length > 400 ? `${text.slice(0, 400)}…` : text;
        problems.push(
          `${where}: ${req.method} ${url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')} → ${res.status} from the mock of ${api.doc}, the page shows ${ex.status ?? '2xx'}${detail ? `: ${detail.replace(/\s+/g, ' ')}` : ''}`,
        );
      }
    }
  } finally {
    for (const s of servers) s.kill();
  }
  return {problems, sent, skipped};
}

if (require.main === module) {
  const {positionals} = parseCli('check-api-mock', {}, {positionals: Infinity, args: '[pages...]'});
  checkApiMock(positionals).then(
    ({problems, sent, skipped}) => {
      for (const p of problems) console.error(p);
      for (const s of skipped) console.log(`  not replayed: ${s}`);
      console.log(
        `check-api-mock: ${sent} curl example(s) sent to Prism mocks of openapi/*.yaml, ${skipped.length} not replayable, ${problems.length} problem(s)`,
      );
      process.exit(problems.length ? 1 : 0);
    },
    (err: Error) => {
      console.error(`check-api-mock: ${err.message}`);
      process.exit(1);
    },
  );
}
