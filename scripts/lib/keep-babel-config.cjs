// Preloaded (`node --require`) into Docusaurus' process by `npm start` and `npm run build`. With the SWC loader on,
// Docusaurus warns at every start that babel.config.js can be deleted; the project keeps that file on purpose (the
// webpack bundler of the benchmark reads it), so that one line of advice is dropped and every other warning is kept.
'use strict';
const ADVICE = /^- Your site is using the SWC js loader\. You can safely remove the Babel config file.*$/m;
const original = console.warn;
console.warn = (...args) => {
  const text = args.map(String).join(' ');
  if (!ADVICE.test(text)) return original(...args);
  const rest = text
    .replace(ADVICE, '')
    .replace(/\n{2,}/g, '\n')
    .trimEnd();
  // The block's heading alone (no other site warning left) is dropped with it.
  // eslint-disable-next-line no-control-regex -- colour codes around the heading
  if (/Docusaurus site warnings:$/.test(rest.replace(/\x1b\[[0-9;]*m/g, '').trim())) return undefined;
  return original(rest);
};
