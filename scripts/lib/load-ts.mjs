// Loads TypeScript modules of the repository (plugins/, src/) from plain Node scripts, through tsx.
import {tsImport} from 'tsx/esm/api';

/** The module at `rel` from the repository root, e.g. `await loadTs('plugins/search/extract.ts')`. */
export const loadTs = (rel) => tsImport(new URL(`../../${rel}`, import.meta.url).href, import.meta.url);
