// Run a long-lived child (nginx, the dev server) in the foreground and stop it with us, whichever process the user stops:
//   - SIGINT, SIGTERM and SIGHUP are forwarded as `stopSignal` (graceful); a second signal sends `forceSignal` at once,
//     and a stop that takes longer than `graceMs` ends with SIGKILL;
//   - `npm run x` runs us under npm and a shell: when one of those ancestors dies (`kill <npm's pid>`), we stop too;
//   - when we die without a chance to clean up (SIGKILL), the kernel stops the child (setpriv --pdeathsig);
// then the clean-up runs and we exit with the child's status. Killing any of these process ids therefore never leaves the
// child holding the port, nor its temporary files behind.
import {spawn, type SpawnOptions} from 'node:child_process';
import fs from 'node:fs';
import {pidAlive, procStat} from './proc';

const SETPRIV = '/usr/bin/setpriv';

/** Our ancestors up to the npm (or npx) process that started us, nearest first; empty when npm did not. */
export function npmAncestors(pid = process.pid): number[] {
  const chain: number[] = [];
  let cur = pid;
  for (let depth = 0; depth < 6; depth++) {
    const ppid = procStat(cur)?.ppid;
    if (!ppid || ppid === 1) return [];
    chain.push(ppid);
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      return [];
    }
    if (/(^|\/)(npm|npx)(-cli\.js)?\b|npm-cli\.js|npx-cli\.js/.test(cmd)) return chain;
    cur = ppid;
  }
  return [];
}

export type ForwardingOptions = SpawnOptions & {
  stopSignal?: NodeJS.Signals;
  forceSignal?: NodeJS.Signals;
  graceMs?: number;
  cleanup?: () => void;
  /** Called once the child runs (e.g. to wait until it answers and then say so). */
  onStart?: (child: ReturnType<typeof spawn>) => void;
};

export function runForwarding(cmd: string, args: string[], options: ForwardingOptions = {}): void {
  const {stopSignal = 'SIGTERM', forceSignal = 'SIGKILL', graceMs = 10_000, cleanup = () => {}, onStart, ...opts} = options;
  const [file, argv] = fs.existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGKILL', cmd, ...args]] : [cmd, args];
  const child = spawn(file, argv, {stdio: 'inherit', ...opts});
  let stops = 0;
  let cleaned = false;
  const clean = () => {
    if (cleaned) return;
    cleaned = true;
    cleanup();
  };
  const stop = () => {
    stops++;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(stops === 1 ? stopSignal : forceSignal);
    if (stops === 1) setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  process.on('exit', clean);
  const ancestors = npmAncestors();
  if (ancestors.length) {
    const watch = setInterval(() => {
      if (ancestors.some((pid) => !pidAlive(pid))) {
        clearInterval(watch);
        if (!stops) stop();
      }
    }, 300);
    watch.unref();
  }
  child.on('error', (err) => {
    console.error(`${cmd}: ${err.message}`);
    clean();
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    try {
      clean();
    } finally {
      process.exit(stops ? 0 : (code ?? (signal ? 1 : 0)));
    }
  });
  onStart?.(child);
}
