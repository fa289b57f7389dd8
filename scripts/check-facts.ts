// Facts gate: a fact that several pages state has one source, and every page states it as that source does.
//   - Error codes (docs-guide/error-codes.yaml): every code a page cites — table rows, `"code": …`, `code=…`,
//     `err.code === …`, `case …:` in samples, and codes named in prose next to 错误码 / code — exists for the page's
//     interface; a JSON example's `msg`/`message` starts with the code's phrase; a table row's HTTP status is the code's;
//     a line that cites one code next to a phrase of another code's cause (and none of its own) is reported. The OpenAPI
//     documents' `x-error-codes` and `ErrorCode` enum, and the AsyncAPI examples' codes, agree with the catalogue.
//   - Identities (docs-guide/reference-plant.yaml): every Janus device id, Neptune device name, product key, appKey,
//     token, AccessKey, app id, package file, file id, team, rule and 192.168.x.x host a page uses is one the plant lists;
//     a Janus device is shown with the plant's driver and address; `productKey/deviceName` pairs are the plant's; an
//     app.json shown for a plant app has the plant's permissions.
//   - Tutorials (kind `tutorial` in docs-guide/ia.tsv) declare `requires:` and `creates:` in front matter: every plant
//     identity the page uses is in one of them, and each created one appears in a numbered step.
//   - Bold interface words in numbered steps are in the terminology base (docs-guide/terminology.yaml), or are a menu
//     path of the plant (checked by lint:plant).
// A fence with `check=off`, or lines between {/* facts-check: off */} and {/* facts-check: on */}, are skipped.
// Usage: tsx scripts/check-facts.ts [files...]; exits 1 with `file:line: message` lines.
import fs from 'node:fs';
import path from 'node:path';
import YAML, {LineCounter} from 'yaml';
import {ROOT} from '../plugins/lib/paths';
import {listDocs, parseDoc, readPlan} from '../plugins/lib/docs-source';
import {type Catalogue, type ErrorCode, loadCatalogue} from '../plugins/error-codes/catalogue';
import {type Problem, PLANT_FILE, loadPlant} from './check-plant';
import {parseCli} from './lib/args';
import {isSeparatorRow, proseLines, tableCells} from './lib/markdown';
import {checkBehaviour} from './lib/behaviour-facts';
import {checkVersions} from './lib/versions-gate';

export const TERMS_FILE = path.join(ROOT, 'docs-guide/terminology.yaml');

// ---------------------------------------------------------------------------------------------------------------------
// Error codes
// ---------------------------------------------------------------------------------------------------------------------

/** The interfaces whose codes a page may cite, its own first. */
export function interfacesFor(docId: string, code: number): string[] {
  if (code >= 6000 && code < 7000) return ['hmi-runtime'];
  if (code >= 10000)
    return docId.startsWith('neptune/api/mqtt/') ? ['neptune-mqtt', 'neptune-rest'] : ['neptune-rest', 'neptune-mqtt'];
  if (docId.startsWith('open-platform/')) return ['open-platform-js', 'janus'];
  return ['janus', 'open-platform-js'];
}

/** A number that can be a code of some interface (the ranges the catalogue's families use; ports such as 1883 are not). */
const CODE_LIKE = (n: number) =>
  [
    [1001, 1099],
    [2001, 2099],
    [3001, 3099],
    [4001, 4399],
    [5000, 5099],
    [6001, 6199],
    [40000, 59999],
  ].some(([a, b]) => n >= a && n <= b);
const UNIT_AFTER = /^\s*(ms|s|秒|分钟|次|个|条|年|月|日|号|字节|B|KB|MB|GB|V|W|mm|°|%|端口|台|行|件|rpm)/;

type Cite = {code: number; strong: boolean};

/** The codes a line cites. Strong citations (code syntax, table rows, 错误码 N) must exist; weak ones are checked for cause. */
export function citedCodes(line: string, inTable: boolean, inCode: boolean): Cite[] {
  const out = new Map<number, boolean>();
  const add = (n: number, strong: boolean) => {
    if (!CODE_LIKE(n)) return;
    out.set(n, (out.get(n) ?? false) || strong);
  };
  for (const m of line.matchAll(/["']?\bcode["']?\s*(?:===?|==|:|=)\s*(\d{4,5})\b/gi)) add(Number(m[1]), true);
  for (const m of line.matchAll(/\bcase\s+(\d{4,5})\s*:/g)) add(Number(m[1]), true);
  for (const m of line.matchAll(/\b(?:Code|code|errcode)\s*(?:!==?|!=)\s*(\d{4,5})\b/g)) add(Number(m[1]), true);
  if (inTable) {
    const first = tableCells(line)[0]?.replace(/`/g, '');
    if (first && /^\d{4,5}$/.test(first)) add(Number(first), true);
  }
  if (!inCode) {
    for (const m of line.matchAll(/(?:错误码|返回码|\bcode\b)\s*(?:为|是|：|:)?\s*`?(\d{4,5})`?(?!\d)/g)) add(Number(m[1]), true);
    if (/错误码|返回码|\bcode\b|错误|返回|报错|应答/.test(line)) {
      for (const m of line.matchAll(/(?<![\d.\w-])`?(\d{4,5})`?(?![\d.\w])/g)) {
        const rest = line.slice(m.index! + m[0].length);
        if (!UNIT_AFTER.test(rest)) add(Number(m[1]), false);
      }
    }
  }
  return [...out].map(([code, strong]) => ({code, strong}));
}

function entryFor(cat: Catalogue, apis: string[], code: number): {api: string; entry: ErrorCode} | undefined {
  for (const api of apis) {
    const entry = cat[api]?.codes.find((c) => Number(c.code) === code);
    if (entry) return {api, entry};
  }
  return undefined;
}

/** Phrases of the catalogue's causes per interface (a shared interface inherits the codes it shares). */
function saysOf(cat: Catalogue, api: string, code: number): string[] {
  const own = cat[api]?.codes.find((c) => Number(c.code) === code)?.says ?? [];
  const shared = cat[api]?.shares ? (cat[cat[api].shares!]?.codes.find((c) => Number(c.code) === code)?.says ?? []) : [];
  return [...own, ...shared];
}

function otherPhrase(
  cat: Catalogue,
  api: string,
  code: number,
  text: string,
  cited: Set<number>,
): {phrase: string; code: number} | null {
  const lower = text.toLowerCase();
  const has = (p: string) => lower.includes(p.toLowerCase());
  if (saysOf(cat, api, code).some(has)) return null;
  for (const c of cat[api]?.codes ?? []) {
    const n = Number(c.code);
    if (n === code || cited.has(n)) continue;
    const p = saysOf(cat, api, n).find(has);
    if (p) return {phrase: p, code: n};
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Identities
// ---------------------------------------------------------------------------------------------------------------------

type PlantData = {
  network: Record<string, {host: string; port?: number}>;
  plc: {janusDeviceId: string; tritonDeviceName: string; connection: {host: string; port: number}};
  janusDevices: {id: string; driver: string; address: string}[];
  tritonJanusUplink?: {janusDeviceId: string; driver: string};
  neptune: {
    team: string;
    products: {productKey: string; name: string; devices?: string[]}[];
    rule: {id: string};
    accessKey: {id: string};
  };
  hmi: {app: {id: string}};
  workflow?: {project: string; controller: {name: string}; otherProjects?: {project: string}[]};
  manifests: Record<string, {id: string; version?: string; permissions?: string[]}>;
  packages?: {file: string; app: string}[];
  users: {janus: {user: string; appKey?: string; token?: string}[]};
  absent?: string[];
  /** Identities of other examples (other customers' machines, other products), with what they are. */
  otherExamples?: {id: string; kind: string; what?: string; product?: string; driver?: string; address?: string}[];
};

/** Families of identifiers that must come from the plant. */
const FAMILIES: {name: string; re: RegExp; norm?: (id: string) => string}[] = [
  {name: 'Janus device', re: /\bdev-\d{3}\b/g},
  {name: 'press device', re: /\bpress-\d{2,}\b/g},
  {name: 'product key', re: /\bpk[A-Za-z0-9]{9}\b/g},
  {name: 'Janus appKey', re: /\bjk_[0-9a-f]{12}\b/g},
  {name: 'Janus token', re: /\bjt_[0-9a-f]{32}\b/g},
  {name: 'AccessKeyId', re: /\bAK[A-Z0-9]{16}\b/g},
  // An app id; a package or backup file named after it (…-1.2.0.japp, …-quickstart.hmiproj) counts as its app id.
  {
    name: 'app id',
    re: /\bcom\.(?:example|lingchuan)\.(?=([a-z][a-z0-9-]*))\1(?!\.[A-Za-z_])/g,
    norm: (id) => id.replace(/-(?:\d|quickstart|runtime)[\s\S]*$/, ''),
  },
  {name: 'app package', re: /\b[A-Za-z0-9._-]+\.japp\b/g},
  {name: 'file id', re: /\bf-[0-9a-f]{8}\b/g},
  {name: 'team', re: /\bteam-[0-9a-f]{6}\b/g},
  {name: 'rule', re: /\brule-[0-9a-f]{6}\b/g},
  {name: 'host', re: /\b192\.168\.\d{1,3}\.\d{1,3}\b/g},
];

/** `name` occurs in `text` as a whole word (192.168.1.1 is not in 192.168.1.10, press-01 not in press-010). */
function wordAt(text: string, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${esc}(?![\\w-]|\\.\\d)`).test(text);
}

const DRIVERS = ['modbus-tcp', 'modbus-rtu', 'opcua', 's7', 'mc', 'fins', 'mqtt', 'triton'];

export class FactsChecker {
  problems: Problem[] = [];
  private known = new Set<string>();
  /** Every plant identity (for tutorials): the family matches plus named gateways and agents. */
  private named = new Set<string>();
  private janusDevice = new Map<string, {driver: string; address: string}>();
  private productDevices = new Map<string, Set<string>>();
  private manifestPerms = new Map<string, string[]>();
  private manifestVersion = new Map<string, string>();
  private uiWords = new Set<string>();
  private tutorials = new Set<string>();
  private absent = new Set<string>();

  constructor(
    private cat: Catalogue = loadCatalogue(),
    plant = loadPlant() as unknown as PlantData,
    terms: {interface?: Record<string, string[]>} | null = loadTerms(),
  ) {
    const k = (s?: string) => s && this.known.add(s);
    for (const d of plant.janusDevices) {
      k(d.id);
      this.janusDevice.set(d.id, {driver: d.driver, address: String(d.address)});
    }
    k(plant.plc.tritonDeviceName);
    for (const p of plant.neptune.products) {
      k(p.productKey);
      this.productDevices.set(p.productKey, new Set(p.devices ?? []));
      for (const d of p.devices ?? []) {
        k(d);
        this.named.add(d);
      }
    }
    k(plant.neptune.team);
    k(plant.neptune.rule.id);
    k(plant.neptune.accessKey.id);
    k(plant.hmi.app.id);
    for (const m of Object.values(plant.manifests)) {
      k(m.id);
      if (m.permissions) this.manifestPerms.set(m.id, m.permissions);
      if (m.version) this.manifestVersion.set(m.id, m.version);
    }
    for (const p of plant.packages ?? []) k(p.file);
    for (const u of plant.users.janus) {
      k(u.appKey);
      k(u.token);
    }
    for (const h of Object.values(plant.network)) k(h.host);
    for (const a of plant.absent ?? []) {
      k(a);
      this.absent.add(a);
    }
    for (const o of plant.otherExamples ?? []) {
      k(o.id);
      if (o.kind === 'Janus device' && o.driver) this.janusDevice.set(o.id, {driver: o.driver, address: String(o.address ?? '')});
      if (o.kind === 'Neptune device' && o.product) {
        if (!this.productDevices.has(o.product)) this.productDevices.set(o.product, new Set());
        this.productDevices.get(o.product)!.add(o.id);
      }
    }
    // WorkFlow projects and controllers have no pattern of their own: they count for tutorials by name.
    for (const w of [
      plant.workflow?.project,
      plant.workflow?.controller.name,
      ...(plant.workflow?.otherProjects ?? []).map((p) => p.project),
    ])
      if (w) this.named.add(w);
    for (const o of plant.otherExamples ?? []) if (o.kind === 'WorkFlow project') this.named.add(o.id);
    for (const id of this.known) this.named.add(id);
    for (const a of plant.absent ?? []) this.named.delete(a);
    for (const words of Object.values(terms?.interface ?? {})) for (const w of words) this.uiWords.add(String(w));
    for (const row of readPlan()) if (row.kind === 'tutorial') this.tutorials.add(row.id);
  }

  private add(file: string, line: number, msg: string) {
    this.problems.push({file, line, msg});
  }

  /** Check one page; `docId` and `tutorial` stand in for the page's place in the plan (fixtures use them). */
  checkPage(file: string, opts: {docId?: string; tutorial?: boolean} = {}) {
    const rel = path.relative(ROOT, file);
    const docId = opts.docId ?? rel.replace(/^docs\//, '').replace(/\.mdx?$/, '');
    const {data, body, bodyLine} = parseDoc(file);
    const lines = body.split('\n');
    let fence: {meta: string; lang: string} | null = null;
    let off = false;
    let inTable = false;
    const used = new Map<string, number>();
    const stepLines: string[] = [];
    let section = '';
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const ln = bodyLine + i;
      const open = /^\s*(`{3,}|~{3,})(\S*)\s*(.*)$/.exec(raw);
      if (fence) {
        if (open && !open[2] && !open[3]) {
          fence = null;
          continue;
        }
      } else if (open) {
        fence = {lang: open[2], meta: open[3]};
        continue;
      }
      if (/\{\/\*\s*facts-check:\s*off\s*\*\/\}/.test(raw)) off = true;
      if (/\{\/\*\s*facts-check:\s*on\s*\*\/\}/.test(raw)) off = false;
      if (off || (fence && /\bcheck=off\b/.test(fence.meta))) continue;
      if (!fence && /^#{2,3}\s/.test(raw)) section = raw;
      const cells = raw.trim().startsWith('|') ? tableCells(raw) : null;
      if (cells && isSeparatorRow(cells)) {
        inTable = true;
        continue;
      }
      if (!cells) inTable = false;
      const isStep = !fence && /^\s*\d+\.\s/.test(raw);
      if (isStep || /^#{2,3}\s*步骤/.test(section)) stepLines.push(raw);

      // Error codes.
      const cites = citedCodes(raw, inTable && !!cells, !!fence);
      const citedSet = new Set(cites.map((c) => c.code));
      for (const c of cites) {
        const apis = interfacesFor(docId, c.code);
        const hit = entryFor(this.cat, apis, c.code);
        if (!hit) {
          if (c.strong) this.add(rel, ln, `error code ${c.code} does not exist for ${apis[0]} (docs-guide/error-codes.yaml)`);
          continue;
        }
        // Cause: the words around the code (in prose 30 characters either side, in a table its row, in code the line
        // with its neighbours) name another code's cause and none of its own, in every interface that has the code.
        if (cites.length === 1) {
          let context = raw;
          if (fence) context = [lines[i - 1] ?? '', raw, lines[i + 1] ?? '', lines[i + 2] ?? ''].join(' ');
          else if (!cells) {
            const at = raw.indexOf(String(c.code));
            context = raw.slice(Math.max(0, at - 30), at + String(c.code).length + 30);
          }
          // Neptune's REST and MQTT codes overlap: report only what conflicts in both. Elsewhere the page's interface.
          const apis2 = apis.filter((a) => this.cat[a]?.codes.some((x) => Number(x.code) === c.code));
          if (c.code < 10000) apis2.splice(1);
          const others = apis2.map((a) => otherPhrase(this.cat, a, c.code, context, citedSet));
          const other = others.every(Boolean) ? others[0] : null;
          if (other)
            this.add(
              rel,
              ln,
              `code ${c.code} is cited for 「${other.phrase}」, which docs-guide/error-codes.yaml gives to ${other.code} (${apis2[0]})`,
            );
        }
        // HTTP status in the same table row.
        if (
          cells &&
          inTable &&
          cells[0].replace(/`/g, '') === String(c.code) &&
          hit.entry.status !== undefined &&
          !hit.entry.where
        ) {
          const st = cells.slice(1).find((x) => /^\d{3}$/.test(x.replace(/`/g, '')));
          if (st && Number(st.replace(/`/g, '')) !== hit.entry.status)
            this.add(rel, ln, `code ${c.code} has HTTP status ${hit.entry.status} in docs-guide/error-codes.yaml, not ${st}`);
        }
      }
      // JSON examples: the message phrase belongs to the code.
      // (An MQTT reply, `{"id": "…", "code": …}`, carries the device's own message: not checked.)
      for (const m of raw.matchAll(/"code"\s*:\s*(\d+)\s*,\s*"(?:msg|message)"\s*:\s*"([^"]*)"/g)) {
        if (/"id"\s*:\s*"\d+"\s*,\s*$/.test(raw.slice(0, m.index))) continue;
        const code = Number(m[1]);
        const hit = entryFor(this.cat, interfacesFor(docId, code || 10000), code) ?? (code === 0 ? undefined : undefined);
        const phrase = hit?.entry.msg;
        // Neptune REST answers carry a requestId; without one it is a device's reply, whose message is its own.
        if (code === 0 || !phrase || hit!.api === 'neptune-mqtt' || (hit!.api === 'neptune-rest' && !/requestId/.test(raw)))
          continue;
        if (!m[2].toLowerCase().startsWith(phrase.toLowerCase()))
          this.add(rel, ln, `code ${code}'s message starts with "${phrase}" (docs-guide/error-codes.yaml), not "${m[2]}"`);
      }

      // Identities.
      // (What the 下一步 / 相关文档 sections name is a pointer onward, not something the tutorial uses.)
      this.checkIdentities(rel, ln, raw, /^#{2,3}\s*(下一步|相关)/.test(section) ? new Map() : used);
    }
    if (opts.tutorial ?? this.tutorials.has(docId)) this.checkTutorial(rel, data, used, stepLines);
    this.checkManifests(rel, body, bodyLine);
    this.checkStepWords(rel, body, bodyLine);
  }

  private checkIdentities(rel: string, ln: number, raw: string, used: Map<string, number>) {
    const ids: string[] = [];
    for (const fam of FAMILIES) {
      for (const m of raw.matchAll(fam.re)) {
        const id = fam.norm ? fam.norm(m[0]) : m[0];
        ids.push(id);
        if (!used.has(id)) used.set(id, ln);
        if (!this.known.has(id))
          this.add(rel, ln, `${fam.name} \`${id}\` is not in the reference plant (docs-guide/reference-plant.yaml)`);
      }
    }
    for (const name of this.named) if (!used.has(name) && raw.includes(name) && wordAt(raw, name)) used.set(name, ln);
    // A Janus device with the plant's driver and address.
    const devs = [...new Set(raw.match(/\bdev-\d{3}\b/g) ?? [])];
    if (devs.length === 1) {
      const dev = this.janusDevice.get(devs[0]);
      if (dev) {
        const shown =
          /"driver"\s*:\s*"([a-z0-9-]+)"/.exec(raw)?.[1] ??
          /驱动\s*(?:为|是|：|:)?\s*\**\s*`([a-z0-9-]+)`/.exec(raw)?.[1] ??
          /\bdriver\s*=\s*"([a-z0-9-]+)"/.exec(raw)?.[1];
        if (shown && DRIVERS.includes(shown) && shown !== dev.driver)
          this.add(rel, ln, `\`${devs[0]}\` has driver \`${dev.driver}\` in the reference plant, not \`${shown}\``);
        for (const m of raw.matchAll(/\b192\.168\.\d{1,3}\.\d{1,3}(?::\d+)?\b/g)) {
          const owner = [...this.janusDevice].find(([id, d]) => id !== devs[0] && d.address.startsWith(m[0].split(':')[0] + ''));
          if (owner && !dev.address.includes(m[0].split(':')[0]))
            this.add(rel, ln, `\`${devs[0]}\` is at ${dev.address} in the reference plant; ${m[0]} is \`${owner[0]}\``);
        }
      }
    }
    if (/janus_device_id\s*=\s*"dev-001"/.test(raw))
      this.add(rel, ln, "dev-001 is Janus's own modbus-tcp device: Triton never sends to it (plant: tritonJanusUplink)");
    // productKey/deviceName pairs.
    for (const m of raw.matchAll(/\b(pk[A-Za-z0-9]{9})\/([A-Za-z0-9_-]+)(?=\/|`|"|\s|$)/g)) {
      const devices = this.productDevices.get(m[1]);
      if (devices && devices.size && !devices.has(m[2]) && !this.absent.has(m[2]))
        this.add(rel, ln, `device \`${m[2]}\` is not a device of product ${m[1]} in the reference plant`);
    }
    for (const m of raw.matchAll(/"productKey"\s*:\s*"(pk[A-Za-z0-9]{9})"\s*,\s*"deviceName"\s*:\s*"([^"]+)"/g)) {
      const devices = this.productDevices.get(m[1]);
      if (devices && devices.size && !devices.has(m[2]) && !this.absent.has(m[2]))
        this.add(rel, ln, `device \`${m[2]}\` is not a device of product ${m[1]} in the reference plant`);
    }
    void ids;
  }

  private checkTutorial(rel: string, data: Record<string, unknown>, used: Map<string, number>, stepLines: string[]) {
    const list = (k: string) => (Array.isArray(data[k]) ? (data[k] as unknown[]).map(String) : null);
    const requires = list('requires');
    const creates = list('creates');
    if (!requires || !creates) {
      this.add(rel, 1, 'a tutorial declares `requires:` and `creates:` (YAML lists of plant identities) in its front matter');
      return;
    }
    const declared = new Set([...requires, ...creates]);
    for (const [id, ln] of used)
      if (this.named.has(id) && !declared.has(id))
        this.add(
          rel,
          ln,
          `\`${id}\` is used but neither in the tutorial's \`requires:\` nor created in its steps (\`creates:\`)`,
        );
    for (const id of creates)
      if (!stepLines.some((l) => l.includes(id))) this.add(rel, 1, `\`creates:\` names \`${id}\`, which no numbered step uses`);
    for (const id of declared)
      if (!used.has(id) && !this.named.has(id) && !this.known.has(id))
        this.add(rel, 1, `\`${id}\` in requires/creates is not a plant identity`);
  }

  private checkManifests(rel: string, body: string, bodyLine: number) {
    const re = /^\s*(`{3,})json[^\n]*\n([\s\S]*?)^\s*\1\s*$/gm;
    for (const m of body.matchAll(re)) {
      if (/check=(off|invalid)/.test(m[0].split('\n')[0])) continue;
      let obj: unknown;
      try {
        obj = JSON.parse(m[2]);
      } catch {
        continue;
      }
      const o = obj as {id?: string; version?: string; permissions?: string[]};
      // The plant's version of the app (an earlier version shown on a page may have asked for less).
      const want =
        o?.id && (!o.version || o.version === this.manifestVersion.get(o.id)) ? this.manifestPerms.get(o.id) : undefined;
      if (want && Array.isArray(o.permissions)) {
        const a = [...o.permissions].sort().join(', ');
        const b = [...want].sort().join(', ');
        if (a !== b) {
          const line = bodyLine + body.slice(0, m.index).split('\n').length - 1;
          this.add(rel, line, `app.json of ${o.id} has permissions [${a}]; the reference plant's manifest has [${b}]`);
        }
      }
    }
  }

  private checkStepWords(rel: string, body: string, bodyLine: number) {
    if (!this.uiWords.size) return;
    for (const {text, index} of stepLines(body))
      for (const w of boldWords(text))
        if (!this.uiWords.has(w))
          this.add(
            rel,
            bodyLine + index,
            `bold interface word 「${w}」 is not in the terminology base (docs-guide/terminology.yaml)`,
          );
  }
}

/**
 * The lines of a page's numbered steps, outside code: each step's own line and the lines indented under it (its
 * continuation, and a table or list that belongs to the step) until the next line that starts at the margin.
 */
export function stepLines(body: string): {text: string; index: number}[] {
  const out: {text: string; index: number}[] = [];
  let inStep = false;
  proseLines(body).forEach((l, index) => {
    if (/^\s*\d+\.\s/.test(l)) inStep = true;
    else if (l.trim() && !/^\s/.test(l)) inStep = false;
    if (inStep && l.trim()) out.push({text: l, index});
  });
  return out;
}

/** The bold words of a line that name an interface element (not a menu path, a label ending in a colon, or code). */
export function boldWords(line: string): string[] {
  return [...line.matchAll(/\*\*([^*]+)\*\*/g)]
    .map((m) => m[1].trim())
    .filter((w) => !(w.includes('>') || /[：:]$/.test(w) || /^`.*`$/.test(w)));
}

export function loadTerms(file = TERMS_FILE): {interface?: Record<string, string[]>} | null {
  if (!fs.existsSync(file)) return null;
  const doc = YAML.parseDocument(fs.readFileSync(file, 'utf8'));
  if (doc.errors.length)
    throw new Error(`${path.relative(ROOT, file)}:${doc.errors[0].linePos?.[0].line ?? 1}: ${doc.errors[0].message}`);
  return doc.toJS();
}

// ---------------------------------------------------------------------------------------------------------------------
// API documents against the catalogue
// ---------------------------------------------------------------------------------------------------------------------

export function checkApiDocuments(cat: Catalogue = loadCatalogue()): Problem[] {
  const problems: Problem[] = [];
  for (const [api, def] of Object.entries(cat)) {
    if (def.shares) {
      for (const c of def.codes) {
        const n = Number(c.code);
        if ((n < 4000 || n >= 5000) && !cat[def.shares].codes.some((x) => Number(x.code) === n))
          problems.push({
            file: 'docs-guide/error-codes.yaml',
            line: 1,
            msg: `${api} code ${n} is not a ${def.shares} code (it shares them)`,
          });
      }
    }
    for (const docFile of [def.openapi, def.asyncapi].filter(Boolean) as string[]) {
      const abs = path.join(ROOT, docFile);
      if (!fs.existsSync(abs)) continue;
      const text = fs.readFileSync(abs, 'utf8');
      const lc = new LineCounter();
      const doc = YAML.parseDocument(text, {lineCounter: lc});
      const lineOf = (node: {range?: [number, number, number] | null} | null | undefined) =>
        node?.range ? lc.linePos(node.range[0]).line : 1;
      const has = (n: number) => def.codes.find((c) => Number(c.code) === n);
      YAML.visit(doc, {
        Pair(_k, pair) {
          const key = YAML.isScalar(pair.key) ? String(pair.key.value) : '';
          if (key === 'x-error-codes' && YAML.isSeq(pair.value)) {
            for (const item of pair.value.items) {
              const js = (item as YAML.YAMLMap).toJSON?.() as {code: number; status: number} | undefined;
              if (!js) continue;
              const e = has(js.code);
              if (!e)
                problems.push({
                  file: docFile,
                  line: lineOf(item as never),
                  msg: `x-error-codes: ${js.code} is not a ${api} code in docs-guide/error-codes.yaml`,
                });
              else if (e.status !== undefined && js.status !== e.status)
                problems.push({
                  file: docFile,
                  line: lineOf(item as never),
                  msg: `x-error-codes: ${js.code} has HTTP status ${e.status} in docs-guide/error-codes.yaml, not ${js.status}`,
                });
            }
            return YAML.visit.SKIP;
          }
          if (key === 'code' && YAML.isScalar(pair.value) && typeof pair.value.value === 'number') {
            const n = pair.value.value;
            if (n !== 0 && CODE_LIKE(n) && !has(n))
              problems.push({
                file: docFile,
                line: lineOf(pair.value as never),
                msg: `code ${n} is not a ${api} code in docs-guide/error-codes.yaml`,
              });
          }
          if (key === 'enum' && YAML.isSeq(pair.value)) {
            const vals = pair.value.items.map((x) => (YAML.isScalar(x) ? x.value : null));
            if (vals.length > 3 && vals.every((v) => typeof v === 'number' && CODE_LIKE(v as number)))
              for (const v of vals as number[])
                if (!has(v))
                  problems.push({
                    file: docFile,
                    line: lineOf(pair.value as never),
                    msg: `enum lists ${v}, which is not a ${api} code in docs-guide/error-codes.yaml`,
                  });
          }
        },
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------------

export function checkFacts(files?: string[]): Problem[] {
  const checker = new FactsChecker();
  const targets = files?.length ? files.map((f) => path.resolve(f)) : listDocs().map((d) => d.file);
  for (const f of targets) checker.checkPage(f);
  const inScope = new Map(
    listDocs()
      .filter((d) => targets.includes(d.file))
      .map((d) => [d.id, d.file]),
  );
  return [
    ...(files?.length ? [] : checkApiDocuments()),
    ...checker.problems,
    ...checkBehaviour(inScope, !files?.length),
    ...checkVersions(inScope, !files?.length),
  ];
}

if (require.main === module) {
  const {positionals: pages} = parseCli('check-facts', {}, {positionals: Infinity, args: '[files...]'});
  let problems: Problem[];
  try {
    problems = checkFacts(pages);
  } catch (err) {
    console.error(`check-facts: ${(err as Error).message}`);
    process.exit(1);
  }
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.msg}`);
  const files = new Set(problems.map((p) => p.file)).size;
  const checked = pages.length || listDocs().length;
  console.log(
    `check-facts: ${checked} page(s) checked against ${path.relative(ROOT, PLANT_FILE)}, docs-guide/error-codes.yaml, docs-guide/terminology.yaml, docs-guide/behaviour-facts.yaml and docs-guide/versions.yaml: ${problems.length} problem(s)${problems.length ? ` in ${files} file(s)` : ''}`,
  );
  process.exit(problems.length ? 1 : 0);
}
