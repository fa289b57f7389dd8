// The review ledger (docs-guide/review-ledger.tsv, docs-guide/review.md § 4): one row per page with the commit and the
// content hash of the page as reviewed, its scores and its findings by kind. `tests/unit/review-ledger.spec.ts` keeps it
// whole; `npm run lint:docs` notes every page whose text changed since its review (a note, not a failure).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../../plugins/lib/paths';

export const LEDGER_FILE = path.join(ROOT, 'docs-guide/review-ledger.tsv');
export const LEDGER_COLUMNS = [
  'page',
  'commit',
  'content',
  'score_before',
  'contradiction',
  'error',
  'missing',
  'language',
  'score_after',
  'rechecked',
  'recheck_findings',
] as const;
export type LedgerRow = Record<(typeof LEDGER_COLUMNS)[number], string> & {line: number};

/** The content hash a row records: the first 12 hex digits of the page file's SHA-256. */
export const contentHash = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 12);

/** The rows by page id, and the problems of the file's form (a wrong header, a short row), each with its line. */
export function readLedger(file = LEDGER_FILE): {rows: Map<string, LedgerRow>; problems: {line: number; msg: string}[]} {
  const rows = new Map<string, LedgerRow>();
  const problems: {line: number; msg: string}[] = [];
  if (!fs.existsSync(file)) return {rows, problems: [{line: 1, msg: 'the review ledger does not exist'}]};
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[0] !== LEDGER_COLUMNS.join('\t')) problems.push({line: 1, msg: `the header must be: ${LEDGER_COLUMNS.join(' ')}`});
  lines.slice(1).forEach((text, i) => {
    if (!text.trim()) return;
    const cells = text.split('\t');
    const line = i + 2;
    if (cells.length !== LEDGER_COLUMNS.length) {
      problems.push({line, msg: `${cells.length} columns, not ${LEDGER_COLUMNS.length}`});
      return;
    }
    const row = Object.fromEntries(LEDGER_COLUMNS.map((c, k) => [c, cells[k]])) as unknown as LedgerRow;
    row.line = line;
    if (rows.has(row.page)) problems.push({line, msg: `a second row for ${row.page}`});
    rows.set(row.page, row);
  });
  return {rows, problems};
}

/** Pages (id → file) whose text is not the text their ledger row reviewed: to be reviewed again. */
export function changedSinceReview(pages: {id: string; file: string}[], file = LEDGER_FILE): {id: string; row?: LedgerRow}[] {
  const {rows} = readLedger(file);
  return pages
    .map((p) => ({id: p.id, row: rows.get(p.id), now: contentHash(p.file)}))
    .filter((p) => !p.row || p.row.content !== p.now)
    .map(({id, row}) => ({id, row}));
}
