// The teaser's file in dist/ (parley-teaser.<hash>.js), loaded by the loader only on pages with a
// teaser (or that call showTeaser()), with the loader's code the chat takes too (embed-shares.ts:
// TEASER_TAKES): this file leaves the teaser's module on its <script> element.
import { currentClassicScript } from './browser/current-script.ts';
import type { TeaserModule } from './loader/chat-host.ts';
import { CHAT_EXPORTS } from './loader/load-script.ts';
import { mountTeaser } from './teaser/teaser.ts';

const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
if (script) script[CHAT_EXPORTS] = { mountTeaser } satisfies TeaserModule;
