// The chat's file in dist/ (parley-chat.<hash>.js), loaded by the loader (dist/parley.js) with a
// <script> element, which hands it the loader's code both run (shares.ts), the script
// loader among it: this file leaves the chat's module on that element (loader/load-script.ts). It
// knows the files beside it (scripts/build-embed.ts writes their names and integrity hashes in
// here): its parts that only some conversations need (parts/table.ts), and the table of its
// languages' files (fetched with the first language other than English: 32 hashes gzip cannot shrink).
import { mountChat, partsFrom } from '../chat/mount-chat.ts';
import { partShares } from '../chat/part-shares.ts';
import { currentClassicScript } from '../browser/current-script.ts';
import type { ChatModule } from '../loader/chat-host.ts';
import type { Translation } from '../i18n/translation.ts';
import { CHAT_EXPORTS, loadScript } from '../loader/load-script.ts';
import { languageFileName } from '../i18n/language-files.ts';
import type { PartName } from '../parts/table.ts';

/** The parts' files beside this one (parts/table.ts, and the languages' table): the name and integrity of each. */
declare const __PARLEY_PARTS__: Record<PartName | 'languages', [string, string]>;

// Read now, a classic <script> or nothing, as the loader reads its own (src/embed/loader.ts). What the
// loader handed over is on it; nothing is when the file was put on a page by hand.
const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;
const url = (name: string) => new URL(name, script!.src).href;

/** A part's file, run with what it takes of this file (parts/table.ts). */
function loadPart<T>(part: keyof typeof __PARLEY_PARTS__, shares?: unknown[]): Promise<T> {
  const [name, integrity] = __PARLEY_PARTS__[part];
  return loadScript<T>(url(name), integrity, shares);
}

/** Language tag → its file's integrity: fetched once, again after a failure. */
let languageFiles: Promise<Record<string, string>> | undefined;

async function loadLanguage(tag: string): Promise<Translation> {
  const files = await (languageFiles ??= loadPart<Record<string, string>>('languages').catch((error: unknown) => {
    languageFiles = undefined;
    throw error;
  }));
  const integrity = Object.hasOwn(files, tag) ? files[tag] : undefined;
  if (!integrity) throw new Error(`the widget has no "${tag}" texts`);
  return loadScript<Translation>(url(languageFileName(tag, integrity)), integrity);
}

if (script?.[CHAT_EXPORTS]) {
  partsFrom((name) => loadPart(name, partShares[name]));
  script[CHAT_EXPORTS] = { mountChat, loadLanguage } satisfies ChatModule;
} else {
  console.error('[parley] parley-chat.*.js runs only when parley.js loads it: put parley.js on the page with a classic <script> tag');
}
