// Small process and port probes shared by serve, the nginx helper and the API mock gate.
import fs from 'node:fs';
import net from 'node:net';

/** A process's state letter and parent pid from /proc/<pid>/stat, or null when the process is gone. */
export function procStat(pid: number): {state: string; ppid: number} | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {state, ppid: Number(ppid)};
  } catch {
    return null;
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port now. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
