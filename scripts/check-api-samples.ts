// Gate: the code samples of the API pages against the API descriptions, with the tools a reader uses.
//   1. TypeScript types generated from openapi/neptune.yaml and openapi/janus.yaml by openapi-typescript (the version in
//      package.json), into a scratch folder under the system's temp folder (removed afterwards). Schemas that no generator
//      can type (`items` without `type: array`, objects without properties or additionalProperties) are problems of the
//      document, at its line.
//   2. Every ```js / ```ts sample of the REST pages (docs/neptune/api/**, docs/janus/api/** outside mqtt/) type-checked
//      against those types in one TypeScript program (`strict`): each call of an operation is typed by the operation
//      the gate finds from its method and path, so the query and body sent and the fields read must be the document's.
//      How, and what is sound: scripts/lib/api-samples/typecheck.ts.
//   3. Python, Java and Go samples of the same pages: the field names they send or read (scripts/lib/api-samples/fields.ts)
//      must be names of the operations they call (those found from the paths they spell), or of the document when they
//      call none.
//   4. MQTT: every payload example (docs/neptune/api/mqtt/**, and any page that names a topic of
//      asyncapi/neptune-mqtt.yaml next to a payload) validated against its message (scripts/lib/api-samples/mqtt.ts);
//      the samples of the MQTT pages that publish or subscribe: their field names against the AsyncAPI document.
// Samples the gate cannot check are listed as skipped, with the reason; calls it cannot type are listed as untyped.
// Other copies of the documents (the fixtures' broken ones): API_SAMPLES_NEPTUNE, API_SAMPLES_JANUS, API_SAMPLES_ASYNCAPI.
// Usage: tsx scripts/check-api-samples.ts [pages...]   — exits 1 with `file:line: message` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';
import {listDocs} from '../plugins/lib/docs-source';
import {fieldUses, langOf, requests, type Lang} from './lib/api-samples/fields';
import {inlinePayloads, loadAsyncApi, payloadsOf, validatePayloads} from './lib/api-samples/mqtt';
import {
  API_NAMES,
  apiOfPath,
  generateTypes,
  loadDocs,
  urlPath,
  type ApiName,
  type OpenApiDoc,
  type Operation,
  type Problem,
} from './lib/api-samples/openapi';
import {pageFences, pageParagraphs, where, type Fence} from './lib/api-samples/pages';
import {typecheckSamples} from './lib/api-samples/typecheck';

export type SamplesOptions = {openapi?: Partial<Record<ApiName, string>>; asyncapi?: string};
export type SamplesResult = {
  problems: string[];
  skipped: string[];
  notes: string[];
  typechecked: Record<string, number>;
  typedCalls: number;
  fieldChecked: Record<string, number>;
  payloads: number;
};

const isMqttPage = (page: string) => /(^|\/)mqtt\//.test(page);
const isApiPage = (page: string) => /^docs\/(neptune|janus)\/api\//.test(page);

/** Field names of a Python / Java / Go sample of a REST page against the operations it calls. */
function checkFields(f: Fence, lang: Lang, docs: Record<ApiName, OpenApiDoc>, problems: Problem[]): void {
  const ops: Operation[] = [];
  for (const r of requests(f.text, lang)) {
    const p = urlPath(r.url);
    const api = p && apiOfPath(docs, p.path);
    if (!p || !api || api.rest === '' || api.rest === '/') continue; // the base URL itself (a constant)
    const {ops: found} = r.method ? api.doc.find(r.method, api.rest) : {ops: api.doc.ops.filter((o) => o.test.test(api.rest))};
    if (!found.length)
      problems.push({
        where: where(f, r.line),
        msg: `${r.method ?? ''} ${p.path.replace(/\uE000/g, '{…}')} is not an operation of ${api.doc.rel}`.trim(),
      });
    ops.push(...found);
  }
  const pageApi: ApiName = /janus/.test(f.page) ? 'janus' : 'neptune';
  const apis = ops.length ? [...new Set(ops.map((o) => o.api))] : [pageApi];
  const allowed = new Set(apis.flatMap((a) => [...docs[a].fieldNames(ops.length ? ops.filter((o) => o.api === a) : undefined)]));
  const of = ops.length
    ? `the operations it calls (${[...new Set(ops.map((o) => `${o.api}#${o.id}`))].join(', ')}) in ${apis.map((a) => docs[a].rel).join(', ')}`
    : docs[pageApi].rel;
  for (const u of fieldUses(f.text, lang))
    if (!allowed.has(u.name)) problems.push({where: where(f, u.line), msg: `field "${u.name}" not in ${of}`});
}

export async function checkApiSamples(files?: string[], opts: SamplesOptions = {}): Promise<SamplesResult> {
  const docs = loadDocs(opts.openapi);
  const asyncapi = loadAsyncApi(opts.asyncapi);
  const problems: Problem[] = [];
  const skipped: string[] = [];
  const notes: string[] = [];
  for (const api of API_NAMES) problems.push(...docs[api].untypedSchemas());

  const given = files?.length ? files.map((f) => path.resolve(f)) : undefined;
  const pages = given ?? listDocs().map((d) => d.file);
  const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
  const tsFences: Fence[] = [];
  const fieldChecked: Record<string, number> = {};
  const mqttNames = asyncapi.fieldNames();
  let payloads = 0;
  for (const file of pages) {
    const page = rel(file);
    const fences = pageFences(file);
    const samplesHere = given !== undefined || isApiPage(page);
    if (samplesHere)
      for (const f of fences) {
        const lang = langOf(f.lang);
        if (!lang) continue;
        if (isMqttPage(page)) {
          // MQTT client code: its payload field names against the AsyncAPI document.
          if (!/\$nep\/|\bpublish\s*\(|\bsubscribe\s*\(|\/user\//.test(f.text)) {
            skipped.push(
              `${where(f, 1)}: ${f.lang} sample on an MQTT page that neither publishes nor subscribes: no payload to check`,
            );
            continue;
          }
          fieldChecked[`${lang} (MQTT)`] = (fieldChecked[`${lang} (MQTT)`] ?? 0) + 1;
          for (const u of fieldUses(f.text, lang))
            if (!mqttNames.has(u.name)) problems.push({where: where(f, u.line), msg: `field "${u.name}" not in ${asyncapi.rel}`});
        } else if (lang === 'js') tsFences.push(f);
        else {
          fieldChecked[lang] = (fieldChecked[lang] ?? 0) + 1;
          checkFields(f, lang, docs, problems);
        }
      }
    const found = [...payloadsOf(fences, asyncapi, skipped), ...inlinePayloads(pageParagraphs(file), page, asyncapi)];
    const v = validatePayloads(found, asyncapi);
    payloads += v.validated;
    problems.push(...v.problems);
  }

  let ts: Awaited<ReturnType<typeof typecheckSamples>> = {problems: [], skipped: [], notes: [], checked: {}, calls: 0};
  if (tsFences.length) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-samples-'));
    try {
      const types = {} as Record<ApiName, string>;
      for (const api of API_NAMES) types[api] = await generateTypes(docs[api]);
      ts = await typecheckSamples(tsFences, docs, types, dir);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  }
  problems.push(...ts.problems);
  skipped.push(...ts.skipped);
  notes.push(...ts.notes);
  // In file and line order (the documents' own problems first).
  const key = (w: string) => {
    const m = /^(.*?):(\d+)/.exec(w);
    return m ? {file: m[1], line: Number(m[2])} : {file: w, line: 0};
  };
  problems.sort((a, b) => {
    const [x, y] = [key(a.where), key(b.where)];
    const docFirst = Number(!/\.ya?ml$/.test(x.file)) - Number(!/\.ya?ml$/.test(y.file));
    return docFirst || x.file.localeCompare(y.file) || x.line - y.line;
  });
  return {
    problems: problems.map((p) => `${p.where}: ${p.msg}`),
    skipped,
    notes,
    typechecked: ts.checked,
    typedCalls: ts.calls,
    fieldChecked,
    payloads,
  };
}

if (require.main === module) {
  const {positionals} = parseCli('check-api-samples', {}, {positionals: Infinity, args: '[pages...]'});
  const started = Date.now();
  checkApiSamples(positionals).then(
    (r) => {
      for (const p of r.problems) console.error(p);
      for (const s of r.skipped) console.log(`  skipped: ${s}`);
      for (const n of r.notes) console.log(`  untyped: ${n}`);
      const count = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
      const list = (o: Record<string, number>) =>
        Object.entries(o)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
      console.log(
        `check-api-samples: ${count(r.typechecked)} JS/TS sample(s) type-checked against openapi-typescript types (${list(r.typechecked)}; ${r.typedCalls} operation call(s) typed), ` +
          `${count(r.fieldChecked)} sample(s) field-checked (${list(r.fieldChecked)}), ${r.skipped.length} skipped, ` +
          `${r.payloads} MQTT payload(s) validated, ${r.problems.length} problem(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      process.exit(r.problems.length ? 1 : 0);
    },
    (err: Error) => {
      console.error(`check-api-samples: ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
