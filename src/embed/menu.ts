// The panel menu's file in dist/ (parley-menu.<hash>.js), loaded by the chat when the visitor
// first reaches for "More options" (ui/menu-slot.ts), with the loader's script loader. Its Preact
// and what it writes with are the chat's own (parts/table.ts).
import { currentClassicScript } from '../browser/current-script.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import * as menu from '../ui/menu/menu-part.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = menu;
