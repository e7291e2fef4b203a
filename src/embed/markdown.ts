// The Markdown's file in dist/ (parley-markdown.<hash>.js), loaded by the chat when it first draws
// a bot's text as Markdown (ui/markdown-slot.ts), with the loader's script loader. Its Preact and
// what it draws links with are the chat's own (parts/table.ts).
import { currentClassicScript } from '../browser/current-script.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import * as markdown from '../ui/markdown/markdown-part.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = markdown;
