// Adds <script src="/dist/parley.js" data-…> built from this page's query string, the way a
// site owner's one line would: ?client-id=e2e&base-url=/parley-emulator&start-event=welcome
const params = new URLSearchParams(location.search);
const copies = Number(params.get('copies') ?? 1);
params.delete('copies');

// ?hostile: the page's CSS fights every embed (see hostile.css).
if (params.has('hostile')) {
  params.delete('hostile');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./hostile.css', import.meta.url).href;
  document.head.append(link);
  for (const className of ['sticky-banner', 'corner-overlay']) {
    const element = document.createElement('div');
    element.className = className;
    document.body.append(element);
  }
}
// ?below: a section far below the fold, id "below" (for the inline layout's data-target).
if (params.has('below')) {
  params.delete('below');
  const spacer = document.createElement('div');
  spacer.className = 'spacer';
  const below = document.createElement('section');
  below.id = 'below';
  document.body.append(spacer, below);
}
// ?dir=rtl: a right-to-left page.
if (params.has('dir')) {
  document.documentElement.dir = params.get('dir')!;
  params.delete('dir');
}
for (let i = 0; i < copies; i++) {
  const script = document.createElement('script');
  script.src = '/dist/parley.js';
  for (const [name, value] of params) script.setAttribute(`data-${name}`, value);
  document.body.append(script);
}
