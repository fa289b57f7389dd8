// The version registry (docs-guide/versions.yaml), read once per process by the build (badges, upgrade paths, the reader's
// versions) and by the gate (scripts/lib/versions-gate.ts).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {ROOT} from './paths';

export const VERSIONS_FILE = path.join(ROOT, 'docs-guide/versions.yaml');

export type ChangeKind = 'added' | 'changed' | 'deprecated' | 'removed';
export type Change = {
  id: string;
  version: string;
  kind: ChangeKind;
  breaking?: boolean;
  what: string;
  page: string;
  operation?: string;
  field?: string | string[];
  replacement?: string;
  steps?: string[];
  also?: string[];
};
export type ProductVersions = {
  id: string;
  name: string;
  written: string;
  versions: {version: string; date?: string; notes?: string}[];
  changes: Change[];
};

/** How pages write a version of the product (`v2.7` for Neptune, `Janus 2.4` for the others), as the browser does. */
export {compareVersions, writtenVersion as written} from '../../src/versions/compare';

let cached: ProductVersions[] | undefined;
export function readVersions(file = VERSIONS_FILE): ProductVersions[] {
  if (file === VERSIONS_FILE && cached) return cached;
  const data = YAML.parse(fs.readFileSync(file, 'utf8')) as {products?: ProductVersions[]};
  const products = (data.products ?? []).map((p) => ({...p, versions: p.versions ?? [], changes: p.changes ?? []}));
  if (file === VERSIONS_FILE) cached = products;
  return products;
}

/** `page#section` → [page, section]. */
export const splitRef = (ref: string): [string, string | undefined] => {
  const i = ref.indexOf('#');
  return i < 0 ? [ref, undefined] : [ref.slice(0, i), ref.slice(i + 1)];
};
