// The layouts' file in dist/ (parley-layouts.<hash>.js): the teaser and the inline layout, loaded
// by the loader only on pages with one of them (or that call showTeaser()), with the loader's code
// the chat takes too (shares.ts: CHAT_TAKES): it leaves its module on its <script> element.
import { currentClassicScript } from '../browser/current-script.ts';
import type { LayoutsModule } from '../loader/chat-host.ts';
import { CHAT_EXPORTS } from '../loader/load-script.ts';
import { mountLayouts } from '../layouts/layouts.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = { mountLayouts } satisfies LayoutsModule;
