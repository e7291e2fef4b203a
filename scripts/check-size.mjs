// The size budgets of the script-tag files, checked inside `npm test` after the build (gzip -9).
// Each is a ratchet at the size reached so far: a feature may raise it by what its issue allows
// (never above the ceiling), and it is lowered whenever a change makes the files smaller.
//   - The loader, dist/parley.js, which every page view of every site pays for: ceiling 8 kB.
//   - The chat the loader fetches on intent (dist/parley-chat.*.js): ceiling 45 kB.
//   - One language's texts (dist/parley-<tag>.*.js), fetched with the chat when the visitor's
//     language is not English: ceiling 1.5 kB each, the largest counted.
//   - The chat's parts, each fetched when first needed: the rich templates (ceiling 5 kB), the
//     Markdown (3.5 kB), the panel's menu (2.5 kB), the languages' table, the notifications and
//     the memory and session stores (2 kB each). The loader's part, the teaser and the inline
//     layout, fetched only on pages with one of them (ceiling 3 kB).
// History of the one-file budget before the loader: 33.6 kB after issue 7, 36.07 kB with issue
// 9's rich responses, 38.72 kB with issue 15's guarantees (38.714 kB measured). Issue 16 split it:
// the loader 6.53 kB, the chat 36.03 kB measured (kB = 1,024 bytes, as printed below); the chat
// 36.91 kB once createEngine, createChatClient and createCoordinator were cut into parts of
// their own (+0.88 kB: the parts share state through objects whose property names the minifier
// keeps; to be won back); 36.98 kB when a connection the browser closed was reopened quietly
// and a late failure on a replaced connection no longer closed the new one (issue 15, +0.07 kB);
// 37.30 kB with the panel drawn once, unseen, on intent and the connection started after the
// panel's first frame (issue 16's 50 ms from a hovered click to the panel, +0.3 kB); 37.62 kB
// with the image viewer that 0.5.0 cut for bytes (issue 16's "use the bytes", +0.32 kB); 37.71 kB
// with the contract's rule for metadata.language (a two-letter code or none, +0.09 kB); 37.93 kB
// when a message typed right before a reload, not yet saved, is sent by the next page (+0.22 kB). The
// loader: 6.6 kB, for 6.54–6.55 measured, since the chat's name and integrity hash written into
// it change with every build and gzip a few bytes differently.
// Issue 17's languages: the loader 7.62 kB (+1.08 kB: every language's name for the launcher,
// 0.5 kB, the choice of a language along its tag's fallbacks, 0.35 kB, waiting for a language's
// texts before the panel shows and switching them live, 0.35 kB; minus the header's status
// styles, 0.2 kB, which only the chat draws and which moved to its sheet); the chat 40.12 kB
// (+2.19 kB: 32 languages' integrity hashes, 1.1 kB of random bytes that do not compress,
// plural forms and Intl numbers and times, 0.5 kB, the status styles, 0.2 kB, the texts merged
// per language and switched live), 40.16 kB once each kind of Intl object is made once per
// language, 40.23 kB with "opens in a new tab" said after links that do; the largest language
// 1.02 kB (Greek).
// Issue 19: the loader 7.95 kB (+0.33 kB: setUser() and sendEvent() check their input at the call,
// against the socket API, before the chat has loaded, 0.45 kB; minus the notices' and the chat's
// buttons' styles, 0.13 kB, which moved to the chat's sheet); the chat 40.94 kB (+0.71 kB: the
// same check for the client, the connection trouble in the visitor's words and told to the
// console and parley:error once per reason, the styles that moved); the largest language 1.08 kB
// (+0.03 kB: "your messages are kept…"). The chat 41.39 kB with the draft kept per tab, with its
// caret, and each day's messages under its name ("Today", "Yesterday", the date by Intl; +0.45 kB);
// 41.79 kB with the unread divider and the "new messages" button (+0.40 kB); 42.42 kB with the
// notifications (the unread count in a hidden page's title, a chime made with Web Audio, one tab
// of the browser at a time; +0.63 kB). The loader 7.96 kB with their two attributes.
// Issue 26 (any page, any service): the loader 8.14 kB with the Trusted Types policy and the load
// failures' reasons, won back to 7.83 kB (the chat's own styles moved to its sheet, a yes/no
// options check for the loader, plain arguments, smaller icons). The chat 46.2 kB with the
// refusals of the browser said once (features.ts) and memory when storage is refused, schemas for
// what other tabs and storage hand in (+1.29 kB), CSP refusals of the connection (+0.64 kB) and the
// bounds on what the service sends (+0.9 kB); back to 44.47 kB by moving the rich templates' code
// and styles into a file loaded with the first rich response (parley-rich.*.js, 3.79 kB).
// Issue 28: 44.51 kB with parley:message's payload kept whole (+0.04 kB); issue 29: 44.52 kB
// with every Web Storage key in one home (browser/slots.ts, +0.01 kB; the loader -0.01 kB).
// Issue 29's split of Transcript, createReplica, createChatClient and createConnection into
// parts: 44.67 kB (+0.15 kB: hooks, helpers and the parts' arguments the minifier cannot merge).
// createEngine's split (engine-core.ts, first-load, new-thread, engine-socket): 44.75 kB (+0.08 kB:
// the parts' one shared object and their parameters).
// indexedDbStore split along its seams (the connection, the transactions, the read, the overlay):
// 44.72 kB measured alone (45,796 bytes, +55 bytes: the parts' arguments); with the engine's split, 44.81 kB.
// Issue 31, room for the panel's menu, the text export and the storage modes, measured in one
// build (45,890 bytes before): the chat takes the loader's code that both run from the loader,
// handed over on its <script> element (embed/shares.ts: the options and user checks, the
// attributes, the launcher's texts, http addresses, the script loader; -0.66 kB, the loader -2
// bytes); the notifications a file of their own, parley-notify.*.js, fetched when a page asks
// for them (-0.24 kB with its hand-over; the file 0.84 kB); one reset rule for the chat's
// buttons, the templates' in their sheet, one JSON read of a Web Storage slot, one "nothing but
// its kind" schema (-0.05 kB); the parts pinned by SHA-256 rather than SHA-384 (-0.04 kB; a hash
// is bytes gzip cannot shrink): 43.83 kB (44,884 bytes). The rich templates take the chat's
// Preact, bounds, address check and say() from it: 3.30 kB (-0.49 kB; +15 bytes in the chat).
// A long text's "Show more" parts come with the rich templates (rare: texts over 4,000
// characters): the chat 43.69 kB (44,742 bytes, -0.14 kB), the rich templates 3.62 kB (+0.32 kB).
// With createCoordinator split along its seams (joining.ts, following.ts: +0.13 kB, the parts'
// shared state passed as arguments whose names the minifier keeps; issue 29): 43.85 kB.
// The languages' 32 SHA-256 hashes in a table of their own, parley-languages.*.js (1.30 kB),
// fetched with the first language other than English: the chat 42.44 kB (-1.41 kB). The
// records' and tabs' union by kind and the received entry's rebuild with a schema of our own
// (protocol/kinds.ts parsedBy) in place of z.pipe and z.transform: 42.19 kB (-0.25 kB).
// Issue 30, the storage modes, forget() and the panel's menu (its button in the chat; its list,
// items, confirmation and styles a part of their own, parley-menu.*.js, 2.01 kB): 44.67 kB
// (+2.48 kB); the loader 7.92 kB (+0.09 kB: the storage attribute, the mode's keys).
// Issue 29, the element's class at module level over a class per registration (+59 bytes: the
// shared loader and texts as constructor arguments) with its loading as one state (+30 bytes);
// the chat pinned by SHA-256 (-20 bytes); the frame's resets that the host's `all: initial`
// already gives (-36 bytes): the loader 7.95 kB.
// The memory and session stores (storage="memory" or "session", or where the browser refuses
// IndexedDB) a part of their own, parley-storage.*.js (1.46 kB), fetched when a conversation first
// needs one: the chat 44.06 -> 43.52 kB (-0.54 kB; +0.3 kB of it pays for the part's name, hash,
// hand-over, and a store that keeps nothing should the file not load).
// A long text's parts' rule (.part) in the rich templates' sheet, which draws them: 43.51 kB.
// Terser after Oxc over every script-tag file (issue 31; its safe options only: +60 bytes against
// its unsafe ones): the chat 43.57 kB. The loader: no entrance animation, IndexedDB's list asked
// before Web Storage is read (+50 bytes), Chromium's compile hint (+25 bytes): 7.96 kB. Other
// tabs hear of a new conversation over a BroadcastChannel, not Web Storage's storage event
// (whose listener opens both storage areas on every page view): the loader 7.95, the chat 43.61.
// Issue 39's triggers (launcher="none", data-parley-open's page listener, open({ draft }) and
// focus back to the opener; +0.19 kB), paid for by the frame's failure panel without its spacer
// or the panel's opening animation (the chat's panel animates: its keyframes moved to widget.css),
// a launcher without `passive` flags or IE's `focusable`, shared setOrRemove, shorter CSS resets:
// the loader 7.92 kB (8,112 bytes). The chat 43.86 kB (+0.12 kB: the draft into the composer,
// focus back to the opener, the panel's animation).
// Issue 39's teaser: a file of the loader's own, parley-teaser.*.js (2.38 kB: the bubble, its
// sheet, "Dismiss" in 33 languages, its own read of the conversation marks), fetched only on
// pages with one; in the loader, its name and hash, showTeaser() and hideTeaser() (+0.2 kB), paid
// for by a failure panel that is a card of its error alone, without the chat's header (whose
// styles moved to widget.css, -0.14 kB): the loader 7.94 kB, the chat 43.99 kB (+0.13 kB). The
// contract's properties for them (launcher, teaser, teaserDelay, reflected): the loader 7.96 kB.
// Issue 39's inline layout, its placement and its loading near the viewport in the same part of
// the loader's (now parley-layouts.*.js: 2.85 kB with the teaser), the loader asking for it on a
// page with either (+0.03 kB, with `heading` reflected by the same table as the others to pay for
// it): the loader 7.98 kB (8,168 bytes; the budget 7.99 for the few bytes the chat's hash moves).
// The chat 44.36 kB (+0.37 kB: the inline panel as a region, its styles, its connection on first
// use, the header's close button optional, layout values checked). The layout values' check in
// one home for the part and the chat (layouts/layout-values.ts): the part 2.92 kB, the chat 44.38.
// A flood costs a bounded render (the transcript keeps at most 90 entries while the visitor follows
// along, and scrolls once a frame), no task clones a flood's whole write (IndexedDB puts 100 at a
// time), no empty address is parsed: the chat 44.52 kB (+0.14 kB). The page's own "Dismiss" (the
// `strings` property) on the teaser: the part 2.94 kB.
// Issue 40's Markdown: the parser and its drawing a part of their own (parley-markdown.*.js),
// asked for by the first bot text that looks like Markdown with the `markdown` attribute set; in
// the chat, its name and hash, the look of a Markdown text and the attribute read (+0.33 kB, the
// bubble's text a component of its own); in the loader, the `markdown` property (and the
// `heading` attribute read by the chat itself, -9 bytes).
// Issue 40's renderers: the site's drawing of a response (SiteDrawn.tsx) comes with the rich
// templates' part (+0.41 kB: 4.04 kB, the budget 4.05), asked for by the first response a renderer of the site's
// is set for. In the chat, entries keep the response as received (rich content is made again from
// it when read from storage or another tab, so rich-recheck.ts went: -0.15 kB, the chat 44.70 kB, the budget 44.71).
// In the loader, the `renderers` property (paid for by a shorter misuse message, attributes
// removed without first asking whether they are there, and no enumerable reflected properties).
// Issue 41's formatter (Prettier, 140 columns) left three functions over the 120 lines a function
// may have: the engine's adopting of another tab's entries went to a function of its own (+29
// bytes), the tabs' message routing an if-chain (-16 bytes): the chat 44.71 kB, the budget 44.72.
// Issue 41's one table of the chat's parts (src/parts/table.ts) and one way for them to arrive
// (parts/part.ts, its pieces by position): one "where the parts come from" in place of five, one
// mechanism in place of three: the chat 44.65 kB (45,720 bytes, -67), the budget 44.65.
// Issue 41's one Platform (resolved once, passed whole: its members' names), the engine's options
// named one by one rather than the client's spread into it unchecked, ThreadState's methods and
// the engine's parts returning named objects: 44.76 kB (45,830 bytes, +110), the budget 44.76.
// Issue 41's element: its loading (chat-loading.ts), call queue (call-queue.ts), reflected
// properties (properties.ts) and layouts (layouts-part.ts) in homes of their own, module-level
// functions rather than objects (their members' names would stay in the file): the loader 8,176
// bytes (-2; early properties adopted without a `continue`), the budget stays 7.99.
// Issue 43's first levers for a tap on a slow phone (bench/tap.ts): no count written while none
// shows (its Intl.NumberFormat and PluralRules cost the panel's first task a third of its time),
// and a just-opened panel's clock made once its address request is on its way: the chat 44.78 kB
// (45,859 bytes, +29), the budget 44.79 (the chat's hash moves the loader by a few bytes too).
// Issue 43's head start: a visitor who opens the chat has its address asked for before the panel
// is drawn (connection/early-address.ts; the first answer 68 ms sooner on the tap bench): the chat
// 44.96 kB (46,038 bytes, +179; the import's place alone moves it by 50 to 300), the budget 44.96.
// The first answer's task lighter (the launcher's count in words only while the panel is closed;
// the days' words made with the clock): the chat 44.97 kB (46,049 bytes, +11), the budget 44.97.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { bytesByArea } from './size-areas.mjs';

const dist = readdirSync('dist');
const languages = dist.filter((file) => /^parley-[a-z]{2,3}(-[A-Za-z]{2,4})?\.[\w-]{12}\.js$/.test(file));
const gzippedSize = (file) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
const largestLanguage = languages.reduce(
  (largest, file) => (largest && gzippedSize(largest) >= gzippedSize(file) ? largest : file),
  undefined,
);

const budgets = [
  { name: 'the loader', files: ['parley.js'], budget: 7.99, ceiling: 8 },
  { name: 'the chat, loaded on intent', files: dist.filter((file) => /^parley-chat\.[\w-]+\.js$/.test(file)), budget: 44.97, ceiling: 45 },
  { name: `the largest of ${languages.length} languages`, files: largestLanguage ? [largestLanguage] : [], budget: 1.26, ceiling: 1.5 },
  // Loaded with the first rich response or long text; its ceiling is ours: templates beyond text stay small.
  {
    name: 'the rich templates, loaded with the first rich response or long text',
    files: dist.filter((file) => /^parley-rich\.[\w-]+\.js$/.test(file)),
    budget: 4.05,
    ceiling: 5,
  },
  // Loaded with the first bot text that looks like Markdown, where the page sets `markdown`.
  {
    name: 'the Markdown, loaded with the first text that needs it',
    files: dist.filter((file) => /^parley-markdown\.[\w-]+\.js$/.test(file)),
    budget: 2.97,
    ceiling: 3.5,
  },
  // Loaded when the visitor first reaches for the panel's menu.
  {
    name: "the panel's menu, loaded when the visitor reaches for it",
    files: dist.filter((file) => /^parley-menu\.[\w-]+\.js$/.test(file)),
    budget: 2.02,
    ceiling: 2.5,
  },
  {
    name: "the languages' table, loaded with the first language other than English",
    files: dist.filter((file) => /^parley-languages\.[\w-]+\.js$/.test(file)),
    budget: 1.31,
    ceiling: 2,
  },
  {
    name: 'the notifications, loaded when a page asks for them',
    files: dist.filter((file) => /^parley-notify\.[\w-]+\.js$/.test(file)),
    budget: 0.85,
    ceiling: 2,
  },
  // Loaded by the loader on pages with a teaser or the inline layout (or that call showTeaser()).
  {
    name: 'the teaser and the inline layout, loaded on pages with one',
    files: dist.filter((file) => /^parley-layouts\.[\w-]+\.js$/.test(file)),
    budget: 2.94,
    ceiling: 3,
  },
  {
    name: 'the memory and session stores, loaded when a conversation first needs one',
    files: dist.filter((file) => /^parley-storage\.[\w-]+\.js$/.test(file)),
    budget: 1.47,
    ceiling: 2,
  },
];

const kB = (bytes) => `${(bytes / 1024).toFixed(2)} kB`;
const sizeOf = (files) => ({
  raw: files.reduce((sum, file) => sum + readFileSync(`dist/${file}`).length, 0),
  gzipped: files.reduce((sum, file) => sum + gzippedSize(file), 0),
});

let over = false;
const rows = [];
for (const { name, files, budget, ceiling } of budgets) {
  if (files.length === 0) {
    console.error(`${name}: no file in dist/ (run npm run build)`);
    over = true;
    continue;
  }
  const { raw, gzipped } = sizeOf(files);
  console.log(`${name} (${files.join(', ')}): ${kB(raw)}, ${kB(gzipped)} gzipped (budget ${budget.toFixed(2)} kB, ceiling ${ceiling} kB)`);
  rows.push(`| ${name} | ${kB(raw)} | ${kB(gzipped)} | ${budget.toFixed(2)} kB | ${ceiling} kB |`);
  if (gzipped > Math.min(budget, ceiling) * 1024) {
    console.error(`${name} is over its budget by ${kB(gzipped - budget * 1024)}`);
    over = true;
  }
}
const languageSizes = languages.map(gzippedSize).sort((a, b) => a - b);
if (languageSizes.length)
  rows.push(`| each of the ${languages.length} languages | | ${kB(languageSizes[0])} to ${kB(languageSizes.at(-1))} | | |`);
// The npm entry's files, for an app that bundles the package (its dependencies are the app's).
const npmFiles = dist.filter((file) => file.endsWith('.js') && file !== 'parley.js' && !file.startsWith('parley-'));
const npm = sizeOf(npmFiles);
rows.push(
  `| the npm entry, dist/index.js and its ${npmFiles.length - 1} chunks (dependencies external) | ${kB(npm.raw)} | ${kB(npm.gzipped)} | | |`,
);
const sizesBlock = ['| file | size | gzipped | budget | ceiling |', '|---|---|---|---|---|', ...rows];
if (!checkFigures('sizes', sizesBlock)) over = true;
if (budgets[0].files.length && budgets[1].files.length && !checkFigures('areas', areasTable(budgets[0].files[0], budgets[1].files[0])))
  over = true;
if (over) process.exit(1);

/** Where the loader's and the chat's gzipped bytes go, by area (size-areas.mjs), the chat's largest first. */
function areasTable(loaderFile, chatFile) {
  const loader = bytesByArea(`dist/${loaderFile}`, { 'loader/frame-css.ts': "frame.css (the launcher, the panel's box)" });
  const chat = bytesByArea(`dist/${chatFile}`, { 'ui/styles.ts': "widget.css (the chat's styles)" });
  const inLoader = new Map(loader.areas.map(({ area, bytes }) => [area, bytes]));
  const inChat = new Map(chat.areas.map(({ area, bytes }) => [area, bytes]));
  const areas = [...new Set([...inChat.keys(), ...inLoader.keys()])];
  const cell = (bytes) => (bytes === undefined ? '' : kB(bytes));
  const sum = (areaBytes) => areaBytes.reduce((total, { bytes }) => total + bytes, 0);
  return [
    '| area | the loader | the chat |',
    '|---|---|---|',
    ...areas.map((area) => `| ${area} | ${cell(inLoader.get(area))} | ${cell(inChat.get(area))} |`),
    `| the areas' sum (gzip shares the rest across them) | ${kB(sum(loader.areas))} | ${kB(sum(chat.areas))} |`,
    `| the file | ${kB(loader.total)} | ${kB(chat.total)} |`,
  ];
}

/**
 * docs/figures.md shows the sizes and where they go between markers, as the build measures them:
 * `--write` puts them there, a plain run says when what the page shows is not what was measured
 * (a typed figure goes stale; one the build checks cannot). A few bytes of leeway: the chat's name
 * and integrity hash in the loader gzip a little differently from one build to the next.
 */
function checkFigures(name, block) {
  const file = 'docs/figures.md';
  const [start, end] = [`<!-- ${name}: npm run size measures these; npm run size -- --write puts them here -->`, `<!-- /${name} -->`];
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return (console.error(`${file}: the ${name}' markers are missing`), false);
  const lines = block.join('\n');
  if (process.argv.includes('--write')) {
    writeFileSync(file, `${text.slice(0, from + start.length)}\n${lines}\n${text.slice(to)}`);
    console.log(`wrote the ${name} into ${file}`);
    return true;
  }
  const numbers = (table) => [...table.matchAll(/(\d+\.\d+) kB/g)].map(([, n]) => Number(n));
  const shown = numbers(text.slice(from, to));
  const now = numbers(lines);
  const same = shown.length === now.length && shown.every((n, i) => Math.abs(n - now[i]) <= 0.05);
  if (!same)
    console.error(
      `${file} shows ${name} the build no longer has (${shown.join(', ')}; measured ${now.join(', ')}): run npm run size -- --write`,
    );
  return same;
}
