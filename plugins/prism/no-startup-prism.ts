// Stands in for @docusaurus/theme-classic/lib/prism-include-languages (see ./index.ts): nothing runs at start-up.
export {};
