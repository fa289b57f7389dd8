// The identities readers may replace (docs-guide/reference-plant.yaml `readerValues`), read and checked once per process.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {ROOT} from '../lib/paths';
import {RULES} from '../../src/env/rules';
import {RULE_TEXTS, ruleProblem} from '../../src/env/rule-texts';
import type {ReaderField} from '../../src/env/types';

export const PLANT = path.join(ROOT, 'docs-guide/reference-plant.yaml');
const KEYS = ['field', 'label', 'example', 'rule', 'group'] as const;

/** The fields of a plant text; a malformed entry fails with the file, the entry and what is wrong. */
export function parseReaderFields(text: string, file = 'docs-guide/reference-plant.yaml'): ReaderField[] {
  const list = (YAML.parse(text) as {readerValues?: unknown}).readerValues;
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${file}: readerValues is missing or empty`);
  const seen = new Set<string>();
  return list.map((entry: Record<string, unknown>, i) => {
    const where = `${file}: readerValues[${i}]`;
    for (const k of KEYS)
      if (typeof entry?.[k] !== 'string' || !entry[k]) throw new Error(`${where}: "${k}" must be a non-empty string`);
    const f = entry as unknown as ReaderField;
    if (!RULES[f.rule] || !RULE_TEXTS[f.rule])
      throw new Error(`${where} (${f.field}): unknown rule "${f.rule}" (src/env/rules.ts has ${Object.keys(RULES).join(', ')})`);
    const problem = ruleProblem(f.rule, f.example);
    if (problem) throw new Error(`${where} (${f.field}): the example "${f.example}" breaks its own rule: ${problem}`);
    for (const k of [f.field, f.example]) {
      if (seen.has(k)) throw new Error(`${where}: "${k}" is listed twice`);
      seen.add(k);
    }
    return {field: f.field, label: f.label, example: f.example, rule: f.rule, group: f.group};
  });
}

let cached: ReaderField[] | undefined;
export const readerFields = (): ReaderField[] => (cached ??= parseReaderFields(fs.readFileSync(PLANT, 'utf8')));
