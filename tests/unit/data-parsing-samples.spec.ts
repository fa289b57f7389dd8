// Runs the data-parsing script of docs/neptune/user/product/data-parsing.md on every frame the page's 模拟调试 steps show
// and checks that it returns exactly the result the page shows, so that the script, the frames and the results cannot
// drift apart. Nothing is copied from the page: the script is the fence titled 「数据解析脚本」, each input is a fence
// titled 「模拟数据：<name>」 and its expected result the fence titled 「运行结果：<name>」; the Topic of a case is the
// last `**Topic** 选择 `…`` before its input. Hexadecimal input goes to `decode`, JSON input to `encode` (as the console's
// 模拟调试 does). No browser: the script runs in a fresh `node:vm` context, as on the platform (no require, no timers).
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const PAGE = 'neptune/user/product/data-parsing';
const SCRIPT_TITLE = '数据解析脚本';

interface Fence {
  lang: string;
  title: string;
  body: string;
  /** 0-based index of the opening fence line */
  line: number;
}

const root = () => path.resolve(path.dirname(test.info().file), '..', '..');
const read = () => fs.readFileSync(path.join(root(), 'docs', `${PAGE}.md`), 'utf8');

/** Every fenced code block with its language and `title="…"`, indentation (list items) removed. */
export function fences(md: string): Fence[] {
  const lines = md.split('\n');
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, ticks, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${ticks}\\s*$`).test(lines[j]); j++)
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    out.push({lang, title: /title="([^"]*)"/.exec(meta)?.[1] ?? '', body: body.join('\n'), line: i});
    i = j;
  }
  return out;
}

interface Case {
  name: string;
  topic: string;
  input: Fence;
  expected: Fence;
}

/** The cases of the page: each 「模拟数据：X」 fence with its 「运行结果：X」 fence and the Topic chosen before it. */
export function cases(md: string): Case[] {
  const lines = md.split('\n');
  const all = fences(md);
  const result: Case[] = [];
  for (const input of all) {
    const name = /^模拟数据：(.+)$/.exec(input.title)?.[1];
    if (!name) continue;
    const expected = all.find((f) => f.title === `运行结果：${name}`);
    if (!expected) throw new Error(`「模拟数据：${name}」 has no fence titled 「运行结果：${name}」`);
    let topic = '';
    for (let k = input.line; k >= 0 && !topic; k--) topic = /\*\*Topic\*\* 选择为? `([^`]+)`/.exec(lines[k])?.[1] ?? '';
    if (!topic) throw new Error(`no **Topic** before 「模拟数据：${name}」`);
    result.push({name, topic, input, expected});
  }
  return result;
}

/** Loads the script the way the platform does: a bare context, then `decode` and `encode` are looked up. */
export function loadScript(source: string) {
  const context = vm.createContext({});
  new vm.Script(source, {filename: `${PAGE}.md#${SCRIPT_TITLE}`}).runInContext(context, {timeout: 100});
  const decode = context.decode as (bytes: number[], topic: string) => unknown;
  const encode = context.encode as (message: unknown, topic: string) => number[];
  if (typeof decode !== 'function' || typeof encode !== 'function') throw new Error('the script must define decode and encode');
  return {decode, encode};
}

const hexToBytes = (hex: string) =>
  hex
    .trim()
    .split(/\s+/)
    .map((h) => parseInt(h, 16));
const bytesToHex = (bytes: number[]) => bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

/** Runs one case; returns [what the script gives, what the page shows], both as canonical text. */
export function run(script: ReturnType<typeof loadScript>, c: Case): [string, string] {
  if (c.input.lang === 'text') {
    expect(c.expected.lang, `「运行结果：${c.name}」 of a hexadecimal frame is JSON`).toBe('json');
    const decoded = script.decode(hexToBytes(c.input.body), c.topic);
    // Key order counts: the page shows the object as the console prints it.
    return [JSON.stringify(decoded), JSON.stringify(JSON.parse(c.expected.body))];
  }
  expect(c.input.lang, `「模拟数据：${c.name}」 is hexadecimal (text) or a JSON message`).toBe('json');
  expect(c.expected.lang, `「运行结果：${c.name}」 of a JSON message is hexadecimal (text)`).toBe('text');
  const encoded = script.encode(JSON.parse(c.input.body), c.topic);
  expect(Array.isArray(encoded), 'encode returns an array').toBe(true);
  for (const b of encoded) expect(Number.isInteger(b) && b >= 0 && b <= 255, `byte ${b} is 0–255`).toBe(true);
  return [bytesToHex(encoded), c.expected.body.trim().split(/\s+/).join(' ')];
}

test.describe('data-parsing page: the script returns what the page shows', () => {
  test('the page has the script and at least one upward and one downward case', () => {
    const md = read();
    expect(fences(md).filter((f) => f.title === SCRIPT_TITLE)).toHaveLength(1);
    const cs = cases(md);
    expect(cs.some((c) => c.input.lang === 'text')).toBe(true);
    expect(cs.some((c) => c.input.lang === 'json')).toBe(true);
  });

  test('every 模拟数据 gives its 运行结果', () => {
    const md = read();
    const script = loadScript(fences(md).find((f) => f.title === SCRIPT_TITLE)!.body);
    const cs = cases(md);
    for (const c of cs) {
      const [got, shown] = run(script, c);
      expect.soft(got, `「${c.name}」 on ${c.topic}`).toBe(shown);
    }
  });

  test('a frame of an unknown type makes decode throw (the page: 「数据解析失败：unknown frame type 0x5」)', () => {
    const md = read();
    const script = loadScript(fences(md).find((f) => f.title === SCRIPT_TITLE)!.body);
    const faq = /数据解析失败：([^」]+)」/.exec(md)?.[1];
    expect(faq).toBeTruthy();
    expect(() => script.decode([0x05, 0, 0, 0, 1], 'x/property/report')).toThrow(faq!);
  });
});
