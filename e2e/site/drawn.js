// A site's own renderer under Trusted Types (trusted-types-drawn.html): a `custom` slot picker
// drawn with plain DOM calls, styled by drawn.css, its buttons sending the bot an event.
function drawSlots(response, context) {
  const picker = document.createElement('fieldset');
  picker.className = 'site-slots';
  const legend = document.createElement('legend');
  legend.textContent = response.payload.title;
  picker.append(legend);
  for (const label of response.payload.slots) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => context.sendEvent('book-slot', { slot: [{ value: label }] }));
    picker.append(button);
  }
  return picker;
}

function withRenderers(element) {
  element.renderers = { custom: drawSlots };
}

// The element parley.js adds: given its renderers as soon as it is in the page.
const present = document.querySelector('parley-chat');
if (present) withRenderers(present);
else {
  const watch = new MutationObserver(() => {
    const element = document.querySelector('parley-chat');
    if (!element) return;
    watch.disconnect();
    withRenderers(element);
  });
  watch.observe(document.documentElement, { childList: true, subtree: true });
}
