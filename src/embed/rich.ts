// The rich templates' file in dist/ (parley-rich.<hash>.js), loaded by the chat when its first
// rich response is drawn (ui/rich-slot.ts), with the loader's script loader. Its 'preact' and
// 'preact/hooks' are the chat's own (parts/table.ts): hooks work, and Preact is there once.
import { currentClassicScript } from '../browser/current-script.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import * as templates from '../ui/rich/RichMessage.tsx';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = templates;
