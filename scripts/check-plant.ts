// Consistency gate: pages agree with the reference plant (docs-guide/reference-plant.yaml) and with each other.
//   - a point of the press PLC shown in a table row, a JSON object, a triton.toml point or an HMI CSV row has the plant's
//     register, type and Chinese label; `dev-001.<x>` names a real point; a count of dev-001's points is the plant's;
//   - words the plant forbids (wrong labels such as 油温) do not appear;
//   - bold menu paths (**A > B**) are ones the plant lists;
//   - every app manifest (app.json) shown passes docs-guide/schemas/app-manifest.schema.json (written from
//     open-platform/app-manifest); a block marked `check=invalid` must fail it, as the page says it does;
//   - a numbered step with an obviously destructive or moving action has a :::warning or :::danger before it in its section.
// A fence with `check=off` in its meta, or the lines between {/* plant-check: off */} and {/* plant-check: on */}, are
// skipped (for examples of other machines). Usage: tsx scripts/check-plant.ts [files...]; exits 1 with file:line messages.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import {ROOT} from '../plugins/lib/paths';
import {listDocs, parseDoc} from '../plugins/lib/docs-source';
import {parseCli} from './lib/args';
import {isSeparatorRow, tableCells} from './lib/markdown';

export const PLANT_FILE = path.join(ROOT, 'docs-guide/reference-plant.yaml');
export const MANIFEST_SCHEMA = path.join(ROOT, 'docs-guide/schemas/app-manifest.schema.json');

type PlantPoint = {point: string; triton: string; neptune?: string; address: string; type: string; label: string};
export type Plant = {
  plc: {janusDeviceId: string; points: PlantPoint[]};
  neptune: {products: {productKey: string; thingModel?: {properties: {id: string; type: string}[]}}[]};
  hmi: {variables: {name: string; address: string; type: string}[]};
  manifests: Record<string, unknown>;
  menus: Record<string, string[]>;
  wrongWords?: Record<string, string>;
};
export type Problem = {file: string; line: number; msg: string};

export function loadPlant(file = PLANT_FILE): Plant {
  const text = fs.readFileSync(file, 'utf8');
  const doc = YAML.parseDocument(text, {prettyErrors: true});
  if (doc.errors.length) {
    const e = doc.errors[0];
    throw new Error(`${path.relative(ROOT, file)}:${e.linePos?.[0].line ?? 1}: ${e.message}`);
  }
  return doc.toJS() as Plant;
}

const TYPE_WORDS = new Set(['bool', 'int16', 'int32', 'int', 'float', 'double', 'string', 'enum', 'uint16', 'uint32']);
const ADDRESS = /^(HR|IR|CO|DI):\d+$/;
const LABEL_HEADERS = new Set(['名称', '中文名', '中文名称', '显示名称', '标签', '数据点名称', '描述']);
const CODE_SPAN = /`([^`]+)`/g;
// Obvious words of a step that deletes data, moves an axis or changes a running machine.
const DANGER_WORD = /删除|卸载|清空|格式化|恢复出厂|重置|回零|点动|JOG|启动|下发|写入/;
/** A numbered step that clicks a bold button whose label deletes, resets, downloads or starts something. */
function isDangerStep(line: string): boolean {
  if (!/^\s*\d+\.\s/.test(line)) return false;
  for (const m of line.matchAll(/\*\*([^*]+)\*\*/g)) {
    const label = m[1];
    const before = line.slice(Math.max(0, m.index! - 12), m.index);
    if (DANGER_WORD.test(label) && !/设置|虚拟|>/.test(label) && /单击|点击|选择|按下|执行/.test(before)) return true;
  }
  return false;
}

export class PlantChecker {
  private byName = new Map<string, PlantPoint>();
  private typesOf = new Map<string, Set<string>>();
  private menuPaths: string[][];
  private validate?: (data: unknown) => boolean;
  private schemaErrors = (): string => '';
  problems: Problem[] = [];

  constructor(private plant: Plant) {
    for (const p of plant.plc.points) {
      this.byName.set(p.point, p);
      this.byName.set(p.triton, p);
      this.addType(p.point, p.type);
      this.addType(p.triton, p.type);
    }
    for (const prod of plant.neptune.products)
      for (const prop of prod.thingModel?.properties ?? []) this.addType(prop.id, prop.type.split(/\s/)[0]);
    for (const v of plant.hmi.variables) {
      const src = v.address.startsWith(`${plant.plc.janusDeviceId}.`) ? v.address.split('.')[1] : undefined;
      if (src && this.byName.has(src)) this.addType(src, v.type);
    }
    // int means int32 in WorkFlow and HMI tables.
    this.menuPaths = Object.values(plant.menus)
      .flat()
      .map((m) => splitMenu(m));
    if (fs.existsSync(MANIFEST_SCHEMA)) {
      const ajv = new Ajv2020({allErrors: true, strict: false});
      addFormats(ajv);
      const v = ajv.compile(JSON.parse(fs.readFileSync(MANIFEST_SCHEMA, 'utf8')));
      this.validate = (d) => v(d) as boolean;
      this.schemaErrors = () => ajv.errorsText(v.errors, {dataVar: 'app.json'});
    }
  }

  private addType(name: string, type: string) {
    if (!this.typesOf.has(name)) this.typesOf.set(name, new Set());
    this.typesOf.get(name)!.add(type);
  }

  private add(file: string, line: number, msg: string) {
    this.problems.push({file, line, msg});
  }

  /** The plant's own manifests must pass the schema. */
  checkPlantManifests(file = 'docs-guide/reference-plant.yaml') {
    if (!this.validate) {
      this.add(file, 1, `manifest schema ${path.relative(ROOT, MANIFEST_SCHEMA)} is missing`);
      return;
    }
    for (const [key, m] of Object.entries(this.plant.manifests))
      if (!this.validate(m)) this.add(file, 1, `manifests.${key} fails the app.json schema: ${this.schemaErrors()}`);
  }

  checkPoint(file: string, line: number, name: string, fields: {address?: string; type?: string; label?: string}) {
    const p = this.byName.get(name);
    if (!p) return;
    if (fields.address && ADDRESS.test(fields.address) && fields.address !== p.address)
      this.add(file, line, `point \`${name}\` is at ${p.address} in the reference plant, not ${fields.address}`);
    if (fields.type) {
      const t = fields.type.toLowerCase();
      const ok = this.typesOf.get(name) ?? new Set([p.type]);
      if (TYPE_WORDS.has(t) && !ok.has(t) && !(t === 'int' && ok.has('int32')))
        this.add(file, line, `point \`${name}\` is ${p.type} in the reference plant, not ${fields.type}`);
    }
    if (fields.label && /\p{Script=Han}/u.test(fields.label) && !fields.label.includes(p.label))
      this.add(file, line, `point \`${name}\` is labelled 「${p.label}」 in the reference plant, not 「${fields.label}」`);
  }

  checkFile(file: string, text: string, bodyLine = 1) {
    const lines = text.split('\n');
    let fence: {lang: string; meta: string; start: number; lines: string[]} | null = null;
    let off = false;
    let header: string[] | null = null;
    let sectionWarned = false;
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const ln = bodyLine + i;
      const open = /^\s*(```+|~~~+)\s*([\w-]*)\s*(.*)$/.exec(raw);
      if (fence) {
        if (open && !open[2] && !open[3]) {
          this.checkFence(file, fence);
          fence = null;
        } else fence.lines.push(raw);
        continue;
      }
      if (open) {
        fence = {lang: open[2], meta: open[3], start: ln, lines: []};
        continue;
      }
      if (/\{\/\*\s*plant-check:\s*off\s*\*\/\}/.test(raw)) off = true;
      if (/\{\/\*\s*plant-check:\s*on\s*\*\/\}/.test(raw)) off = false;
      if (/^#{2,3}\s/.test(raw)) sectionWarned = false;
      if (/^\s*:::(warning|danger|caution)/.test(raw)) sectionWarned = true;
      this.checkWords(file, ln, raw);
      this.checkMenus(file, ln, raw);
      if (!off) this.checkProse(file, ln, raw);
      if (isDangerStep(raw) && !sectionWarned)
        this.add(
          file,
          ln,
          `step "${raw.trim().slice(0, 40)}…" deletes data or moves or changes a machine: put a :::warning or :::danger before it`,
        );
      // Tables.
      if (/^\s*\|/.test(raw)) {
        const cells = tableCells(raw);
        if (!header) header = cells;
        else if (!isSeparatorRow(cells) && !off) this.checkRow(file, ln, header, cells);
      } else header = null;
    }
  }

  private checkWords(file: string, line: number, raw: string) {
    for (const [word, why] of Object.entries(this.plant.wrongWords ?? {}))
      if (raw.includes(word)) this.add(file, line, `「${word}」: ${why}`);
  }

  private checkProse(file: string, line: number, raw: string) {
    const dev = this.plant.plc.janusDeviceId;
    for (const m of raw.matchAll(new RegExp(`\\b${dev}\\.([A-Za-z_][\\w]*)`, 'g')))
      if (!this.byName.has(m[1]))
        this.add(file, line, `\`${dev}.${m[1]}\`: ${dev} has no point \`${m[1]}\` in the reference plant`);
    const count = new RegExp(`${dev}[^。；\\n]{0,40}?(\\d+) 个(数据)?点`).exec(raw);
    const n = this.plant.plc.points.length;
    if (count && Number(count[1]) !== n && !/个(测量|可写|只读|命令|设定)/.test(count[0]))
      this.add(file, line, `${dev} has ${n} points in the reference plant, not ${count[1]}`);
  }

  private checkRow(file: string, line: number, header: string[], cells: string[]) {
    // The point is named in the row's first cell (the name column); a point in an example column is just a value.
    const first = 0;
    const name = [...(cells[0] ?? '').matchAll(CODE_SPAN)].map((m) => m[1]).find((x) => this.byName.has(x));
    if (!name) return;
    const plain = (c: string) => c.replace(/`/g, '').trim();
    const address = cells.map(plain).find((c) => ADDRESS.test(c));
    const type = cells.map(plain).find((c, i) => i !== first && TYPE_WORDS.has(c.toLowerCase()));
    const li = header.findIndex((h) => LABEL_HEADERS.has(h.replace(/\*/g, '').trim()));
    const label = li >= 0 && li !== first && cells[li] && !cells[li].includes('`') ? cells[li] : undefined;
    // Only rows that describe a PLC point: those with an address, or labels in a point table.
    if (address || type) this.checkPoint(file, line, name, {address, type, label: address ? label : undefined});
  }

  private checkFence(file: string, f: {lang: string; meta: string; start: number; lines: string[]}) {
    if (/\bcheck=off\b/.test(f.meta)) return;
    const body = f.lines.join('\n');
    const first = f.start + 1;
    if (f.lang === 'toml') this.checkToml(file, first, f.lines);
    if (f.lang === 'csv') this.checkCsv(file, first, f.lines);
    // JSON objects with pointId, anywhere (json blocks, curl bodies).
    f.lines.forEach((l, i) => {
      for (const m of l.matchAll(/\{[^{}]*"pointId"\s*:\s*"[^"]+"[^{}]*\}/g)) {
        try {
          const o = JSON.parse(m[0]);
          this.checkPoint(file, first + i, o.pointId, {address: o.address, type: o.type, label: o.name});
        } catch {
          /* not strict JSON (a JS object): skipped */
        }
      }
      const dev = this.plant.plc.janusDeviceId;
      for (const m of l.matchAll(new RegExp(`["'\`]${dev}\\.([A-Za-z_]\\w*)["'\`]`, 'g')))
        if (!this.byName.has(m[1])) this.add(file, first + i, `\`${dev}.${m[1]}\`: ${dev} has no point \`${m[1]}\``);
    });
    if (f.lang === 'json' || f.lang === 'json5') this.checkManifest(file, f.start, f.meta, body);
  }

  private checkManifest(file: string, line: number, meta: string, body: string) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      return;
    }
    const o = data as Record<string, unknown>;
    const isManifest =
      /app\.json/.test(meta) ||
      (o && typeof o === 'object' && !Array.isArray(o) && 'id' in o && 'version' in o && ('pages' in o || 'permissions' in o));
    if (!isManifest) return;
    if (!this.validate) {
      this.add(file, line, `app manifest found but ${path.relative(ROOT, MANIFEST_SCHEMA)} is missing`);
      return;
    }
    const ok = this.validate(data);
    const expectInvalid = /\bcheck=invalid\b/.test(meta);
    if (!ok && !expectInvalid) this.add(file, line, `app.json example fails the manifest rules: ${this.schemaErrors()}`);
    if (ok && expectInvalid) this.add(file, line, 'app.json example is marked check=invalid but passes the manifest rules');
  }

  private checkToml(file: string, first: number, lines: string[]) {
    let cur: {line: number; f: Record<string, string>} | null = null;
    const flush = () => {
      if (!cur) return;
      const {name, address, type, janus} = cur.f;
      if (name && this.byName.has(name) && ADDRESS.test(address ?? '')) {
        this.checkPoint(file, cur.line, name, {address, type});
        const p = this.byName.get(name)!;
        if (janus && janus !== p.point)
          this.add(file, cur.line, `point \`${name}\` is \`${p.point}\` in Janus (reference plant), not \`${janus}\``);
      }
      cur = null;
    };
    lines.forEach((l, i) => {
      if (/^\s*\[/.test(l)) {
        flush();
        if (/^\s*\[\[devices\.points\]\]/.test(l)) cur = {line: first + i, f: {}};
        return;
      }
      const kv = /^\s*(\w+)\s*=\s*"([^"]*)"/.exec(l);
      if (cur && kv) cur.f[kv[1]] = kv[2];
    });
    flush();
  }

  private checkCsv(file: string, first: number, lines: string[]) {
    const head = (lines[0] ?? '').split(',');
    const ai = head.indexOf('address');
    const ti = head.indexOf('type');
    if (ai < 0 || ti < 0) return;
    const dev = this.plant.plc.janusDeviceId;
    lines.slice(1).forEach((l, i) => {
      const c = l.split(',');
      const m = new RegExp(`^${dev}\\.(\\w+)$`).exec(c[ai] ?? '');
      if (m) this.checkPoint(file, first + 1 + i, m[1], {type: c[ti]});
    });
  }

  private checkMenus(file: string, line: number, raw: string) {
    const stripped = raw.replace(/`[^`]*`/g, '');
    for (const m of stripped.matchAll(/\*\*([^*]+?)\*\*/g)) {
      if (!m[1].includes(' > ')) continue;
      const segs = splitMenu(m[1]);
      const ok = this.menuPaths.some(
        (p) => p.length >= segs.length && segs.every((s, i) => p[i] === '*' || p[i] === s || /^（.*）$/.test(s)),
      );
      if (!ok) this.add(file, line, `menu path **${m[1].trim()}** is not in the reference plant's menus`);
    }
  }
}

function splitMenu(s: string): string[] {
  return s
    .split('>')
    .map((x) => x.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

export function checkPlantPages(files?: string[], plant = loadPlant()): Problem[] {
  const checker = new PlantChecker(plant);
  checker.checkPlantManifests();
  const docs = files?.length ? files.map((f) => path.resolve(f)) : listDocs().map((d) => d.file);
  for (const file of docs) {
    const rel = path.relative(ROOT, file);
    const {body, bodyLine} = parseDoc(file);
    checker.checkFile(rel, body, bodyLine);
  }
  return checker.problems;
}

if (require.main === module) {
  let problems: Problem[];
  const {positionals: args} = parseCli('check-plant', {}, {positionals: Infinity, args: '[files...]'});
  const checked = args.length || listDocs().length;
  try {
    problems = checkPlantPages(args);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.msg}`);
  const files = new Set(problems.map((p) => p.file)).size;
  console.log(
    `check-plant: ${checked} page(s) checked, ${problems.length} problem(s)${problems.length ? ` in ${files} file(s)` : ''}`,
  );
  process.exit(problems.length ? 1 : 0);
}
