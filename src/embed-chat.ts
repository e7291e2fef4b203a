// The chat's file in dist/ (parley-chat.<hash>.js), loaded by the loader (dist/parley.js) with a
// <script> element: it hands its exports to that element (element/load-script.ts).
import { CHAT_EXPORTS } from './element/load-script.ts';
import { mountChat } from './chat/mount-chat.ts';

const script = document.currentScript as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = { mountChat };
