// docs/front-end.md, line 205. Made by scripts/doc-samples.ts: do not edit.
declare const chat: import('parley-chat').ParleyChatElement;
import type { ParleyRenderers } from 'parley-chat';

chat.renderers = {
  custom(response, { sendEvent }) {
    const payload = response.payload as { kind?: string; slots?: string[] };
    if (payload.kind !== 'slots') return null; // not ours: drawn as without a renderer (custom: nothing)
    const picker = document.createElement('fieldset');
    picker.className = 'slot-picker';
    for (const slot of payload.slots ?? []) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = slot;
      button.addEventListener('click', () => void sendEvent('book-slot', { slot: [{ value: slot }] }));
      picker.append(button);
    }
    return picker;
  },
} satisfies ParleyRenderers;
export {};
