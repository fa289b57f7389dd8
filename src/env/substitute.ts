// Finding the plant's example identities in a text and putting the reader's values in their place. The build uses
// `fieldsIn` to mark what a code block holds (plugins/reader-values); the browser uses `substitute` on exactly those fields.
import type {ReaderField, ReaderValues} from './types';
import {fitsRule} from './rules';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<string, RegExp>();
/**
 * The examples as one regular expression, made once per set (every code element of every page asks for the same few).
 * An example stands alone: no letter, digit, `_` or `-` touches it on either side, and an address is not followed by
 * another `.<digit>` (192.168.1.50 is not the start of 192.168.1.500 or of 192.168.1.50.1).
 */
function pattern(examples: string[]): RegExp {
  const sorted = examples.slice().sort((a, b) => b.length - a.length);
  const key = sorted.join('\n');
  let re = patterns.get(key);
  if (!re) {
    re = new RegExp(`(?<![A-Za-z0-9_-])(${sorted.map(escape).join('|')})(?![A-Za-z0-9_-])(?!\\.\\d)`, 'g');
    patterns.set(key, re);
  }
  return re;
}

/** The fields whose example the text holds, in the order of `fields`. */
export function fieldsIn(text: string, fields: readonly ReaderField[]): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(pattern(fields.map((f) => f.example)))) found.add(m[1]);
  return fields.filter((f) => found.has(f.example)).map((f) => f.field);
}

/** The reader's values that apply: set, fitting their field's rule, and different from the example. */
export function activeValues(fields: readonly ReaderField[], values: ReaderValues): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of fields) {
    const v = values[f.field];
    if (v && v !== f.example && fitsRule(f.rule, v)) out.set(f.field, v);
  }
  return out;
}

/** The text with each listed field's example replaced by the reader's value, in one pass (no value is replaced twice). */
export function substitute(text: string, only: readonly string[], fields: readonly ReaderField[], values: ReaderValues): string {
  const active = activeValues(fields, values);
  const byExample = new Map<string, string>();
  for (const f of fields) if (only.includes(f.field) && active.has(f.field)) byExample.set(f.example, active.get(f.field)!);
  if (byExample.size === 0) return text;
  return text.replace(pattern([...byExample.keys()]), (m) => byExample.get(m) ?? m);
}
