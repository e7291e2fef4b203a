// The one line, written for another origin: ?from=<origin of parley.js and the service>&client-id=…
// and any other data- attribute (language=de, start-event=welcome).
// Whatever a Content-Security-Policy refuses, for the tests to read.
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));

const params = new URLSearchParams(location.search);
const from = params.get('from') ?? location.origin;
params.delete('from');
const script = document.createElement('script');
script.src = `${from}/dist/parley.js`;
script.setAttribute('data-base-url', `${from}/mock`);
if (!params.has('client-id')) params.set('client-id', 'e2e');
for (const [name, value] of params) script.setAttribute(`data-${name}`, value);
document.body.append(script);
