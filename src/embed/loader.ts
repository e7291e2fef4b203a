// The script-tag entry (dist/parley.js), the loader: registers <parley-chat>, draws its launcher,
// and mounts one element configured from the tag's data- attributes:
//   <script src=".../parley.js" data-client-id="…" data-base-url="…" async></script>
// The chat itself is a file beside this one, loaded on intent, and so is the layouts' code (the
// teaser, the inline layout), loaded only on pages with one (scripts/build-embed.ts writes their names and integrity hashes in here).
import { currentClassicScript } from '../browser/current-script.ts';
import { OBSERVED_ATTRIBUTES } from '../loader/attributes.ts';
import type { ChatModule, LayoutsModule } from '../loader/chat-host.ts';
import { chatShares } from '../loader/chat-shares.ts';
import { loadScript } from '../loader/load-script.ts';
import { createParleyChatClass } from '../loader/parley-chat.ts';
import { registerElement } from '../loader/register.ts';

declare const __PARLEY_CHAT_FILE__: string;
declare const __PARLEY_CHAT_INTEGRITY__: string;
declare const __PARLEY_LAYOUTS_FILE__: string;
declare const __PARLEY_LAYOUTS_INTEGRITY__: string;

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
  for (const name of OBSERVED_ATTRIBUTES) {
    const value = script.getAttribute(`data-${name}`);
    if (value !== null) element.setAttribute(name, value);
  }
  // The mark carries data-target, where the inline layout goes (layouts/inline.ts places it).
  element.setAttribute(MARK, script.getAttribute('data-target') ?? '');
  document.body.append(element);
}

// currentScript is only set while this classic script first runs: read it now. The chat's file
// sits beside it (a CDN path or a self-hosted folder alike).
const script = currentClassicScript();
const url = (name: string) => new URL(name, script?.src || document.baseURI).href;
registerElement('parley-chat', () =>
  createParleyChatClass(
    () => loadScript<ChatModule>(url(__PARLEY_CHAT_FILE__), __PARLEY_CHAT_INTEGRITY__, chatShares),
    // The layouts' file, only on pages with a teaser or the inline layout: it takes the same code of the loader's as the chat.
    () => loadScript<LayoutsModule>(url(__PARLEY_LAYOUTS_FILE__), __PARLEY_LAYOUTS_INTEGRITY__, chatShares),
  ),
);
if (!script) {
  console.error('[parley] no chat added: load parley.js with a classic <script> tag');
} else if (document.body) {
  mountFromScript(script);
} else {
  document.addEventListener('DOMContentLoaded', () => mountFromScript(script), { once: true });
}
