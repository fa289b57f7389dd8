// The build's watchdog: a step (a process group) that neither writes a line nor uses the processor for `limitMs` is
// stalled. Progress is read from /proc (the CPU time of every process of the group, threads included); where /proc is
// missing, from the output alone, with a limit five times as long (a bundler can compile for minutes without a line).
import fs from 'node:fs';
import {groupProcesses} from './proc';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux the build runs on). */
const TICKS = 100;

/** The CPU time, in seconds, of a process group's live members; null where /proc is missing. */
export function groupCpuSeconds(group: number): number | null {
  if (!fs.existsSync('/proc')) return null;
  return groupProcesses(group).reduce((n, p) => n + p.cpuTicks, 0) / TICKS;
}

export type Watch = {
  /** The step wrote something: that is progress. */
  output(): void;
  stop(): void;
};

/**
 * Watch a step: every few seconds its group's CPU time is read; a check that finds neither a line since the last one
 * nor at least 2 % of a core used since then does not count as progress. After `limitMs` without progress, `onStall`
 * runs once (with the seconds waited) and the watch ends.
 */
export function watchStep(group: number, limitMs: number, onStall: (seconds: number) => void): Watch {
  const startCpu = groupCpuSeconds(group);
  const limit = startCpu !== null ? limitMs : limitMs * 5;
  const every = Math.max(250, Math.min(5000, limit / 4));
  let lastProgress = Date.now();
  let lastCheck = Date.now();
  let lastCpu = startCpu ?? 0;
  let wrote = false;
  const timer = setInterval(() => {
    const now = Date.now();
    const cpu = groupCpuSeconds(group) ?? lastCpu;
    if (wrote || cpu - lastCpu >= 0.02 * ((now - lastCheck) / 1000)) lastProgress = now;
    wrote = false;
    lastCpu = cpu;
    lastCheck = now;
    if (now - lastProgress >= limit) {
      clearInterval(timer);
      onStall(Math.round((now - lastProgress) / 1000));
    }
  }, every);
  timer.unref();
  return {output: () => void (wrote = true), stop: () => clearInterval(timer)};
}
