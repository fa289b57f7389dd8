// The versions the reader runs (chosen in 「我的环境」, stored with its values as `version:<product>`), and the registry's
// products (plugins/versions' global data). None while the page hydrates.
import {usePluginData} from '@docusaurus/useGlobalData';
import {useReaderValues} from '@site/src/env/store';
import type {VersionsData} from './types';

export const useVersionsData = (): VersionsData => usePluginData('versions') as VersionsData;

export function useReaderVersions(): Record<string, string> {
  const values = useReaderValues();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (k.startsWith('version:')) out[k.slice(8)] = v;
  return out;
}

/** Compare two dotted versions numerically. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

export const writtenVersion = (p: {written: string; name: string}, v: string, withName = false): string => {
  const w = p.written.replace('{version}', v);
  return withName || !w.startsWith('v') ? `${p.name} ${w}` : w;
};
