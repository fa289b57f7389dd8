// The HMI scripts of the lowcode pages run against a test double of the documented `hmi` API (samples/hmi-double.ts),
// with the inputs their pages describe, and must show or log what the pages say. Every script is taken from its page by
// its fence title, never copied here, so a page cannot drift from what its script does. No browser.
// Run alone: E2E_NO_SERVER=1 npx playwright test --project=unit tests/unit/hmi-samples.spec.ts
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {HmiDouble, type Recipe, type VarDef} from './samples/hmi-double';

const root = () => path.resolve(path.dirname(test.info().file), '..', '..');
const page = (id: string) => fs.readFileSync(path.join(root(), 'docs', 'lowcode', `${id}.md`), 'utf8');

/** The body of the fence titled `title` on page `id` (exactly one). */
function script(id: string, title: string): string {
  const found = [...page(id).matchAll(/^```(\w+) title="([^"]+)"[^\n]*\n([\s\S]*?)^```$/gm)].filter((m) => m[2] === title);
  expect(found, `${id}: one fence titled ${title}`).toHaveLength(1);
  // Docusaurus drops its magic comment lines from the shown code, so the reader's line numbers do not count them.
  return found[0][3].replace(/^[ \t]*\/\/ highlight-(next-line|start|end)\n/gm, '');
}

/** The lines of the page's ```text fences that name `location` (a script file). */
function logLines(id: string, location: string): string[] {
  const lines: string[] = [];
  for (const m of page(id).matchAll(/^```text\n([\s\S]*?)^```$/gm))
    for (const l of m[1].split('\n')) if (l.includes(`${location}:`)) lines.push(l);
  expect(lines.length, `${id}: log lines of ${location}`).toBeGreaterThan(0);
  return lines;
}

/** A 「…」 quotation the page must contain: what a toast shows is what the page says it shows. */
function quoted(id: string, text: string): string {
  expect(page(id), `${id} says 「${text}」`).toContain(`「${text}」`);
  return text;
}

const msOf = (hms: string) => {
  const [h, m, s] = hms.split(':');
  return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(s) * 1000);
};

/** The app's variables, read from the table on data-definitions (the reference plant's 10), plus the internal ones the
 * scripts name. A script that names anything else fails with 6001. */
function variables(): VarDef[] {
  const rows = [...page('dev-HMI-app/data-definitions').matchAll(/^\| `(\w+)` \| `([^`]+)` \| \w+ \| (只读|读写) \|([^|]*)\|/gm)];
  expect(rows.map((r) => r[1])).toEqual([
    'pressPressure',
    'pressTemp',
    'pressRunning',
    'pressRunCmd',
    'strokeRate',
    'pressureLimit',
    'dieHeight',
    'strokeCount',
    'partCount',
    'glueSpeed',
  ]);
  const vars: VarDef[] = rows.map((r) => {
    const range = /^\s*([\d.]+)–([\d.]+)\s*$/.exec(r[4]);
    return {
      name: r[1],
      source: r[2].includes('/') ? 'workflow' : 'janus',
      access: r[3] === '读写' ? 'rw' : 'r',
      ...(range ? {min: Number(range[1]), max: Number(range[2])} : {}),
    } as VarDef;
  });
  return [
    ...vars,
    {name: 'shiftStartCount', source: 'internal', access: 'rw', initial: -1},
    {name: 'sheetThickness', source: 'internal', access: 'rw', initial: 0},
    {name: 'newRecordName', source: 'internal', access: 'rw', initial: ''},
  ];
}

/** Recipe dieSetup with the initial records of recipe.md (read from its CSV) and its download condition. */
function dieSetup(): Record<string, Recipe> {
  const csv = script('dev-HMI-app/recipe', 'dieSetup.csv').trim().split('\n');
  const items = csv[0].split(',').slice(1);
  const records: Recipe['records'] = {};
  for (const line of csv.slice(1)) {
    const [name, ...vals] = line.split(',');
    records[name] = Object.fromEntries(items.map((it, i) => [it, Number(vals[i])]));
  }
  expect(page('dev-HMI-app/recipe')).toContain('`pressRunning === false`');
  return {dieSetup: {items, records, condition: (get) => get('pressRunning') === false}};
}

function hmi(user: {username: string; role: 'admin' | 'engineer' | 'operator'} | null = {username: 'op01', role: 'operator'}) {
  const h = new HmiDouble(variables(), dieSetup());
  h.user = user;
  return h;
}
const errors = (h: HmiDouble) => h.logs.filter((l) => / ERROR /.test(l));

/** A start button's script run at motor temperature `temp` while the start command's write fails (device offline). */
async function runWithFailedStart(file: string, src: string, temp: number): Promise<HmiDouble> {
  const h = hmi();
  h.push('pressTemp', temp);
  h.writeFailures.set('pressRunCmd', [2002, '设备离线']);
  await h.run(file, src);
  return h;
}

test.describe('HMI scripts on the lowcode pages', () => {
  test('debug-panel: gaugeTemp logs the INFO line, then the 6005 line once dev-001 is offline; the fix logs the WARN line', async () => {
    const id = 'deploy-use/debug-panel';
    const file = 'pages/home/gaugeTemp.onClick.js';
    const [info, err6005, warn] = logLines(id, file);
    expect(err6005).toContain('[6005]');
    const h = hmi({username: 'eng01', role: 'engineer'});
    h.push('pressTemp', 62.4);
    h.clock = msOf(info.slice(0, 12));
    await h.run(file, script(id, file));
    h.bad('pressTemp');
    h.clock = msOf(err6005.slice(0, 12));
    await h.run(file, script(id, file));
    h.clock = msOf(warn.slice(0, 12));
    await h.run(file, script(id, `${file}（改正后）`));
    expect(h.logs).toEqual([info, err6005, warn]);
  });

  test('dev-components: btnStart refuses without a temperature or above 80 °C, starts after confirmation, reports a failed write', async () => {
    const id = 'dev-HMI-app/dev-components';
    const file = 'pages/home/btnStart.onClick.js';
    const src = script(id, file);
    // The page shows the line as the panel does, after its time of day (`08:00:05.120 INFO  …`).
    const logged = /`(?:\d{2}:\d{2}:\d{2}\.\d{3} )?(INFO {2}pages\/home\/btnStart\.onClick\.js:\d+ {2}[^`]+)`/.exec(page(id));
    expect(logged, 'the INFO line in the table of inputs').not.toBeNull();

    const offline = hmi();
    await offline.run(file, src);
    expect(offline.toasts.map((t) => t.message)).toEqual([quoted(id, '读不到电机温度，请检查设备连接')]);
    expect(offline.writes).toEqual([]);

    const hot = hmi();
    hot.push('pressTemp', 85);
    await hot.run(file, src);
    expect(hot.toasts.map((t) => t.message)).toEqual([quoted(id, '电机温度 85.0 °C，超过 80 °C，禁止启动')]);
    expect(hot.writes).toEqual([]);

    const ok = hmi({username: 'op01', role: 'operator'});
    ok.push('pressTemp', 62.4);
    await ok.run(file, src);
    expect(ok.confirms).toEqual(['确认启动 1 号冲压机？']);
    expect(ok.writes).toEqual([{name: 'pressRunCmd', value: true}]);
    expect(ok.logs.map((l) => l.slice(13))).toEqual([logged![1]]);

    const cancelled = hmi();
    cancelled.push('pressTemp', 62.4);
    cancelled.confirmAnswer = false;
    await cancelled.run(file, src);
    expect(cancelled.writes).toEqual([]);

    const failed = await runWithFailedStart(file, src, 62.4);
    expect(failed.toasts.map((t) => t.message)).toEqual(['启动失败（2002）：设备离线']);
    expect(page(id)).toContain('「启动失败（2002）：…」');
    expect(failed.logs).toEqual([]);
  });

  test('dev-components: shift output counts from the shift start, shows --- before values arrive, and its timer goes with the page', async () => {
    const id = 'dev-HMI-app/dev-components';
    const onLoad = script(id, 'pages/home/onLoad.js');
    const shift = script(id, 'pages/home/btnShiftStart.onClick.js');
    const text = () => h.props.get('txtShiftOutput.text');

    const h = hmi({username: 'op01', role: 'operator'});
    await h.run('pages/home/onLoad.js', onLoad);
    // The 参数 button is a master-page component: the page's script leaves it alone (component permission hides it).
    expect([...h.props.keys()].filter((k) => k.startsWith('btnParams.'))).toEqual([]);
    expect(text()).toBe('本班产量 ---'); // no shift recorded, no value yet
    h.push('pressPressure', 37);
    expect(h.props.get('gaugePressure.title')).toBe('压力偏高');
    h.bad('pressPressure');
    expect(h.props.get('gaugePressure.title')).toBe('压力');

    // the shift button before strokeCount has arrived refuses; then records 128000
    await h.run('pages/home/btnShiftStart.onClick.js', shift);
    expect(h.toasts.map((t) => t.message)).toEqual(['读不到冲压计数，请检查设备连接']);
    expect(h.value('shiftStartCount')).toBe(-1);
    h.push('strokeCount', 128000);
    await h.run('pages/home/btnShiftStart.onClick.js', shift);
    expect(h.value('shiftStartCount')).toBe(128000);
    h.leavePage();
    expect(h.timerCount()).toBe(0);

    // the page is opened again before strokeCount's first value: --- , then the count of the page's example 5 s later
    h.bad('strokeCount');
    await h.run('pages/home/onLoad.js', onLoad);
    expect(text()).toBe(quoted(id, '本班产量 ---'));
    h.push('strokeCount', 128460);
    await h.advance(4999);
    expect(text()).toBe('本班产量 ---');
    await h.advance(1);
    expect(text()).toBe(quoted(id, '本班产量 460 次'));
    expect(errors(h)).toEqual([]);
  });

  test('dev-components: the recipe by thickness downloads SPCC-2.0, refuses while running and without a record', async () => {
    const id = 'dev-HMI-app/dev-components';
    const file = 'pages/recipe/btnApplyByThickness.onClick.js';
    const src = script(id, file);

    const h = hmi();
    h.push('pressRunning', false);
    h.push('sheetThickness', 2.0);
    await h.run(file, src);
    expect(h.toasts.map((t) => t.message)).toEqual(['已下载配方 SPCC-2.0']);
    // recipe.md #verify: dieHeight 351.0, pressureLimit 24.0, strokeRate 30 on dev-001, glueSpeed 45 on MC400_0
    expect(h.writes).toEqual([
      {name: 'dieHeight', value: 351},
      {name: 'pressureLimit', value: 24},
      {name: 'strokeRate', value: 30},
      {name: 'glueSpeed', value: 45},
    ]);

    const running = hmi();
    running.push('pressRunning', true);
    running.push('sheetThickness', 2.0);
    await running.run(file, src);
    expect(running.toasts.map((t) => t.message)).toEqual([quoted('dev-HMI-app/recipe', '设备运行中，停机后才能下载配方')]);
    expect(running.writes).toEqual([]);

    const none = hmi();
    none.push('pressRunning', false);
    none.push('sheetThickness', 1.8);
    await none.run(file, src);
    expect(none.toasts.map((t) => t.message)).toEqual(['没有板厚 1.8 mm 的配方记录']);
    expect([...h.logs, ...running.logs, ...none.logs]).toEqual([]);
  });

  test('preview-debug: btnCapture logs the two INFO lines the page shows', async () => {
    const id = 'dev-HMI-app/preview-debug';
    const file = 'pages/recipe/btnCapture.onClick.js';
    const expected = logLines(id, file);
    const h = hmi({username: 'eng01', role: 'engineer'});
    for (const [n, v] of Object.entries({dieHeight: 352.0, pressureLimit: 20.0, strokeRate: 35, glueSpeed: 50})) h.push(n, v);
    h.push('newRecordName', 'SPCC-1.8');
    h.clock = msOf(expected[0].slice(0, 12));
    await h.run(file, script(id, file));
    expect(h.logs.map((l) => l.slice(13))).toEqual(expected.map((l) => l.slice(13)));
    expect(expected.every((l) => /^\d\d:\d\d:\d\d\.\d{3} INFO {2}/.test(l))).toBe(true);
  });

  test('data-definitions: the stroke reminder ignores the first value and bad quality, and fires at 130000', async () => {
    const id = 'dev-HMI-app/data-definitions';
    const file = 'vars/strokeCount.onValueChange.js';
    const h = hmi();
    h.onValueChange('strokeCount', file, script(id, file));
    h.push('strokeCount', 128460);
    await h.advance(0);
    expect(h.toasts).toEqual([]);
    h.bad('strokeCount');
    h.push('strokeCount', 129999);
    h.push('strokeCount', 130000);
    await h.advance(0);
    expect(h.toasts.map((t) => t.message)).toEqual([quoted(id, '已累计 130000 次，请检查模具')]);
    expect(page(id)).toContain('第一个值 128460 不会触发提示');
    expect(h.logs).toEqual([]);
  });

  test('quick-start: btnStart refuses without a temperature, starts after confirmation, reports a failed write', async () => {
    const id = 'quick-start';
    const file = 'pages/home/btnStart.onClick.js';
    const src = script(id, file);
    const offline = hmi();
    await offline.run(file, src);
    expect(offline.writes).toEqual([]);
    expect(offline.toasts.map((t) => t.message)).toEqual(['读不到电机温度，禁止启动']);

    const ok = hmi();
    ok.push('pressTemp', 45.2);
    await ok.run(file, src);
    expect(ok.writes).toEqual([{name: 'pressRunCmd', value: true}]);
    expect(ok.logs.map((l) => l.slice(13))).toEqual([`INFO  ${file}:11  启动命令已下发`]);

    const failed = await runWithFailedStart(file, src, 45.2);
    expect(failed.toasts.map((t) => t.message)).toEqual(['启动失败（2002）：设备离线']);
    expect(errors(failed)).toEqual([]);
  });

  test('dev-page-layout: btnStart with the dlgStart popup checks the temperature, starts only on true and reports a failed write', async () => {
    const id = 'dev-HMI-app/dev-page-layout';
    const file = 'pages/home/btnStart.onClick.js';
    const src = script(id, `${file}（用弹窗确认）`);
    for (const [result, writes] of [
      [true, 1],
      [false, 0],
      [undefined, 0],
    ] as const) {
      const h = hmi();
      h.push('pressTemp', 62.4);
      h.popupResult = result;
      await h.run(file, src);
      expect(h.popups).toEqual([{pageId: 'dlgStart', params: {line: '1 号冲压线'}}]);
      expect(h.writes).toHaveLength(writes);
    }
    for (const [temp, toast] of [
      [null, '读不到电机温度，禁止启动'],
      [85, '电机温度 85.0 °C，超过 80 °C，禁止启动'],
    ] as const) {
      const h = hmi();
      if (temp !== null) h.push('pressTemp', temp);
      await h.run(file, src);
      expect(h.popups).toEqual([]);
      expect(h.writes).toEqual([]);
      expect(h.toasts.map((t) => t.message)).toEqual([toast]);
    }
    const failed = await runWithFailedStart(file, src, 62.4);
    expect(failed.toasts.map((t) => t.message)).toEqual(['启动失败（2002）：设备离线']);
    expect(errors(failed)).toEqual([]);
  });

  test('user: resetting partCount is refused to an operator, done for an engineer, and a failed write is reported', async () => {
    const id = 'deploy-use/user';
    const file = 'pages/settings/btnResetPartCount.onClick.js';
    const src = script(id, file);
    const op = hmi({username: 'op01', role: 'operator'});
    await op.run(file, src);
    expect(op.toasts.map((t) => t.message)).toEqual(['只有工程师可以清零件数']);
    expect(op.writes).toEqual([]);

    const eng = hmi({username: 'eng01', role: 'engineer'});
    eng.push('partCount', 1532);
    await eng.run(file, src);
    expect(eng.writes).toEqual([{name: 'partCount', value: 0}]);
    expect(eng.logs.map((l) => l.slice(13))).toEqual([`INFO  ${file}:9  件数清零 eng01`]);

    const offline = hmi({username: 'eng01', role: 'engineer'});
    offline.writeFailures.set('partCount', [6102, 'WorkFlow 控制器未连接']);
    await offline.run(file, src);
    expect(offline.toasts.map((t) => t.message)).toEqual(['清零失败（6102）：WorkFlow 控制器未连接']);
    expect(errors(offline)).toEqual([]);
  });
});
