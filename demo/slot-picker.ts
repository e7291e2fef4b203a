// The demo page's own drawing of its bot's `custom` slot picker (the `renderers` property): plain
// DOM of the page's, styled by demo.css like the rest of the site; a chosen slot is sent to the
// bot as the event the payload names, with the slot in its params.
import type { ParleyRenderer } from '../src/index.ts';

interface Slots {
  kind: 'slots';
  title: string;
  event: string;
  slots: { label: string; start: string }[];
}

function isSlots(payload: unknown): payload is Slots {
  const value = payload as Partial<Slots> | null;
  return value?.kind === 'slots' && typeof value.event === 'string' && Array.isArray(value.slots);
}

/** Draws `{kind: "slots"}`; any other custom payload is left to the widget (which draws nothing). */
export const drawSlotPicker: ParleyRenderer = (response, { sendEvent }) => {
  if (!isSlots(response.payload)) return null;
  const { title, event, slots } = response.payload;
  const picker = document.createElement('fieldset');
  picker.className = 'slot-picker';
  const legend = document.createElement('legend');
  legend.textContent = title;
  picker.append(legend);
  for (const slot of slots) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = slot.label;
    button.addEventListener('click', () => {
      picker.disabled = true;
      button.setAttribute('aria-pressed', 'true');
      void sendEvent(event, { slot: [{ value: slot.label }], start: [{ value: slot.start }] });
    });
    picker.append(button);
  }
  return picker;
};
