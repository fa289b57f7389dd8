// Small process and port probes shared by serve, the nginx helper, the API mock gate and the build (its caches' owner
// and its watchdog).
import fs from 'node:fs';
import net from 'node:net';

/**
 * A process's state letter, parent pid, process group and CPU time (user + system, in clock ticks) from
 * /proc/<pid>/stat, or null when the process is gone (or there is no /proc).
 */
export function procStat(pid: number): {state: string; ppid: number; pgrp: number; cpuTicks: number} | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      state: fields[0],
      ppid: Number(fields[1]),
      pgrp: Number(fields[2]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

/** Whether a process exists (one of another user's counts: signalling it is refused, not unknown). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live members of a process group with their CPU time, in one pass over /proc; empty where /proc is missing. */
export function groupProcesses(group: number): {pid: number; cpuTicks: number}[] {
  if (!fs.existsSync('/proc')) return [];
  const members: {pid: number; cpuTicks: number}[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat?.pgrp === group) members.push({pid: Number(name), cpuTicks: stat.cpuTicks});
  }
  return members;
}

/** Whether something accepts TCP connections on 127.0.0.1:port now. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
