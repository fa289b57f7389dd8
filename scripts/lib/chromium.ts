// Debian's Chromium, the only browser on our machines (test tools cannot download theirs), and the flags it runs with:
// headless as root, and no background traffic to hosts this network cannot reach.
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The browser that prints the PDF manuals: Debian's chromium-headless-shell where installed (npm run setup:system
 * installs it), else the Chromium above. The shell is the same engine without the desktop browser around it: with two
 * tabs it printed our six manuals in 27.9 s where chromium took 52.2 s.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const PRINT_CHROMIUM =
  process.env.CHROMIUM_PRINT_BIN || (!process.env.CHROMIUM_BIN && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
