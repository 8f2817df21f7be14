// Starts the app once the page's first screen has painted. The server sends a visitor's page with that screen drawn
// in (server/http/static-client.ts, decision 024) and this script in place of the app's module scripts: fetched with
// the page, they took a slow connection from the styles and font the screen paints with, and ran before it painted.
// The entry and its modules are named here (data-entry, data-preload), preloaded together, then imported.
/* global document, window, PerformanceObserver, setTimeout */
(function startAfterFirstPaint(script) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    script.dataset.preload.split(' ').forEach(function preload(href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(script.dataset.entry);
  }
  var canWatchPaint = 'PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes.indexOf('paint') !== -1;
  // A hidden tab paints nothing: it starts at once, as does a browser that cannot tell when the page painted.
  if (document.visibilityState === 'hidden' || !canWatchPaint) return start();
  new PerformanceObserver(function onPaint(list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Should the screen never count as painted, the app still starts.
  setTimeout(start, 3000);
})(document.currentScript);
