// Debian's Chromium, the only browser on our machines (test tools cannot download theirs), and the flags it runs with:
// headless as root, and no background traffic to hosts this network cannot reach.
export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
