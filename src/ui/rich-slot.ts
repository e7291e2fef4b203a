// The rich templates' code (ui/rich/), with the long texts' (long-text.tsx), arrives when the
// first rich response or long text is drawn, not with the chat: most conversations are short
// text (part-slot.ts).
import type * as RichModule from './rich/RichMessage.tsx';
import { partSlot } from './part-slot.ts';

type RichTemplates = typeof RichModule;

const rich = partSlot<RichTemplates>('rich responses show their text, long texts their first part: their code could not be loaded');

/** The templates, once here (reading this asks for nothing). */
export const richArrivedSignal = rich.arrived;
export const richFrom = rich.from;
export const richArrived = rich.hand;
export const richTemplates = rich.ask;
