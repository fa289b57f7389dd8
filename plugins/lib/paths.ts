// The repository's folders, in one place: every build plugin, script, benchmark and test reads them from here (a neutral
// module: it imports nothing of the project).
import path from 'node:path';

/** The repository root (the site folder). */
export const ROOT = path.resolve(__dirname, '../..');
export const DOCS_DIR = path.join(ROOT, 'docs');
export const STATIC_DIR = path.join(ROOT, 'static');
export const PLAN_FILE = path.join(ROOT, 'docs-guide/ia.tsv');
/**
 * The build's caches, in one folder that `npm run build` trusts only when the build that last used it finished
 * (scripts/lib/build-caches.ts keeps its state.json): the bundler's persistent cache (BUNDLER_CACHE_DIR) and our build
 * steps' results (CACHE_DIR). Outside build/, so a clean output folder still reuses them; CI restores them.
 * DOCS_CACHE_DIR moves it (the tests that kill builds use folders of their own).
 */
export const BUILD_CACHE_ROOT = process.env.DOCS_CACHE_DIR
  ? path.resolve(process.env.DOCS_CACHE_DIR)
  : path.join(ROOT, 'node_modules/.cache/build');
/** Where our build steps keep what survives a clean output folder (the printed PDFs, compressed files …). */
export const CACHE_DIR = path.join(BUILD_CACHE_ROOT, 'steps');
/** Rspack's persistent cache of `npm run build` (plugins/bundler-cache; the dev server keeps Rspack's default folder). */
export const BUNDLER_CACHE_DIR = path.join(BUILD_CACHE_ROOT, 'rspack');
/** The writers' quick checks' cache (pages whose MDX parsed before): not a build's, so never set aside with them. */
export const CHECK_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/checks');

/** A path relative to the repository, with forward slashes (for messages naming a file). */
export const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
