// The one line, written for another origin: ?from=<origin of parley.js and the service>&client-id=…
// and any other data- attribute (language=de, start-event=welcome).
// Whatever a Content-Security-Policy refuses, for the tests to read.
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) =>
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
);

const params = new URLSearchParams(location.search);
const from = params.get('from') ?? location.origin;
params.delete('from');
// ?hostile: the page's CSS fights every embed (e2e/pages/hostile.css), with elements over the corner.
if (params.has('hostile')) {
  params.delete('hostile');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '../pages/hostile.css';
  document.head.append(link);
  for (const className of ['sticky-banner', 'corner-overlay'])
    document.body.append(Object.assign(document.createElement('div'), { className }));
}
const script = document.createElement('script');
script.src = `${from}/dist/parley.js`;
script.setAttribute('data-base-url', `${from}/parley-emulator`);
if (!params.has('client-id')) params.set('client-id', 'e2e');
for (const [name, value] of params) script.setAttribute(`data-${name}`, value);
document.body.append(script);
