// `npm run lint:openapi`: Redocly's lint with the recommended rules (redocly.yaml), its output as is except the boxed
// Node.js 20 end-of-life banner it prints on every run (Redocly has no flag to silence it; Node 20 is the project's
// pinned runtime).
// Usage: tsx scripts/lint-openapi.ts [api ...]   (default: the APIs redocly.yaml lists)
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {ROOT} from '../plugins/lib/paths';
import {parseCli} from './lib/args';

if (require.main === module) {
  const {positionals} = parseCli('lint-openapi', {}, {positionals: Infinity, args: '[api ...]'});
  const bin = path.join(ROOT, 'node_modules/.bin/redocly');
  const r = spawnSync(bin, ['lint', '--format=stylish', ...positionals], {cwd: ROOT, encoding: 'utf8'});
  const banner = /\n? *╔[\s\S]*?╝\n?/;
  process.stdout.write(r.stdout ?? '');
  process.stderr.write((r.stderr ?? '').replace(banner, ''));
  process.exit(r.status ?? 1);
}
