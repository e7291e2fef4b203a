// The memory and session stores' file in dist/ (parley-storage.<hash>.js), loaded by the chat when
// a conversation first needs one (store/other-modes-part.ts), with the loader's script loader. Its
// Web Storage slots and record checks are the chat's own (parts/table.ts).
import { currentClassicScript } from '../browser/current-script.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import * as stores from '../store/other-modes.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = stores;
