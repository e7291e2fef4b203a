// The chat's parts: code that loads when first needed, not with the chat. One row each, from
// which the rest is made or checked: scripts/build-embed.ts builds each row's file,
// dist/parley-<name>.<hash>.js, from its entry, reading what it takes from what the chat hands
// over (embed/shares.ts says how); shares.test.ts checks that hand-over (chat/part-shares.ts)
// against `takes`, value by value, and tsc that it and the npm build's import() of each part
// (define.ts) name every row and no other. How a part arrives: part.ts, one way for all.
//
// Adding a part touches five places besides its own code (seven before this table): its row here,
// its entry (embed/, the row's `entry`), the chat's hand-over (chat/part-shares.ts) and its import()
// (define.ts), both of which tsc asks for, and the code that asks for it (part() of part.ts).
// Then its size budget (scripts/check-size.mjs), and test/setup.ts hands it to the unit tests.

/** Modules (a package, or a file under src/) and the exports taken of each, in order. */
export type Shares = ReadonlyArray<readonly [module: string, names: readonly string[]]>;

// What the visitor goes without while a part cannot load, said in the console (or the
// conversation's logger): the chat imports these alone, the rows are the build's and the tests'.
export const WITHOUT_RICH = 'rich responses show their text, long texts their first part: their code could not be loaded';
export const WITHOUT_MARKDOWN = 'texts show their Markdown as written: its code could not be loaded';
export const WITHOUT_MENU = "the panel's menu cannot open: its code could not be loaded";
export const WITHOUT_NOTIFY = 'the page asked for notifications, but their code could not be loaded';
export const WITHOUT_STORAGE = 'this conversation is kept nowhere: its store could not be loaded';

/**
 * Each part by the name its file takes (parley-<name>.<hash>.js): its entry, what it takes from the
 * chat (by position: the chat hands them over in this order), and what the visitor goes without
 * while it cannot load. In the order they are built.
 */
export const PARTS = {
  // The rich templates and long texts' "Show more", with the first rich response or long text (ui/rich-slot.ts).
  rich: {
    entry: 'src/embed/rich.ts',
    takes: [
      ['preact', ['h', 'Fragment', 'Component']],
      ['preact/hooks', ['useState', 'useRef', 'useLayoutEffect', 'useMemo']],
      // What they draw with the chat's own: bounds, addresses, texts.
      ['src/ui/bounded.tsx', ['clipLabel', 'More', 'cutText']],
      ['src/ui/safe-url.ts', ['safeUrl']],
      ['src/ui/Linkified.tsx', ['NewTabNote', 'Linkified']],
      ['src/i18n/strings.ts', ['say']],
    ],
    without: WITHOUT_RICH,
  },
  // The Markdown, with the first text that looks like it where the page sets `markdown` (ui/markdown-slot.ts).
  markdown: {
    entry: 'src/embed/markdown.ts',
    takes: [
      ['preact', ['h', 'Fragment']],
      ['src/ui/Linkified.tsx', ['NewTabNote', 'Linkified']],
    ],
    without: WITHOUT_MARKDOWN,
  },
  // The panel's menu, when the visitor first reaches for "More options" (ui/menu-slot.ts).
  menu: {
    entry: 'src/embed/menu.ts',
    takes: [
      ['preact', ['h']],
      ['preact/hooks', ['useRef', 'useLayoutEffect']],
      ['src/i18n/strings.ts', ['say']],
      ['src/ui/author-name.ts', ['authorName']],
    ],
    without: WITHOUT_MENU,
  },
  // The notifications, when a page first asks for them (chat/notifications-part.ts): the chat's
  // signals drive their effect.
  notify: {
    entry: 'src/embed/notifications.ts',
    takes: [
      ['@preact/signals-core', ['effect', 'signal']],
      ['src/browser/features.ts', ['lockManager']],
      ['src/browser/slots.ts', ['slot']],
      ['src/browser/slot-keys.ts', ['slotKey']],
    ],
    without: WITHOUT_NOTIFY,
  },
  // The memory and session stores, when a conversation first needs one (store/other-modes-part.ts).
  storage: {
    entry: 'src/embed/storage.ts',
    takes: [
      ['src/browser/slots.ts', ['slot']],
      ['src/store/record-checks.ts', ['checks', 'valid', 'MAX_STORED_ENTRIES']],
    ],
    without: WITHOUT_STORAGE,
  },
} as const satisfies Record<string, { entry: string; takes: Shares; without: string }>;

export type PartName = keyof typeof PARTS;
