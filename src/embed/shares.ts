// What a script-tag file takes from the file that loads it instead of carrying a copy of its own:
// the chat (dist/parley-chat.<hash>.js) takes the loader's code that both run, and each part of
// the chat loaded when first needed takes the chat's Preact, signals and storage (one Preact and
// one graph of signals, or hooks and effects would not work). The file that loads another hands
// the values over on its <script> element (loader/load-script.ts's `imports`), in the order listed
// here; scripts/build-embed.ts makes each module listed, in the taking file's build, read them
// from there. By position, not by name: names would cost the giving file their bytes.
// shares.test.ts checks each giver's list against these. A file put on a page by hand is
// handed nothing: its top level uses none of these, so it can say so (chat.ts).

/** Modules (a package, or a file under src/) and the exports taken of each, in order. */
export type Shares = ReadonlyArray<readonly [module: string, names: readonly string[]]>;

/**
 * What the chat takes from the loader (loader/chat-shares.ts hands it over); the teaser's file takes
 * the same list, handed over as the same array.
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

/** What the rich templates take from the chat (chat/part-shares.ts hands it over). */
export const RICH_TAKES: Shares = [
  ['preact', ['h', 'Fragment', 'Component']],
  ['preact/hooks', ['useState', 'useRef', 'useLayoutEffect', 'useMemo']],
  // What they draw with the chat's own: bounds, addresses, texts.
  ['src/ui/bounded.tsx', ['clipLabel', 'More', 'cutText']],
  ['src/ui/safe-url.ts', ['safeUrl']],
  ['src/ui/Linkified.tsx', ['NewTabNote', 'Linkified']],
  ['src/i18n/strings.ts', ['say']],
];

/** What the panel's menu takes from the chat (chat/part-shares.ts hands it over). */
export const MENU_TAKES: Shares = [
  ['preact', ['h']],
  ['preact/hooks', ['useRef', 'useLayoutEffect']],
  ['src/i18n/strings.ts', ['say']],
  ['src/ui/author-name.ts', ['authorName']],
];

/** What the Markdown takes from the chat (chat/part-shares.ts hands it over). */
export const MARKDOWN_TAKES: Shares = [
  ['preact', ['h', 'Fragment']],
  ['src/ui/Linkified.tsx', ['NewTabNote', 'Linkified']],
];

/** What the memory and session stores take from the chat (chat/part-shares.ts hands it over). */
export const STORAGE_TAKES: Shares = [
  ['src/browser/slots.ts', ['slot']],
  ['src/store/record-checks.ts', ['checks', 'valid', 'MAX_STORED_ENTRIES']],
];

/** What the notifications take from the chat (chat/part-shares.ts hands it over). */
export const NOTIFICATIONS_TAKES: Shares = [
  ['@preact/signals-core', ['effect', 'signal']],
  ['src/browser/features.ts', ['lockManager']],
  ['src/browser/slots.ts', ['slot']],
  ['src/browser/slot-keys.ts', ['slotKey']],
];
