// 「最后更新」 for every doc page from one `git log` instead of one per page. Docusaurus 3.8 asks git once per doc file
// (about 6 s for our 245 pages, on every build and rebuild); it skips git for a page whose front matter gives
// `last_update.date`, so our `parseFrontMatter` (docusaurus.config.ts) fills that date from one history walk. The date is
// the same one Docusaurus would find: the newest commit that touched the file. Files git does not know (new, uncommitted)
// get no date here and Docusaurus asks git itself, as before.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {ROOT} from './paths';

let dates: Map<string, number> | null = null;

/** Repository path (forward slashes) → the newest commit time touching it, in ms. Empty outside a git checkout. */
export function gitDates(root = ROOT, folder = 'docs'): Map<string, number> {
  if (dates) return dates;
  dates = new Map();
  let log = '';
  try {
    log = execFileSync('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', folder], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return dates; // no git, or not a checkout: Docusaurus decides per page as before
  }
  for (const commit of log.split('\0').slice(1)) {
    const [time, ...files] = commit.split('\n');
    const ms = Number(time) * 1000;
    for (const f of files) if (f && !dates.has(f)) dates.set(f, ms);
  }
  return dates;
}

type ParseParams = {filePath: string; fileContent: string};
type ParseResult = {frontMatter: Record<string, unknown>; content: string};

/**
 * Docusaurus' `markdown.parseFrontMatter`: the default parser, then, for production builds of doc pages that set no
 * date of their own, `last_update.date` from `gitDates()`.
 */
export async function parseFrontMatterWithGitDate(
  params: ParseParams & {defaultParseFrontMatter: (p: ParseParams) => Promise<ParseResult>},
): Promise<ParseResult> {
  const result = await params.defaultParseFrontMatter(params);
  if (process.env.NODE_ENV !== 'production' || process.env.DOCUSAURUS_DISABLE_LAST_UPDATE === 'true') return result;
  const rel = path.relative(ROOT, params.filePath).split(path.sep).join('/');
  if (!rel.startsWith('docs/')) return result;
  const own = result.frontMatter.last_update as {date?: unknown; author?: unknown} | undefined;
  if (own?.date) return result;
  const ms = gitDates().get(rel);
  if (ms === undefined) return result;
  return {...result, frontMatter: {...result.frontMatter, last_update: {...own, date: new Date(ms).toISOString()}}};
}
