// A site's own renderer, for the tests (trusted-types-drawn.html, e2e/renderers.spec.ts as an init
// script, the engines layer): a `custom` slot picker ({kind: "slots", title?, slots: [label]})
// drawn with plain DOM calls, styled by drawn.css, its buttons sending the bot `book-slot` with
// the slot in its params; {kind: "boom"} a renderer that throws; anything else left to the widget.
// Whether the chat's file had loaded when the renderers were set goes in window.chatLoadedAtSet.
function drawSlots(response, context) {
  const { kind, title, slots } = response.payload ?? {};
  if (kind === 'boom') throw new Error('the site renderer broke');
  if (kind !== 'slots') return null;
  const picker = document.createElement('fieldset');
  picker.className = 'site-slots';
  const legend = document.createElement('legend');
  legend.textContent = title ?? '';
  picker.append(legend);
  for (const label of slots) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => context.sendEvent('book-slot', { slot: [{ value: label }] }));
    picker.append(button);
  }
  return picker;
}

function withRenderers(element) {
  window.chatLoadedAtSet = performance.getEntriesByType('resource').some((entry) => /parley-chat\.\w+\.js/.test(entry.name));
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
  watch.observe(document, { childList: true, subtree: true });
}
