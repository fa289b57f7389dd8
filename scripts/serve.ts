// Serve a built site with Debian's nginx and the repository's own rules (deploy/nginx), in the foreground.
// Usage: tsx scripts/serve.ts [--root build] [--port 3000]   (`npm run serve -- --port 3001`: the last --port wins)
// Refuses a build folder that is incomplete, a port that is taken (before anything claims success) and values nginx
// cannot take. Stops on SIGINT/SIGTERM (or when npm, which started it, is stopped): nginx finishes its requests for at
// most 5 s (a second signal stops it at once), its temporary folder is removed on every path.
import fs from 'node:fs';
import net from 'node:net';
import {parseCli} from './lib/args';
import {runForwarding} from './lib/child';
import {portAnswers} from './lib/proc';
import {NGINX, prepareNginx, testNginx} from './lib/nginx';
import {incompleteBuild} from './build';

/** Whether 127.0.0.1:port can be listened on now. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The port from its text, or an error message. */
export function parsePort(text: string): number | string {
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 1 && n <= 65535 ? n : `--port must be a whole number from 1 to 65535, not "${text}"`;
}

async function main() {
  const fail = (msg: string): never => {
    console.error(`serve: ${msg}`);
    process.exit(1);
  };
  // Each option may be given more than once: the last one wins.
  const {values} = parseCli('serve', {root: {type: 'string', multiple: true}, port: {type: 'string', multiple: true}});
  const root = values.root?.at(-1) ?? 'build';
  const port = parsePort(values.port?.at(-1) ?? '3000');
  if (typeof port === 'string') return fail(port);
  const why = incompleteBuild(root);
  if (why) return fail(why);
  if (!fs.existsSync(NGINX)) return fail(`${NGINX} not found: install Debian's nginx (npm run setup:system)`);
  if (!(await portFree(port)))
    return fail(
      `port ${port} on 127.0.0.1 is already in use (another server, or a serve still running): stop it, or pick another port: npm run serve -- --port ${port + 1}`,
    );
  let prepared: ReturnType<typeof prepareNginx>;
  try {
    prepared = prepareNginx({root, port});
  } catch (err) {
    return fail(`--root ${root}: ${(err as Error).message}`);
  }
  const {dir, conf, brotli} = prepared;
  const rejected = testNginx(dir, conf);
  if (rejected) {
    fs.rmSync(dir, {recursive: true, force: true});
    return fail(`nginx rejected the configuration:\n${rejected}`);
  }
  runForwarding(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stopSignal: 'SIGQUIT', // graceful: requests in flight finish (worker_shutdown_timeout bounds it)
    forceSignal: 'SIGTERM', // a second signal: stop now
    graceMs: 8000,
    cleanup: () => fs.rmSync(dir, {recursive: true, force: true}),
    onStart: async (child) => {
      for (let i = 0; i < 100 && child.exitCode === null; i++) {
        if (await portAnswers(port)) {
          console.log(
            `serve: ${root} on http://127.0.0.1:${port}/ (nginx, gzip${brotli ? ', brotli' : ''}; temporary config ${dir})`,
          );
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  });
}

if (require.main === module) void main();
