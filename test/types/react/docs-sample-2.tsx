/** @jsxRuntime automatic */ /** @jsxImportSource react */
// docs/front-end.md, line 252. Made by scripts/doc-samples.ts: do not edit.
import { createRoot } from 'react-dom/client';
import type { ParleyRenderers } from 'parley-chat';

function SlotPicker({ slots, onPick }: { slots: string[]; onPick(slot: string): void }) {
  return <div className="slot-picker">{slots.map((slot) => <button key={slot} type="button" onClick={() => onPick(slot)}>{slot}</button>)}</div>;
}

export const renderers: ParleyRenderers = {
  custom(response, { sendEvent }) {
    const { slots } = (response.payload ?? {}) as { slots?: string[] };
    if (!Array.isArray(slots)) return null;
    const node = document.createElement('div');
    createRoot(node).render(<SlotPicker slots={slots} onPick={(slot) => void sendEvent('book-slot', { slot: [{ value: slot }] })} />);
    return node;
  },
};
export {};
