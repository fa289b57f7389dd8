// A test double of the `hmi` script API of HMI 组态软件 1.6, with only what the lowcode pages document
// (docs/lowcode/dev-HMI-app/dev-components.md#scripts and #script-api, data-definitions.md, recipe.md,
// deploy-use/debug-panel.md#script-log). tests/unit/hmi-samples.spec.ts runs the pages' scripts against it.
//
// Documented semantics it keeps:
// - A script is the body of an async function with `hmi` and `event` in scope; its file name is its location
//   (`pages/<page>/<component>.<event>.js`), lines counted from the script's first line.
// - `hmi.vars.get` returns null while the variable's quality is 'bad': before its first value has arrived and while the
//   device or data source is unreachable. Internal variables always hold a value (their initial value).
// - `hmi.vars.set` returns a promise; it rejects with an Error whose `code` is 6001 (no such variable), 6003 (read-only),
//   6002 (outside min/max), or the failure the test sets for the variable (e.g. 2002 device offline, 6102).
// - `hmi.vars.watch` callbacks and value-change scripts run when the value `get` returns changes, the first value after
//   the page opened (oldValue null) included.
// - `hmi.timer.every(ms)` first runs ms after it is created; timers and watches created by page and component scripts
//   are released when the page is left.
// - Script log line: `HH:mm:ss.SSS LEVEL location:line  content`, LEVEL padded to 5 characters, two spaces before the
//   content; `hmi.log` arguments joined with a space, strings as they are, anything else as JSON; an uncaught exception is
//   logged as ERROR `[6005] <name>: <message>` at the line that threw.
// - The 5 s limit per run does not count the time a script waits for the user (`hmi.ui.confirm`, `hmi.page.openPopup`).
import vm from 'node:vm';

export type Role = 'admin' | 'engineer' | 'operator';
export type Value = number | boolean | string | null;
export interface VarDef {
  name: string;
  source: 'janus' | 'workflow' | 'internal';
  access: 'r' | 'rw';
  min?: number;
  max?: number;
  /** Internal variables: the initial value. */
  initial?: Value;
}
export interface Recipe {
  items: string[];
  records: Record<string, Record<string, number>>;
  /** The download condition, evaluated on the current values. */
  condition?: (get: (name: string) => Value) => boolean;
}

const RANK: Record<Role, number> = {operator: 1, engineer: 2, admin: 3};

class HmiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class HmiDouble {
  readonly logs: string[] = [];
  readonly toasts: {message: string; type: string}[] = [];
  readonly writes: {name: string; value: Value}[] = [];
  readonly navigations: {pageId: string; params?: Record<string, string | number>}[] = [];
  readonly popups: {pageId: string; params?: Record<string, string | number>}[] = [];
  readonly confirms: string[] = [];
  /** Component properties set by scripts: `${componentId}.${key}` → value. */
  readonly props = new Map<string, unknown>();
  /** The user's answer to `hmi.ui.confirm`; the result `closePopup` gives to `openPopup`. */
  confirmAnswer = true;
  popupResult: unknown = true;
  /** A failure the device or data source returns for a write: variable name → [code, message]. */
  readonly writeFailures = new Map<string, [number, string]>();
  user: {username: string; role: Role} | null = null;
  page = 'home';
  /** Local wall-clock time of the Viewer, ms since midnight (the log shows HH:mm:ss.SSS). */
  clock = 8 * 3600_000;

  private readonly defs = new Map<string, VarDef>();
  private readonly values = new Map<string, Value>();
  private readonly watches = new Map<string, Set<(v: Value, o: Value) => void>>();
  private readonly changeScripts = new Map<string, {file: string; source: string}>();
  private readonly timers = new Map<number, {due: number; every?: number; fn: () => void; page: boolean}>();
  private nextTimer = 1;
  private pageScoped = false;
  private readonly recipes = new Map<string, Recipe>();
  private pending: Promise<unknown>[] = [];

  constructor(vars: VarDef[], recipes: Record<string, Recipe> = {}) {
    for (const d of vars) {
      this.defs.set(d.name, d);
      this.values.set(d.name, d.source === 'internal' ? (d.initial ?? 0) : null);
    }
    for (const [id, r] of Object.entries(recipes)) this.recipes.set(id, r);
  }

  // ---- what the test does to the outside world ----

  /** A new value arrives from the device or data source (quality good). */
  push(name: string, value: Value): void {
    const old = this.values.get(name) ?? null;
    this.values.set(name, value);
    if (old !== value) this.changed(name, value, old);
  }
  /** The variable cannot be read (device offline, data source disconnected): quality bad. */
  bad(name: string): void {
    this.push(name, null);
  }
  /** Attach a value-change script to a variable (data-definitions #on-change-script). */
  onValueChange(name: string, file: string, source: string): void {
    this.changeScripts.set(name, {file, source});
  }
  /** Advance the clock, running due timers in order. */
  async advance(ms: number): Promise<void> {
    const end = this.clock + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0];
      if (!due) break;
      const [id, t] = due;
      this.clock = t.due;
      if (t.every) t.due += t.every;
      else this.timers.delete(id);
      t.fn();
      await this.settle();
    }
    this.clock = end;
  }
  /** Leave the page: timers and watches that page and component scripts created are released. */
  leavePage(): void {
    for (const [id, t] of this.timers) if (t.page) this.timers.delete(id);
    for (const set of this.watches.values()) for (const cb of set) if ((cb as {page?: boolean}).page) set.delete(cb);
  }
  timerCount(): number {
    return this.timers.size;
  }
  value(name: string): Value {
    return this.values.get(name) ?? null;
  }

  /** Run a script as the runtime does: the body of an async function, `event` and `hmi` in scope. */
  async run(file: string, source: string, event: Record<string, unknown> = {}): Promise<void> {
    this.pageScoped = !file.startsWith('app/');
    const ev = {
      type: file.split('.').slice(-2, -1)[0],
      pageId: this.page,
      componentId: null,
      value: null,
      oldValue: null,
      ...event,
    };
    const wrapped = `(async function (hmi, event) {\n${source}\n})`;
    const fn = new vm.Script(wrapped, {filename: file, lineOffset: -1}).runInThisContext() as (
      h: unknown,
      e: unknown,
    ) => Promise<void>;
    try {
      await fn(this.api(file), ev);
    } catch (err) {
      const e = err as Error;
      this.write('ERROR', file, lineOf(e.stack ?? '', file), `[6005] ${e.name}: ${e.message}`);
    }
    await this.settle();
  }

  // ---- the API ----

  private api(file: string) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    const log =
      (level: string) =>
      (...args: unknown[]) =>
        self.write(level, file, lineOf(new Error().stack ?? '', file), args.map(fmt).join(' '));
    return {
      vars: {
        get(name: string): Value {
          self.need(name);
          return self.values.get(name) ?? null;
        },
        quality(name: string): 'good' | 'bad' {
          self.need(name);
          return self.values.get(name) === null ? 'bad' : 'good';
        },
        set(name: string, value: Value): Promise<void> {
          // The error is made here, while the script's line is on the stack; the promise settles later.
          const d = self.defs.get(name);
          let fail: HmiError | null = null;
          if (!d) fail = new HmiError(6001, `变量 ${name} 不存在`);
          else if (d.access === 'r') fail = new HmiError(6003, `变量 ${name} 只读`);
          else if (
            typeof value === 'number' &&
            ((d.min !== undefined && value < d.min) || (d.max !== undefined && value > d.max))
          )
            fail = new HmiError(6002, `输入值超出范围 ${d.min}–${d.max}`);
          else if (self.writeFailures.has(name)) {
            const [code, message] = self.writeFailures.get(name)!;
            fail = new HmiError(code, message);
          }
          const p = Promise.resolve().then(() => {
            if (fail) throw fail;
            self.writes.push({name, value});
            self.push(name, value);
          });
          return p;
        },
        watch(name: string, cb: (v: Value, o: Value) => void): () => void {
          self.need(name);
          const scoped = Object.assign((v: Value, o: Value) => cb(v, o), {page: self.pageScoped});
          if (!self.watches.has(name)) self.watches.set(name, new Set());
          self.watches.get(name)!.add(scoped);
          return () => self.watches.get(name)!.delete(scoped);
        },
      },
      page: {
        navigate(pageId: string, params?: Record<string, string | number>) {
          self.navigations.push({pageId, params});
        },
        back() {},
        params: () => ({}),
        openPopup(pageId: string, params?: Record<string, string | number>): Promise<unknown> {
          self.popups.push({pageId, params});
          return Promise.resolve(self.popupResult);
        },
        closePopup() {},
      },
      comp(id: string) {
        return {
          get: (key: string) => self.props.get(`${id}.${key}`),
          set: (key: string, value: unknown) => void self.props.set(`${id}.${key}`, value),
        };
      },
      recipe: {
        async records(id: string): Promise<string[]> {
          const r = self.recipe(id);
          return Object.keys(r.records).sort();
        },
        apply(id: string, record: string): Promise<void> {
          const r = self.recipes.get(id);
          const fail = !r || !r.records[record] ? new HmiError(6007, `配方或记录不存在：${id} / ${record}`) : null;
          return (async () => {
            if (fail) throw fail;
            if (r!.condition && !r!.condition((n) => self.values.get(n) ?? null)) throw new HmiError(6008, '配方下载条件不满足');
            for (const item of r!.items) {
              const d = self.defs.get(item)!;
              const v = r!.records[record][item];
              if ((d.min !== undefined && v < d.min) || (d.max !== undefined && v > d.max))
                throw new HmiError(6002, `${item} 超出范围`);
            }
            for (const item of r!.items) {
              if (self.writeFailures.has(item)) throw new HmiError(...self.writeFailures.get(item)!);
              self.writes.push({name: item, value: r!.records[record][item]});
              self.push(item, r!.records[record][item]);
            }
          })();
        },
        capture(id: string, record: string): Promise<void> {
          const r = self.recipes.get(id);
          const fail = !r
            ? new HmiError(6007, `配方不存在：${id}`)
            : typeof record !== 'string' || record.length < 1 || record.length > 32
              ? new HmiError(6007, '记录名须为 1–32 个字符')
              : null;
          return (async () => {
            if (fail) throw fail;
            const rec: Record<string, number> = {};
            for (const item of r!.items) rec[item] = self.values.get(item) as number;
            r!.records[record] = rec;
          })();
        },
      },
      alarm: {active: () => [], ack: async () => {}},
      user: {
        current: () => (self.user ? {...self.user} : null),
        hasRole: (role: Role) => (self.user ? RANK[self.user.role] >= RANK[role] : false),
      },
      ui: {
        toast(message: string, type = 'info') {
          self.toasts.push({message, type});
        },
        async confirm(message: string): Promise<boolean> {
          self.confirms.push(message);
          return self.confirmAnswer;
        },
      },
      timer: {
        every(ms: number, fn: () => void): number {
          if (ms < 100) throw new RangeError('hmi.timer.every: ms ≥ 100');
          const id = self.nextTimer++;
          self.timers.set(id, {due: self.clock + ms, every: ms, fn, page: self.pageScoped});
          return id;
        },
        after(ms: number, fn: () => void): number {
          const id = self.nextTimer++;
          self.timers.set(id, {due: self.clock + ms, fn, page: self.pageScoped});
          return id;
        },
        clear(id: number) {
          self.timers.delete(id);
        },
      },
      log: {info: log('INFO'), warn: log('WARN'), error: log('ERROR')},
      utils: {formatTime: (ts: number) => new Date(ts + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')},
    };
  }

  private need(name: string): void {
    if (!this.defs.has(name)) throw new HmiError(6001, `变量 ${name} 不存在`);
  }
  private recipe(id: string): Recipe {
    const r = this.recipes.get(id);
    if (!r) throw new HmiError(6007, `配方不存在：${id}`);
    return r;
  }
  private changed(name: string, value: Value, old: Value): void {
    for (const cb of this.watches.get(name) ?? []) cb(value, old);
    const s = this.changeScripts.get(name);
    if (s) this.pending.push(this.run(s.file, s.source, {type: 'onValueChange', value, oldValue: old, componentId: null}));
  }
  private async settle(): Promise<void> {
    while (this.pending.length) await this.pending.shift();
  }
  private write(level: string, file: string, line: number, content: string): void {
    this.logs.push(`${hms(this.clock)} ${level.padEnd(5)} ${file}:${line}  ${content}`);
  }
}

function fmt(a: unknown): string {
  return typeof a === 'string' ? a : JSON.stringify(a);
}

/** The line of `file` nearest the top of a stack (the line that threw or called). */
function lineOf(stack: string, file: string): number {
  const esc = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${esc}:(\\d+):\\d+`).exec(stack);
  return m ? Number(m[1]) : 0;
}

function hms(ms: number): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3600_000) % 24)}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
}
