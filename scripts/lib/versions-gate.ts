// The version gate (part of `npm run lint:facts`): the registry (docs-guide/versions.yaml) is well formed and points at
// pages and sections that exist; every version a page names in its prose (outside code) is a version of that product in
// the registry; every statement that something holds from a version on ("v2.7 起", "Janus 2.4 及以上", "HMI 1.5 及以后",
// "v2.8 之前") is held by a change of the registry for that page; every change is on its version's release notes (the
// notes link the page that documents it). Problems are file:line.
import fs from 'node:fs';
import YAML from 'yaml';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';
import {listDocs} from '../../plugins/lib/docs-source';
import {VERSIONS_FILE, compareVersions, readVersions, splitRef, type ProductVersions} from '../../plugins/lib/versions';
import {anchorsOf} from '../check-docs';
import {proseLines} from './markdown';

type Problem = {file: string; line: number; msg: string};
export type Statement = {page: string; line: number; product: string; version: string; text: string; since: boolean};

const NAMED: [string, string][] = [
  ['Neptune\\s*v?', 'neptune'],
  ['Janus\\s*', 'janus'],
  ['HMI(?:\\s*(?:运行时|设计器|Viewer|组态软件))?\\s*', 'hmi'],
  ['hmi@', 'hmi'],
  ['(?:WorkFlow|流程图控制系统)\\s*', 'workflow'],
  ['(?:Triton|triton-agent)\\s*v?', 'triton'],
];
const STATEMENT = new RegExp(
  `(?:(${NAMED.map(([re]) => `(?:${re})`).join('|')})(\\d+\\.\\d+(?:\\.\\d+)?)|(?<![\\w/.@-])v(2(?:\\.\\d+)?))(?![\\d.]*\\d)(?![\\w-])`,
  'g',
);
const SINCE = /^\s*(?:版本)?\s*(起|及以上|及以后|以上|开始|新增|引入|加入|之前|以前|或更高|及更高|以后)/;
const productOf = (prefix: string) => NAMED.find(([re]) => new RegExp(`^(?:${re})$`).test(prefix))![1];

const PRODUCT_CELL = /^(Janus|HMI|WorkFlow|流程图控制系统|Triton)(\s*(运行时|设计器))?(\s*版本)?$/;
const BARE = /^(\d+\.\d+(?:\.\d+)?)\s*(及以上|或更高|及更高|起)/;

/**
 * Statements in tables where the product is named by the row (`| Janus | 2.2 及以上 |`) or by the column's header
 * (`| 要求的 Janus 版本 |` … `| 2.2 及以上 |`).
 */
function tableStatements(page: string, lines: string[], out: Statement[]): void {
  let header: (string | undefined)[] | null = null;
  lines.forEach((line, i) => {
    if (!/^\s*\|/.test(line)) {
      header = null;
      return;
    }
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-{3,}:?$/.test(c))) return;
    if (!header) {
      header = cells.map((c) => /(Janus|HMI|WorkFlow|流程图控制系统|Triton)/.exec(c)?.[1]);
      return;
    }
    cells.forEach((cell, j) => {
      const bare = BARE.exec(cell);
      if (!bare) return;
      const label = j > 0 ? PRODUCT_CELL.exec(cells[j - 1])?.[1] : undefined;
      const name = label ?? header?.[j];
      if (!name) return;
      out.push({page, line: i + 1, product: productOf(name), version: bare[1], text: `${name} ${bare[0]}`, since: true});
    });
  });
}

/** The version statements of a page's prose (fenced code removed; inline code kept out too). */
export function statementsOf(page: string, text: string): Statement[] {
  const out: Statement[] = [];
  const lines = proseLines(text);
  tableStatements(page, lines, out);
  lines.forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length)).replace(/\]\([^)]*\)/g, (m) => ' '.repeat(m.length));
    if (/^\s*(keywords|description|title|sidebar_label):/.test(line)) return;
    for (const m of line.matchAll(STATEMENT)) {
      const product = m[1] !== undefined ? productOf(m[1]) : 'neptune';
      const version = m[2] ?? (m[3].includes('.') ? m[3] : `${m[3]}.0`);
      const after = line.slice(m.index! + m[0].length);
      out.push({page, line: i + 1, product, version, text: m[0].trim(), since: SINCE.test(after)});
    }
  });
  return out;
}

/** The line of `id: <id>` in the registry's text (the whole id, not a longer one it starts). */
const lineIn = (text: string) => {
  const lines = text.split('\n');
  return (needle: string) => {
    const re = new RegExp(`(^|[\\s{,-])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*($|[,}])`);
    return lines.findIndex((l) => re.test(l)) + 1 || 1;
  };
};

/** Problems of the registry itself, at its lines. */
export function checkRegistry(products: ProductVersions[], file = VERSIONS_FILE): Problem[] {
  const problems: Problem[] = [];
  const rel = path.relative(ROOT, file);
  const at = lineIn(fs.readFileSync(file, 'utf8'));
  const docs = new Map(listDocs().map((d) => [d.id, d.file]));
  /** What is wrong with a `page#section` reference, or null. */
  const refProblem = (ref: string): string | null => {
    const [page, section] = splitRef(ref);
    const f = docs.get(page);
    if (!f) return `page ${page} does not exist`;
    return section && !anchorsOf(f).has(section) ? `${page} has no section #${section}` : null;
  };
  for (const p of products) {
    const ids = new Set<string>();
    for (const v of p.versions) {
      const problem = v.notes ? refProblem(v.notes) : null;
      if (problem) problems.push({file: rel, line: at(v.notes!), msg: `${v.notes}: ${problem}`});
    }
    for (const c of p.changes) {
      const where = `id: ${c.id}`;
      const line = at(where);
      if (ids.has(c.id)) problems.push({file: rel, line, msg: `${p.id}: change id ${c.id} is listed twice`});
      ids.add(c.id);
      if (!p.versions.some((v) => compareVersions(v.version, c.version) === 0))
        problems.push({file: rel, line, msg: `${p.id}/${c.id}: version ${c.version} is not among ${p.name}'s versions`});
      if (!['added', 'changed', 'deprecated', 'removed'].includes(c.kind))
        problems.push({file: rel, line, msg: `${p.id}/${c.id}: kind "${c.kind}" is not added, changed, deprecated or removed`});
      if (c.breaking && !c.steps?.length)
        problems.push({file: rel, line, msg: `${p.id}/${c.id}: a breaking change needs its upgrade steps`});
      for (const ref of [c.page, ...(c.also ?? [])]) {
        const problem = refProblem(ref);
        if (problem) problems.push({file: rel, line, msg: `${p.id}/${c.id}: ${problem}`});
      }
    }
  }
  return problems;
}

/** Problems of the pages' statements against the registry. */
export function checkStatements(
  statements: Statement[],
  products: ProductVersions[],
  fileOf: (page: string) => string,
): Problem[] {
  const problems: Problem[] = [];
  const notesPages = new Set(products.flatMap((p) => p.versions.map((v) => splitRef(v.notes ?? '')[0])).filter(Boolean));
  for (const s of statements) {
    const p = products.find((x) => x.id === s.product)!;
    const file = path.relative(ROOT, fileOf(s.page));
    if (!p.versions.some((v) => compareVersions(v.version, s.version) === 0)) {
      problems.push({
        file,
        line: s.line,
        msg: `"${s.text}": ${p.name} ${s.version} is not a version in docs-guide/versions.yaml (${p.versions.map((v) => v.version).join(', ') || 'none listed'})`,
      });
      continue;
    }
    if (!s.since || notesPages.has(s.page)) continue;
    const onPage = (c: {page: string; also?: string[]}) => [c.page, ...(c.also ?? [])].some((ref) => splitRef(ref)[0] === s.page);
    // Held by a change of that version, or by another product's change that requires it ("HMI 1.5 needs Janus 2.2").
    const short = s.version.replace(/^(\d+\.\d+)\.0$/, '$1');
    const names = (what: string) =>
      what.includes(p.name) && new RegExp(`(?<![\\d.])${short.replace(/\./g, '\\.')}(?![\\d])`).test(what);
    const held =
      p.changes.some((c) => compareVersions(c.version, s.version) === 0 && onPage(c)) ||
      products.some((q) => q.id !== p.id && q.changes.some((c) => onPage(c) && names(c.what)));
    if (!held)
      problems.push({
        file,
        line: s.line,
        msg: `"${s.text}…": no change of ${p.name} ${s.version} in docs-guide/versions.yaml names this page (add it as the change's page or in its also)`,
      });
  }
  return problems;
}

/**
 * The release notes and the registry agree: every page that a version's notes link from their 新增 list (the section whose
 * id ends in `new` or `added`) is the page (or an `also`) of a change of that version. Glossary links are words, not
 * features.
 */
export function checkNotes(products: ProductVersions[]): Problem[] {
  const problems: Problem[] = [];
  const docs = new Map(listDocs().map((d) => [d.id, d.file]));
  for (const p of products)
    for (const v of p.versions) {
      if (!v.notes) continue;
      const [notesPage, notesSection] = splitRef(v.notes);
      const f = docs.get(notesPage);
      if (!f) continue;
      const names = new Set(
        p.changes
          .filter((c) => compareVersions(c.version, v.version) === 0)
          .flatMap((c) => [c.page, ...(c.also ?? [])].map((r) => splitRef(r)[0])),
      );
      let inVersion = !notesSection;
      let inNew = false;
      proseLines(fs.readFileSync(f, 'utf8')).forEach((line, i) => {
        const h = /^(#{2,6})\s.*\{#([^}]+)\}\s*$/.exec(line);
        if (h) {
          if (notesSection && h[1].length === 2) inVersion = h[2] === notesSection;
          inNew = inVersion && /(^|-)(new|added)$/.test(h[2]);
          return;
        }
        if (!inNew || !/^\s*[-*] /.test(line)) return;
        for (const m of line.matchAll(/\]\(([^)#\s]+\.mdx?)(#[^)]*)?\)/g)) {
          const target = path
            .relative(path.join(ROOT, 'docs'), path.resolve(path.dirname(f), m[1]))
            .split(path.sep)
            .join('/')
            .replace(/\.mdx?$/, '');
          if (target.endsWith('/glossary') || names.has(target)) continue;
          problems.push({
            file: path.relative(ROOT, f),
            line: i + 1,
            msg: `the ${p.name} ${v.version} notes list ${target} as new, but no change of ${p.name} ${v.version} in docs-guide/versions.yaml names it`,
          });
        }
      });
    }
  return problems;
}

/** The API documents the registry's `operation` and `field` refer to (`neptune#…`). */
const API_DOCS: Record<string, string> = {
  neptune: 'openapi/neptune.yaml',
  janus: 'openapi/janus.yaml',
  'neptune-mqtt': 'asyncapi/neptune-mqtt.yaml',
};

const pointerKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * One read of each API document: every `x-since` as `api#/json/pointer` → version, and every operation's pointer by
 * `api#operationId`.
 */
export function apiSince(docs = API_DOCS): {since: Map<string, string>; operations: Map<string, string>} {
  const since = new Map<string, string>();
  const operations = new Map<string, string>();
  for (const [api, file] of Object.entries(docs)) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue;
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (typeof o['x-since'] === 'string') since.set(`${api}#${pointer}`, o['x-since']);
      if (pointer.startsWith('/paths/') && typeof o.operationId === 'string')
        operations.set(`${api}#${o.operationId}`, `${api}#${pointer}`);
      for (const [k, v] of Object.entries(o)) walk(v, `${pointer}/${pointerKey(k)}`);
    };
    walk(YAML.parse(fs.readFileSync(full, 'utf8')), '');
  }
  return {since, operations};
}

/**
 * The API documents and the registry agree: a change's `operation` (operationId) or `field` (JSON pointer) carries the
 * change's version as `x-since`, and every `x-since` in the documents is such a change.
 */
export function checkApiSince(products: ProductVersions[], file = VERSIONS_FILE, docs = API_DOCS): Problem[] {
  const problems: Problem[] = [];
  const rel = path.relative(ROOT, file);
  const at = lineIn(fs.readFileSync(file, 'utf8'));
  const {since, operations: opPointer} = apiSince(docs);
  const claimed = new Set<string>();
  for (const p of products)
    for (const c of p.changes) {
      const fields = c.field === undefined ? [] : Array.isArray(c.field) ? c.field : [c.field];
      const refs: [string, string | undefined][] = [
        ...(c.operation ? [[c.operation, opPointer.get(c.operation)] as [string, string | undefined]] : []),
        ...fields.map((f) => [f, f] as [string, string]),
      ];
      for (const [name, ref] of refs) {
        if (!ref) {
          problems.push({
            file: rel,
            line: at(`id: ${c.id}`),
            msg: `${p.id}/${c.id}: operation ${name} is not in the API documents`,
          });
          continue;
        }
        claimed.add(ref);
        const got = since.get(ref);
        if (got !== c.version)
          problems.push({
            file: rel,
            line: at(`id: ${c.id}`),
            msg: `${p.id}/${c.id}: ${name} has x-since ${got ?? '(none)'} in the API document; the registry says ${c.version}`,
          });
      }
    }
  for (const [ref, version] of since)
    if (!claimed.has(ref))
      problems.push({
        file: rel,
        line: 1,
        msg: `${ref} has x-since ${version}, but no change of the registry names it (operation or field)`,
      });
  return problems;
}

export function checkVersions(pages: Map<string, string>, whole: boolean): Problem[] {
  const products = readVersions();
  const statements = [...pages].flatMap(([page, file]) => statementsOf(page, fs.readFileSync(file, 'utf8')));
  return [
    ...(whole ? [...checkRegistry(products), ...checkNotes(products), ...checkApiSince(products)] : []),
    ...checkStatements(statements, products, (page) => pages.get(page)!),
  ];
}
