// Run a long-lived child (nginx, the dev server) in the foreground and stop it with us: SIGINT and SIGTERM are
// forwarded, we wait for the child to exit, run the clean-up, and exit with its status. Killing our process id therefore
// never leaves the child holding the port, nor its temporary files behind.
import {spawn, type SpawnOptions} from 'node:child_process';

export function runForwarding(
  cmd: string,
  args: string[],
  {stopSignal = 'SIGTERM', cleanup = () => {}, ...opts}: SpawnOptions & {stopSignal?: NodeJS.Signals; cleanup?: () => void} = {},
): void {
  const child = spawn(cmd, args, {stdio: 'inherit', ...opts});
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    child.kill(stopSignal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  child.on('exit', (code, signal) => {
    try {
      cleanup();
    } finally {
      process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
    }
  });
}
