// The script-tag entry (dist/parley.js): registers <parley-chat> and mounts one element
// configured from the tag's data- attributes:
//   <script src=".../parley.js" data-client-id="…" data-base-url="…" async></script>
import { CLIENT_ATTRIBUTES, UI_ATTRIBUTES } from './element/attributes.ts';
import { defineParleyChat } from './element/define.ts';

const MARK = 'data-parley-embed';

function mountFromScript(script: HTMLScriptElement): void {
  if (!script.getAttribute('data-client-id')?.trim()) {
    console.error('[parley] no chat added: the <script> tag needs data-client-id and data-base-url (from the channel settings)');
    return;
  }
  if (document.querySelector(`parley-chat[${MARK}]`)) {
    console.warn('[parley] parley.js is on this page twice; the second copy does nothing');
    return;
  }
  const element = document.createElement('parley-chat');
  for (const name of [...Object.keys(CLIENT_ATTRIBUTES), ...UI_ATTRIBUTES]) {
    const value = script.getAttribute(`data-${name}`);
    if (value !== null) element.setAttribute(name, value);
  }
  element.setAttribute(MARK, '');
  document.body.append(element);
}

// currentScript is only set while this classic script first runs: read it now.
const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
defineParleyChat();
if (!script) {
  console.error('[parley] no chat added: load parley.js with a classic <script> tag with data-client-id');
} else if (document.body) {
  mountFromScript(script);
} else {
  document.addEventListener('DOMContentLoaded', () => mountFromScript(script), { once: true });
}
