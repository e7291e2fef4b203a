// The rich templates' code (ui/rich/), with the long texts' (long-text.tsx), arrives when the
// first rich response or long text is drawn, not with the chat: most conversations are short
// text (parts/table.ts).
import type * as RichModule from './rich/RichMessage.tsx';
import { part } from '../parts/part.ts';
import { WITHOUT_RICH } from '../parts/table.ts';

type RichTemplates = typeof RichModule;

/** richArrivedSignal: the templates, once here (reading it asks for nothing); richTemplates asks for them. */
export const [richArrivedSignal, richArrived, , richTemplates] = part<RichTemplates>('rich', WITHOUT_RICH);
