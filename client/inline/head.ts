// The head script, inline in every page's head (generator/assets.ts inlineScripts bundles it, with the values the build
// knows: build-values.d.ts). It runs before paint: the www rule, and the `js` class that lets CSS prepare
// enhancements. If the app module has not started within 3 s (blocked, offline), the class goes again so nothing stays
// hidden waiting for it. It then starts the app module once the first paint is on screen (the browser reports it to a
// paint observer; at once in a hidden tab, which paints nothing, and in a browser without paint timing; at the latest
// after 1.5 s), so nothing the page fetches or runs comes before its first paint. import() of the same module twice
// runs it once.
import { captureLead } from './lead.ts';

const root = document.documentElement;
root.classList.add('js');
// A page built while site.yaml's alert is up names the alert's end on <html> (data-alert-end, ms since the epoch): from
// then on the `alert-over` class hides it, before the first paint for a page opened later, at that moment for a page
// left open (a timer only within setTimeout's range, about 24 days; a longer alert is caught on the next visit). A
// build without an alert leaves this out: none of its pages has one to hide.
if (WITH_ALERT) {
  const left = Number(root.dataset.alertEnd) - Date.now();
  const over = () => root.classList.add('alert-over');
  if (left > 0) {
    if (left < 2e9) setTimeout(over, left);
  } else if (!Number.isNaN(left)) over();
}
setTimeout(() => {
  if (!root.dataset.app) root.classList.remove('js');
}, 3000);
if (location.hostname.startsWith('www.'))
  location.replace(location.protocol + '//' + location.host.slice(4) + location.pathname + location.search + location.hash);
else {
  captureLead();
  const app: string = APP_MODULE; // a name, not a literal: esbuild leaves its import() to run time
  const start = () => void import(app);
  const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
  const types = Observer?.supportedEntryTypes;
  if (document.hidden || !types?.includes('paint')) start();
  else {
    setTimeout(start, 1500);
    try {
      new Observer!((_, observer) => {
        observer.disconnect();
        setTimeout(start);
      }).observe({ type: 'paint', buffered: true });
    } catch {
      start();
    }
  }
}
