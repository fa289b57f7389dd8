// The tests' temporary folders: made under the system temp folder and removed when the test process exits, so a test
// run leaves nothing behind (scripts/test.ts also points TMPDIR at one folder per run and removes it at the end).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, {recursive: true, force: true});
});

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
