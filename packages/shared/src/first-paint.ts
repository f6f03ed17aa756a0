/**
 * The one inline script the app's prerendered documents carry (decision 031). Their JavaScript is
 * fetched and run only once the page has painted: the document names its entry and chunks in links
 * a browser does not fetch (`rel="app-entry"`, `rel="app-module"`), and this script turns them into
 * a module script and module preloads after the first frame. Fetched from the start, the scripts
 * shared a slow phone's bandwidth with the styles and compiled as they arrived, holding the first
 * paint of a page whose HTML was already complete. requestAnimationFrame waits for the first frame
 * (after the styles), the timeout for its paint. The server's Content-Security-Policy allows exactly
 * this text, by its hash.
 */
export const startAfterPaintScript =
  "requestAnimationFrame(function(){setTimeout(function(){function add(rel,make){document.querySelectorAll('link[rel='+rel+']').forEach(function(l){var e=make(l.getAttribute('href'));e.crossOrigin='';document.head.appendChild(e)})}" +
  "add('app-module',function(href){var p=document.createElement('link');p.rel='modulepreload';p.href=href;return p});" +
  "add('app-entry',function(src){var s=document.createElement('script');s.type='module';s.src=src;return s})})})";
