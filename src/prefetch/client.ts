// Prefetch on intent, not on sight. Docusaurus's Link asks `window.docusaurus.prefetch` for the chunks of every internal
// link that scrolls into view: on a page with many links (the home page, area indexes, long pages) that is a route match
// over the whole route table per link, a long task on a tablet's CPU, and chunks downloaded over a thin plant link for
// pages nobody opens. Links still load a page's chunks when the reader shows intent: hover or touch start
// (`window.docusaurus.preload`, untouched), before the click lands.
import type {ClientModule} from '@docusaurus/types';

type DocusaurusGlobal = {prefetch: (routePath: string) => false | Promise<void[]>; preload: (routePath: string) => unknown};

let installed = false;

/** Replaces the frozen global with one whose `prefetch` does nothing (Link only checks that it was called). */
function install(): void {
  const w = window as unknown as {docusaurus?: DocusaurusGlobal};
  if (installed || !w.docusaurus) return;
  installed = true;
  w.docusaurus = Object.freeze({...w.docusaurus, prefetch: () => false as const});
}

const prefetchModule: ClientModule = {
  // The first call comes from a layout effect of the first render, before any IntersectionObserver has reported.
  onRouteDidUpdate() {
    install();
  },
};

export default prefetchModule;
