// Registers the service worker of @docusaurus/plugin-pwa (its own registerSw module: the offline-mode strategies and
// the reload prompt) once the page has loaded and the browser is idle, so that it never competes with the first
// render or hydration. Installed as the plugin's `swRegister` (docusaurus.config.ts).
if (typeof window !== 'undefined' && 'serviceWorker' in navigator) {
  // Offline, the service worker in place keeps serving; checking for a new one would only fail (and log an error).
  const register = () => {
    if (navigator.onLine !== false) void import('@docusaurus/plugin-pwa/lib/registerSw.js');
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, {timeout: 5000});
    else setTimeout(register, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, {once: true});
}

export {};
