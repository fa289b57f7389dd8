// The review ledger (docs-guide/review-ledger.tsv): a row for every page, each scored before and after, the page as its
// review left it (content hash), and the writers' quick check notes a page changed since then.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {listDocs} from '../../plugins/lib/docs-source';
import {LEDGER_FILE, changedSinceReview, contentHash, readLedger} from '../../scripts/lib/review-ledger';
import {tempDir} from '../tmp';

const score = (s: string) => /^[1-5]$/.test(s);

test('every page has one well-formed row, scored 1–5 before and after, at least 4 after and 90 % at 5', () => {
  const {rows, problems} = readLedger();
  expect(problems).toEqual([]);
  const pages = listDocs().map((d) => d.id);
  expect(
    pages.filter((id) => !rows.has(id)),
    'pages without a row',
  ).toEqual([]);
  expect(
    [...rows.keys()].filter((id) => !pages.includes(id)),
    'rows without a page',
  ).toEqual([]);
  const bad = [...rows.values()].filter(
    (r) =>
      !score(r.score_before) ||
      !score(r.score_after) ||
      Number(r.score_after) < 4 ||
      !/^[0-9a-f]{7,40}$/.test(r.commit) ||
      !/^[0-9a-f]{12}$/.test(r.content) ||
      !['yes', '-'].includes(r.rechecked) ||
      ![r.contradiction, r.error, r.missing, r.language, r.recheck_findings].every((n) => /^\d+$/.test(n)),
  );
  expect(bad.map((r) => `docs-guide/review-ledger.tsv:${r.line}: ${r.page}`)).toEqual([]);
  const fives = [...rows.values()].filter((r) => r.score_after === '5').length;
  expect(fives / rows.size).toBeGreaterThanOrEqual(0.9);
  // A page the review changed was re-checked by a second reviewer.
  const unchecked = [...rows.values()].filter((r) => Number(r.score_before) < 5 && r.rechecked !== 'yes');
  expect(unchecked.map((r) => r.page)).toEqual([]);
});

test('a page edited after its review is named with its row; an untouched page is not', () => {
  const dir = tempDir('ledger-');
  const page = path.join(dir, 'a.md');
  fs.writeFileSync(page, '## 第一节\n\n正文。\n');
  const ledger = path.join(dir, 'ledger.tsv');
  const header = fs.readFileSync(LEDGER_FILE, 'utf8').split('\n')[0];
  fs.writeFileSync(ledger, `${header}\nx/a\tabc1234\t${contentHash(page)}\t4\t1\t0\t0\t0\t5\tyes\t0\n`);
  expect(changedSinceReview([{id: 'x/a', file: page}], ledger)).toEqual([]);
  fs.appendFileSync(page, '\n新加的一段。\n');
  const changed = changedSinceReview(
    [
      {id: 'x/a', file: page},
      {id: 'x/b', file: page},
    ],
    ledger,
  );
  expect(changed.map((c) => [c.id, c.row?.line])).toEqual([
    ['x/a', 2],
    ['x/b', undefined],
  ]);
});
