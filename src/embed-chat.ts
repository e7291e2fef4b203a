// The chat's file in dist/ (parley-chat.<hash>.js), loaded by the loader (dist/parley.js) with a
// <script> element, which hands it the loader's code both run (embed-shares.ts), the script
// loader among it: this file leaves the chat's module on that element (loader/load-script.ts). It
// knows its languages' files, beside it (scripts/build-embed.ts writes their integrity hashes in
// here), and the rich templates' file.
import { mountChat, richFrom } from './chat/mount-chat.ts';
import { richShares } from './chat/part-shares.ts';
import { currentClassicScript } from './browser/current-script.ts';
import type { ChatModule } from './loader/chat-host.ts';
import type { Translation } from './i18n/translation.ts';
import { CHAT_EXPORTS, loadScript } from './loader/load-script.ts';
import { languageFileName } from './i18n/language-files.ts';
import type { RichTemplates } from './ui/rich-slot.ts';

declare const __PARLEY_LANGUAGE_FILES__: Record<string, string>;
/** The rich templates' file beside this one: its name and integrity. */
declare const __PARLEY_RICH_FILE__: [string, string];
/** Named once: each mention of the build's constant would be a copy of the whole table. */
const LANGUAGE_FILES = __PARLEY_LANGUAGE_FILES__;

// Read now, a classic <script> or nothing, as the loader reads its own (src/embed.ts). What the
// loader handed over is on it; nothing is when the file was put on a page by hand.
const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
const url = (name: string) => new URL(name, script!.src).href;

function loadLanguage(tag: string): Promise<Translation> {
  const integrity = Object.hasOwn(LANGUAGE_FILES, tag) ? LANGUAGE_FILES[tag] : undefined;
  if (!integrity) return Promise.reject(new Error(`the widget has no "${tag}" texts`));
  return loadScript<Translation>(url(languageFileName(tag, integrity)), integrity);
}

/** The rich templates' file, run with this file's Preact (embed-shares.ts). */
function loadRich(): Promise<RichTemplates> {
  const [name, integrity] = __PARLEY_RICH_FILE__;
  return loadScript<RichTemplates>(url(name), integrity, richShares);
}

if (script?.[CHAT_EXPORTS]) {
  richFrom(loadRich);
  script[CHAT_EXPORTS] = { mountChat, loadLanguage } satisfies ChatModule;
} else {
  console.error('[parley] parley-chat.*.js runs only when parley.js loads it: put parley.js on the page with a classic <script> tag');
}
