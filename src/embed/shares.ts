// What a script-tag file takes from the file that loads it instead of carrying a copy of its own:
// the chat (dist/parley-chat.<hash>.js) takes the loader's code that both run (listed here), and
// each part of the chat loaded when first needed takes the chat's Preact, signals and storage
// (one Preact and one graph of signals, or hooks and effects would not work; listed with the
// parts, parts/table.ts). The file that loads another hands the values over on its <script>
// element (loader/load-script.ts's `imports`), in the order listed; scripts/build-embed.ts makes
// each module listed, in the taking file's build, read them from there. By position, not by
// name: names would cost the giving file their bytes. shares.test.ts checks each giver's list
// against these. A file put on a page by hand is handed nothing: its top level uses none of
// these, so it can say so (chat.ts).
import type { Shares } from '../parts/table.ts';

/**
 * What the chat takes from the loader (loader/chat-shares.ts hands it over); the layouts' file (the
 * teaser, the inline layout) takes the same list, handed over as the same array.
 */
export const CHAT_TAKES: Shares = [
  ['src/client/user-check.ts', ['checkEvent', 'checkUser']],
  ['src/loader/attributes.ts', ['optionsFromAttributes']],
  ['src/i18n/launcher-strings.ts', ['launcherStrings', 'mergeStrings']],
  ['src/util/http-url.ts', ['httpUrl', 'resolveHttpUrl']],
  ['src/loader/styles.ts', ['sheetOf']],
  ['src/browser/slot-keys.ts', ['slotKey']],
  // el and icon: the teaser's (it takes this same list).
  ['src/loader/dom.ts', ['CLOSE_ICON', 'el', 'icon']],
  // The script loader: the chat loads its languages' files and its parts with it.
  ['src/loader/load-script.ts', ['CHAT_EXPORTS', 'loadScript']],
];
