// Adds <script src="/dist/parley.js" data-…> built from this page's query string, the way a
// site owner's one line would: ?client-id=e2e&base-url=/mock&start-event=welcome
const params = new URLSearchParams(location.search);
const copies = Number(params.get('copies') ?? 1);
params.delete('copies');
for (let i = 0; i < copies; i++) {
  const script = document.createElement('script');
  script.src = '/dist/parley.js';
  for (const [name, value] of params) script.setAttribute(`data-${name}`, value);
  document.body.append(script);
}
