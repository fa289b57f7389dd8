// The repository's folders, in one place: every build plugin, script, benchmark and test reads them from here (a neutral
// module: it imports nothing of the project).
import path from 'node:path';

/** The repository root (the site folder). */
export const ROOT = path.resolve(__dirname, '../..');
export const DOCS_DIR = path.join(ROOT, 'docs');
export const STATIC_DIR = path.join(ROOT, 'static');
export const PLAN_FILE = path.join(ROOT, 'docs-guide/ia.tsv');
/** Where our build steps keep what survives a clean output folder (the printed PDFs); CI caches it. */
export const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/lingchuan');

/** A path relative to the repository, with forward slashes (for messages naming a file). */
export const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
