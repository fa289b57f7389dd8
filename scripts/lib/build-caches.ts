// The build's caches (plugins/lib/paths.ts BUILD_CACHE_ROOT: Rspack's persistent cache and our steps' results) are
// trusted only when the build that last used them finished. `state.json` in the folder says so:
//   - `running` (with the build's pid and its steps' process groups) from the moment a build opens the caches;
//   - `complete` once it ends with every step having ended by itself (success, or a failure the step reported);
//   - `interrupted` when a step had to be stopped (cancelled, a failed docs check, the watchdog).
// A build that finds `running` from a build whose process is gone (SIGKILL, out of memory, a power cut), `interrupted`,
// no state beside existing caches, or a bundler cache without its metadata, stops what is left of the earlier build and
// sets the folder aside (`<folder>.set-aside`, replacing the previous one) with one line saying why, then runs cold.
// A build that finds another build still running on the same caches refuses to start beside it.
import fs from 'node:fs';
import path from 'node:path';
import {BUILD_CACHE_ROOT, BUNDLER_CACHE_DIR, repoPath} from '../../plugins/lib/paths';
import {groupProcesses, pidAlive} from './proc';

type State =
  | {state: 'running'; pid: number; started: string; groups: number[]}
  | {state: 'complete' | 'interrupted'; pid: number; started: string; ended: string; reason?: string};

const stateFile = (root: string) => path.join(root, 'state.json');
const shown = (root: string) => (path.isAbsolute(repoPath(root)) || repoPath(root).startsWith('..') ? root : repoPath(root));

function readState(root: string): State | null {
  try {
    return JSON.parse(fs.readFileSync(stateFile(root), 'utf8')) as State;
  } catch {
    return null;
  }
}

function writeState(root: string, state: State): void {
  fs.mkdirSync(root, {recursive: true});
  const tmp = `${stateFile(root)}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${JSON.stringify(state)}\n`);
  fs.renameSync(tmp, stateFile(root));
}


/** Whether `pid` is a build (scripts/build.ts); where /proc is missing, any live process is taken for one. */
function isBuild(pid: number): boolean {
  if (!pidAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/build.ts');
  } catch {
    return !fs.existsSync('/proc');
  }
}

/** Why a bundler cache cannot be trusted (a version folder without its metadata), or null. */
function unsoundBundlerCache(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  // Rspack stages its writes in `.temp` (empty once a build has finished): only the version folders are checked.
  for (const key of fs.readdirSync(dir).filter((k) => !k.startsWith('.'))) {
    const version = path.join(dir, key);
    if (!fs.statSync(version).isDirectory()) continue;
    if (!fs.existsSync(path.join(version, 'meta', 'scope_meta')))
      return `its version folder ${key} has no meta/scope_meta (an interrupted write)`;
  }
  return null;
}

export class BuildBusyError extends Error {}

export type OpenedCaches = {
  /** Record a step's process group, so that a later build can stop it if this build dies without doing so. */
  addGroup(group: number): void;
  /** Set the caches aside now (the watchdog, before its one retry); says why in one line. */
  setAside(why: string): void;
  /** Record how the build ended: `trusted` when every step ended by itself. */
  close(trusted: boolean, reason?: string): void;
};

/**
 * Open the build's caches for this process: refuse when another build uses them, set them aside when the last build
 * did not finish with them (with one line on `log`), and record this build as running.
 */
export function openBuildCaches(log: (line: string) => void, root = BUILD_CACHE_ROOT): OpenedCaches {
  const bundler = root === BUILD_CACHE_ROOT ? BUNDLER_CACHE_DIR : path.join(root, 'rspack');
  const started = new Date().toISOString();
  const setAside = (why: string) => {
    const aside = `${root}.set-aside`;
    fs.rmSync(aside, {recursive: true, force: true});
    if (fs.existsSync(root)) fs.renameSync(root, aside);
    log(`build: the build caches in ${shown(root)} ${why}: set aside in ${shown(aside)}; this build runs cold`);
  };
  const previous = readState(root);
  if (previous?.state === 'running' && previous.pid !== process.pid && isBuild(previous.pid)) {
    throw new BuildBusyError(
      `build: another build (pid ${previous.pid}, started ${previous.started}) is using the build caches in ${shown(root)}: ` +
        `wait for it to end, or stop it (kill ${previous.pid})`,
    );
  }
  if (previous?.state === 'running') {
    // Its build process is gone. Whatever of its steps is still alive would write into the caches beside us: stop it.
    const left = previous.groups.flatMap(groupProcesses);
    for (const group of previous.groups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const stopped = left.length ? ` (stopped ${left.length} of its processes that were still running)` : '';
    setAside(`were left by a build that did not finish (pid ${previous.pid}, started ${previous.started})${stopped}`);
  } else if (previous?.state === 'interrupted') {
    setAside(`were left by a build whose steps were stopped (${previous.reason ?? 'interrupted'})`);
  } else if (!previous && fs.existsSync(root) && fs.readdirSync(root).length > 0) {
    setAside('have no record of a build that finished with them');
  } else if (previous?.state === 'complete') {
    const why = unsoundBundlerCache(bundler);
    if (why) setAside(`hold a bundler cache that cannot be trusted: ${why}`);
  }
  const state: State = {state: 'running', pid: process.pid, started, groups: []};
  writeState(root, state);
  return {
    addGroup(group) {
      state.groups.push(group);
      writeState(root, state);
    },
    setAside(why) {
      setAside(why);
      writeState(root, state);
    },
    close(trusted, reason) {
      const ended = new Date().toISOString();
      writeState(root, {state: trusted ? 'complete' : 'interrupted', pid: process.pid, started, ended, reason});
    },
  };
}
