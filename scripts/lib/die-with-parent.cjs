// Preloaded (`node --require`) into every step scripts/build.ts starts: when the build that started the step is gone
// (killed outright, so it could not stop its steps), the step ends too instead of waiting for a reader that will never
// come. On Linux the build also starts its steps under `setpriv --pdeathsig SIGKILL`, which the kernel carries out even
// when the step's JavaScript is blocked; this check is for the systems without it.
'use strict';
const {isMainThread} = require('node:worker_threads');

if (isMainThread) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
  }, 1000).unref();
}
