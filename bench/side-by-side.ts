// Parley's page view beside deep-chat's, in one Chromium run (issue 31): what each adds to a small
// customer page's main thread (script, style and layout, from the renderer's own totals), and
// what each page view downloads.
//
//   tsx bench/side-by-side.ts        (PARLEY_SIDE_BY_SIDE_RUNS=15 rounds; run `npm run build` first)
//   PARLEY_BENCH_BEFORE=../old/dist/parley.js tsx bench/side-by-side.ts   (another build of the loader
//                                     measured in the same rounds, a column of its own: before and
//                                     after from one run; docs/figures.md is then left alone)
//
// Each round visits, in fresh contexts, the page alone, the page with Parley's one-line embed
// (dist/parley.js: the launcher) and the page with deep-chat (its bundled file, a module script,
// and its <deep-chat> element with its defaults: the chat box itself). What a widget adds is
// its page's figure minus the page alone's; the floor of the rounds is reported (the least noisy
// estimate of the work itself on a shared machine), with the median beside it. Writes the
// figures into docs/figures.md between its markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright';
import { median } from './alone.ts';
import { customerPage, startServer } from './server.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

// 15: with 9, the floors moved by several ms from run to run on a 2-core machine (deep-chat's from 16 to 30 ms).
const ROUNDS = Number(process.env.PARLEY_SIDE_BY_SIDE_RUNS ?? 15);
const SETTLE_MS = 500;
type Kind = 'plain' | 'parley' | 'deep-chat' | 'before';

const root = fileURLToPath(new URL('..', import.meta.url));
const parleyJs = readFileSync(`${root}dist/parley.js`);
const beforePath = process.env.PARLEY_BENCH_BEFORE;
const beforeJs = beforePath ? readFileSync(beforePath) : undefined;
const deepChatPath = createRequire(import.meta.url).resolve('deep-chat/dist/deepChat.bundle.js');
const deepChatJs = readFileSync(deepChatPath, 'utf8');
const deepChatVersion = (
  JSON.parse(readFileSync(deepChatPath.replace(/dist\/deepChat\.bundle\.js$/, 'package.json'), 'utf8')) as { version: string }
).version;

/** The renderer's script, style and layout time after a visit of `kind`'s page settled, in ms. */
async function visitOnce(browser: Browser, origin: string, kind: Kind): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable');
    await tab.goto(`${origin}/${kind === 'parley' ? 'widget' : kind}`, { waitUntil: 'load' });
    // Each widget on screen (Parley's launcher, deep-chat's box), the page's first frames for the page alone.
    if (kind === 'parley' || kind === 'before') await tab.locator('parley-chat [part~="launcher"]').waitFor();
    if (kind === 'deep-chat') await tab.waitForFunction(() => !!document.querySelector('deep-chat')?.shadowRoot?.childElementCount);
    await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await tab.waitForTimeout(SETTLE_MS);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return ms('ScriptDuration') + ms('RecalcStyleDuration') + ms('LayoutDuration');
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
const server = await startServer(parleyJs, {
  '/deep-chat': {
    type: 'text/html; charset=utf-8',
    body: () => customerPage('<script type="module" src="/deep-chat.js"></script>\n    <deep-chat></deep-chat>'),
  },
  '/deep-chat.js': { type: 'text/javascript; charset=utf-8', body: () => deepChatJs },
  '/before': {
    type: 'text/html; charset=utf-8',
    body: (origin) =>
      customerPage(`<script src="/before.js" data-client-id="bench" data-base-url="${origin}/parley-emulator" async></script>`),
  },
  '/before.js': { type: 'text/javascript; charset=utf-8', body: () => String(beforeJs ?? '') },
});
const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
const work: Partial<Record<Kind, number[]>> = { plain: [], parley: [], 'deep-chat': [], ...(beforeJs ? { before: [] } : {}) };
try {
  // A fresh browser's first visits pay for its start-up and cold caches: one of each, not counted.
  for (const kind of Object.keys(work) as Kind[]) await visitOnce(browser, server.origin, kind);
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of Object.keys(work) as Kind[]) work[kind]!.push(await visitOnce(browser, server.origin, kind));
  }
} finally {
  await browser.close();
  await server.close();
}

const floor = (xs: number[]) => Math.min(...xs);
const added = (kind: Kind, pick: (xs: number[]) => number) => pick(work[kind]!) - pick(work.plain!);
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const figures = {
  parley: { floor: added('parley', floor), median: added('parley', median), kB: gz(parleyJs) },
  deepChat: { floor: added('deep-chat', floor), median: added('deep-chat', median), kB: gz(deepChatJs) },
};
const ratio = figures.parley.floor / figures.deepChat.floor;
const lines = [
  `Side by side with deep-chat ${deepChatVersion} (\`npx tsx bench/side-by-side.ts\`, in \`npm run bench\`): a small customer page, ${ROUNDS} rounds, Chromium ${browser.version()}, ${cpus().length} cores, load average ${loadAtStart}. Main-thread work is the renderer's script, style and layout time, the page alone's subtracted.`,
  '',
  '| | Parley (the loader: the launcher) | deep-chat (its chat box) |',
  '|---|---|---|',
  `| main-thread work a page view adds, floor of ${ROUNDS} (median) | ${ms(figures.parley.floor)} (${ms(figures.parley.median)}) | ${ms(figures.deepChat.floor)} (${ms(figures.deepChat.median)}) |`,
  `| Parley's share of deep-chat's (floor) | ${ratio.toFixed(2)}× | 1× |`,
  `| what a page view downloads, gzipped | ${figures.parley.kB.toFixed(2)} kB | ${figures.deepChat.kB.toFixed(1)} kB |`,
];
console.log(lines.join('\n'));
if (beforeJs) {
  const before = { floor: added('before', floor), median: added('before', median) };
  console.log(
    `| ${beforePath}, the same rounds | ${ms(before.floor)} (${ms(before.median)}), ${(before.floor / figures.deepChat.floor).toFixed(2)}× deep-chat's | ${gz(beforeJs).toFixed(2)} kB |`,
  );
  process.exit(0); // another build beside this one: docs/figures.md is left alone
}

const [BEGIN, END] = ['<!-- side-by-side: bench/side-by-side.ts writes this section -->', '<!-- /side-by-side -->'];
const doc = readFileSync(`${root}docs/figures.md`, 'utf8');
const section = `${BEGIN}\n${lines.join('\n')}\n${END}`;
const from = doc.indexOf(BEGIN);
const to = doc.indexOf(END);
writeFileSync(
  `${root}docs/figures.md`,
  from >= 0 && to > from ? doc.slice(0, from) + section + doc.slice(to + END.length) : `${doc.trimEnd()}\n\n${section}\n`,
);
console.log('wrote the side-by-side figures into docs/figures.md');
