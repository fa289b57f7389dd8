// Preloaded into Docusaurus' process by scripts/build.ts (`node --require`): when its work is done (the event loop is
// empty, every file written and the bundler's cache saved by its own close()), the process exits at once with its exit
// code. Without this, Node's orderly teardown frees the bundler's native memory object by object first: 1 to 2 s of one
// core after Docusaurus has printed its last line, in every build.
'use strict';
const {isMainThread} = require('node:worker_threads');

if (isMainThread) process.once('beforeExit', (code) => process.exit(code));
