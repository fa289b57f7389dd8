// Behaviour facts (docs-guide/behaviour-facts.yaml): what the products do that more than one page states — state
// transitions, which functions have an API, defaults, prompt texts, group membership, accepted time windows — written once
// with the pages that state it. `npm run lint:facts` checks, with file:line:
//   - every page listed for a fact still states it (its `states` pattern matches the page outside code blocks);
//   - no line of any page, outside code blocks, matches one of the fact's `wrong` patterns (statements that contradict
//     it; each was taken from a page that said it before the review that fixed it).
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {ROOT} from '../../plugins/lib/paths';
import {proseLines} from './markdown';

export const BEHAVIOUR_FILE = path.join(ROOT, 'docs-guide/behaviour-facts.yaml');

export type BehaviourFact = {
  id: string;
  area: string;
  fact: string;
  pages: string[];
  states: string;
  wrong?: {pattern: string; why: string}[];
};
type Problem = {file: string; line: number; msg: string};
type Compiled = BehaviourFact & {line: number; statesRe: RegExp; wrongRe: {re: RegExp; why: string}[]};

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** The facts with their patterns compiled; a malformed entry or pattern is a problem at its line of the file. */
export function loadBehaviourFacts(file = BEHAVIOUR_FILE): {facts: Compiled[]; problems: Problem[]} {
  const problems: Problem[] = [];
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const lineOf = (id: string) => lines.findIndex((l) => l.includes(`id: ${id}`)) + 1 || 1;
  let data: {facts?: BehaviourFact[]};
  try {
    data = YAML.parse(text) as {facts?: BehaviourFact[]};
  } catch (err) {
    const line = (err as {linePos?: {line: number}[]}).linePos?.[0]?.line ?? 1;
    return {facts: [], problems: [{file: rel(file), line, msg: `malformed YAML: ${(err as Error).message.split('\n')[0]}`}]};
  }
  const facts: Compiled[] = [];
  const seen = new Set<string>();
  for (const f of data.facts ?? []) {
    const line = lineOf(f.id);
    const bad = (msg: string) => problems.push({file: rel(file), line, msg: `behaviour fact ${f.id}: ${msg}`});
    if (!f.id || !f.fact || !Array.isArray(f.pages) || !f.pages.length || !f.states) {
      bad('needs id, fact, pages (at least one) and states');
      continue;
    }
    if (seen.has(f.id)) bad('the id is used twice');
    seen.add(f.id);
    try {
      facts.push({
        ...f,
        line,
        statesRe: new RegExp(f.states),
        wrongRe: (f.wrong ?? []).map((w) => ({re: new RegExp(w.pattern), why: w.why})),
      });
    } catch (err) {
      bad(`a pattern is not a valid regular expression: ${(err as Error).message}`);
    }
  }
  return {facts, problems};
}

/**
 * Check pages against the facts. `pages`: id → file of every page in scope; a fact's listed page outside the scope is not
 * checked (a partial run), a listed page that does not exist is a problem only in a whole run.
 */
export function checkBehaviour(pages: Map<string, string>, whole: boolean, file = BEHAVIOUR_FILE): Problem[] {
  const {facts, problems} = loadBehaviourFacts(file);
  const prose = new Map<string, string[]>();
  for (const [id, f] of pages) prose.set(id, proseLines(fs.readFileSync(f, 'utf8')));
  for (const fact of facts) {
    for (const id of fact.pages) {
      const lines = prose.get(id);
      if (!lines) {
        if (whole)
          problems.push({
            file: rel(file),
            line: fact.line,
            msg: `behaviour fact ${fact.id} lists page ${id}, which does not exist`,
          });
        continue;
      }
      if (!fact.statesRe.test(lines.join('\n')))
        problems.push({
          file: rel(pages.get(id)!),
          line: 1,
          msg: `no longer states behaviour fact ${fact.id} (${rel(file)}:${fact.line}: ${fact.fact}); if the behaviour changed, change the fact and every page it lists`,
        });
    }
  }
  for (const [id, lines] of prose)
    lines.forEach((line, i) => {
      for (const fact of facts)
        for (const w of fact.wrongRe)
          if (w.re.test(line))
            problems.push({
              file: rel(pages.get(id)!),
              line: i + 1,
              msg: `contradicts behaviour fact ${fact.id}: ${w.why} (${rel(file)}:${fact.line})`,
            });
    });
  return problems;
}
