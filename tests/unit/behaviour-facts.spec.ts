// The behaviour-facts gate (scripts/lib/behaviour-facts.ts, part of `npm run lint:facts`): a page that contradicts a
// fact of docs-guide/behaviour-facts.yaml is reported at the line, a listed page that stops stating its fact is reported,
// a broken catalogue is reported at its own line; text in code blocks is not read. The real pages pass (lint:facts).
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {BEHAVIOUR_FILE, checkBehaviour} from '../../scripts/lib/behaviour-facts';
import {tempDir} from '../tmp';

const BROKEN = path.join(__dirname, 'fixtures/facts/behaviour-broken.md');

test('statements that contradict a behaviour fact are reported at their lines, not inside code', () => {
  // The fixture stands in for the lifecycle page, a page listed for the fact of a kicked connection.
  const got = checkBehaviour(new Map([['neptune/user/device/lifecycle', BROKEN]]), false).map(
    (p) => `${p.file}:${p.line}: ${p.msg}`,
  );
  const file = 'tests/unit/fixtures/facts/behaviour-broken.md';
  expect(got.filter((g) => g.startsWith(`${file}:8: contradicts behaviour fact kicked-goes-offline:`))).toHaveLength(1);
  expect(got.filter((g) => g.startsWith(`${file}:12: contradicts behaviour fact cors-default-all-origins:`))).toHaveLength(1);
  expect(got.filter((g) => g.startsWith(`${file}:22: contradicts behaviour fact install-refusal-prompt:`))).toHaveLength(2);
  expect(got.filter((g) => g.startsWith(`${file}:15:`))).toEqual([]); // the code block
  // And the page no longer says what the fact expects of it.
  expect(got.filter((g) => g.startsWith(`${file}:1: no longer states behaviour fact`)).length).toBeGreaterThan(0);
});

test('a malformed catalogue is reported at its own line', () => {
  const dir = tempDir('behaviour-');
  const file = path.join(dir, 'facts.yaml');
  fs.writeFileSync(
    file,
    'facts:\n  - id: a\n    area: neptune\n    fact: 一条事实\n    pages: [x/y]\n    states: "("\n  - id: b\n    fact: 缺少页面\n',
  );
  const got = checkBehaviour(new Map(), true, file).map((p) => `${p.line}: ${p.msg}`);
  expect(got).toContainEqual(expect.stringMatching(/^2: behaviour fact a: a pattern is not a valid regular expression/));
  expect(got).toContainEqual('7: behaviour fact b: needs id, fact, pages (at least one) and states');
});

test('the catalogue itself: every fact has a statement, pages and a pattern that compiles', () => {
  const got = checkBehaviour(new Map(), false, BEHAVIOUR_FILE);
  expect(got).toEqual([]);
});
