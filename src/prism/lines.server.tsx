// A code block's lines when the server renders the static HTML (bundled as `@lc/code-lines`: see plugins/prism): the
// highlighter imported directly, so that the HTML carries the highlighted lines inline (no Suspense boundary, which
// React's streaming renderer would move out of place behind an inline script that our CSP forbids).
export {default} from './HighlightedLines';
