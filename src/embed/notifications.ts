// The notifications' file in dist/ (parley-notify.<hash>.js), loaded by the chat when a page first
// asks for them (chat/notifications-part.ts), with the loader's script loader. Its signals and
// storage are the chat's own (parts/table.ts): the chat's signals drive its effect.
import { currentClassicScript } from '../browser/current-script.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import { startNotifications } from '../chat/notifications.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = startNotifications;
