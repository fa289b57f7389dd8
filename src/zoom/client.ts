// Image zoom: every image inside page content opens in a medium-zoom overlay (spec §4); images inside links keep their link.
import type {ClientModule} from '@docusaurus/types';
import type {Zoom} from 'medium-zoom';

export const ZOOM_SELECTOR = '.markdown img:not(a img)';
/** The spec attaches zoom about a second after load and after each route change, once content images are in place. */
export const ATTACH_DELAY_MS = 1000;

let zoom: Zoom | undefined;
let timer: number | undefined;

async function attach(): Promise<void> {
  const {default: mediumZoom} = await import('medium-zoom');
  zoom ??= mediumZoom({margin: 24, scrollOffset: 40, background: 'var(--lc-zoom-background)'});
  zoom.detach();
  zoom.attach(ZOOM_SELECTOR);
}

const zoomModule: ClientModule = {
  onRouteDidUpdate() {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void attach(), ATTACH_DELAY_MS);
  },
};

export default zoomModule;
