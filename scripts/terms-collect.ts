// Lists the bold words of numbered steps (tables and lines indented under a step included) that the terminology base (docs-guide/terminology.yaml) does not have yet, per
// area, as YAML lines to review and paste under `interface:` (a writer adds a new button's word this way; a variant of a
// word already there is fixed in the page instead). Usage: tsx scripts/terms-collect.ts
import {listDocs, parseDoc} from '../plugins/lib/docs-source';
import {boldWords, loadTerms, stepLines} from './check-facts';
import {parseCli} from './lib/args';

function main() {
  parseCli('terms-collect', {});
  const have = new Set(
    Object.values(loadTerms()?.interface ?? {})
      .flat()
      .map(String),
  );
  const missing = new Map<string, Set<string>>();
  for (const doc of listDocs()) {
    const area = doc.id.split('/')[0];
    for (const {text} of stepLines(parseDoc(doc.file).body))
      for (const w of boldWords(text)) {
        if (have.has(w)) continue;
        if (!missing.has(area)) missing.set(area, new Set());
        missing.get(area)!.add(w);
      }
  }
  for (const [area, words] of missing) console.log(`  ${area}: # add\n${[...words].map((w) => `    - ${w}`).join('\n')}`);
  if (!missing.size) console.log('terms-collect: every bold step word is in docs-guide/terminology.yaml');
}

if (require.main === module) main();
