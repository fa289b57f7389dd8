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
