/** @jsxRuntime automatic */ /** @jsxImportSource react */
// A site renderer that draws a React component into the node it gives the chat (the front-end
// guide's example, run by e2e/react.spec.ts): the bot's `custom` slot picker, its choice kept in
// React state and sent to the bot as an event with the slot in its params.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ParleyRenderers } from 'parley-chat';

function SlotPicker({ slots, onPick }: { slots: string[]; onPick(slot: string): void }) {
  const [picked, setPicked] = useState<string>();
  return (
    <div className="slot-picker">
      {slots.map((slot) => (
        <button
          key={slot}
          type="button"
          aria-pressed={slot === picked}
          disabled={picked !== undefined}
          onClick={() => {
            setPicked(slot);
            onPick(slot);
          }}
        >
          {slot}
        </button>
      ))}
    </div>
  );
}

export const renderers: ParleyRenderers = {
  custom(response, { sendEvent }) {
    const { slots } = (response.payload ?? {}) as { slots?: string[] };
    if (!Array.isArray(slots)) return null; // not a slot picker: the widget's own drawing
    const node = document.createElement('div');
    createRoot(node).render(<SlotPicker slots={slots} onPick={(slot) => void sendEvent('book-slot', { slot: [{ value: slot }] })} />);
    return node;
  },
};
