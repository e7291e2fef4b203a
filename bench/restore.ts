// The restore bench: a visitor who has a long conversation stored comes back with the panel
// open. Part of `npm run bench` (after the host-page cost); alone:
//
//   tsx bench/restore.ts             (PARLEY_RESTORE_RUNS=5 by default; run `npm run build` first)
//
// For each size (500 and 5,000 stored messages) and each run, in a fresh browser context: a
// seeding page writes the conversation into IndexedDB through the real store
// (bench/seed-entry.ts, bundled here with Vite), and marks the panel open in the tab, as a
// visitor who had it open would leave it. Then the tab loads the customer page with the one-line
// embed and shows the conversation, and the visitor reloads: a trace of that reload measures the
// time from parley.js starting to run to the frame in which the latest message is on screen,
// and the longest main-thread task until then (and a settle time after). The service is absent
// (its address requests get 404), so no socket is involved. The chat's content-hashed file is
// served as docs/site-owners.md asks (cached for good), so the reload finds it in the browser's
// cache, as a returning visitor's browser would; 500 messages are also measured with the file
// served `no-store`, which is what the second request costs when it is not cached.
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright';
import { build } from 'vite';
import { isMain, median, runAlone, type BenchPart } from './alone.ts';
import { customerPage, startServer } from './server.ts';

export const RESTORE_SIZES = [500, 5_000];
const LONG_TASK_MS = 50;
// 120 ms since the loader (issue 16): the chat is a second file, fetched and run after parley.js.
const LATEST_MS = 120;
const SETTLE_MS = 500;
const CLIENT_ID = 'bench-restore';

const root = fileURLToPath(new URL('..', import.meta.url));

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

export interface RestoreVisit {
  messages: number;
  /** The chat's file came from the browser's cache. */
  cached: boolean;
  /** parley.js starts to run -> the frame with the latest message committed (trace clock). */
  scriptToLatest: number;
  /** parley.js starts to run -> the end of the task that put the latest message in the DOM. */
  scriptToRendered: number;
  /** The longest main-thread task from parley.js's start to SETTLE_MS after the latest showed,
   *  and the heaviest kinds of work inside it. */
  longestTask: { wall: number; cpu: number; what: string };
  /** Messages in the DOM at the end: what the first render had to build. */
  rendered: number;
}

/**
 * The probe (page.addInitScript). A MutationObserver on the shadow root marks the task that puts
 * the latest message into the DOM; then an IntersectionObserver says when its bubble is wholly
 * inside the transcript's view. That callback runs in the task after the frame that laid it out
 * there, so that frame is the last one committed before the second mark.
 */
function installLatestProbe(latest: string): void {
  const inView = (root: ShadowRoot, scroller: Element, bubble: Element) =>
    new IntersectionObserver(
      (entries, observer) => {
        if (!entries.some((entry) => entry.intersectionRatio > 0.99)) return;
        observer.disconnect();
        performance.mark('bench:latest-visible');
        (window as unknown as { __parleyRendered: number }).__parleyRendered = root.querySelectorAll('[part~="message"]').length;
        // Told through the console: a page.evaluate() now would count as a user gesture, and the
        // widget moves focus into a panel that opens during one (a reload has none).
        console.log('bench:latest-visible');
      },
      { root: scroller, threshold: 1 },
    ).observe(bubble);
  const rendered = (root: ShadowRoot) => {
    const scroller = root.querySelector('.scroller');
    const bubbles = root.querySelectorAll('[part~="bubble"]');
    const bubble = bubbles[bubbles.length - 1];
    if (!scroller || !bubble?.textContent?.startsWith(latest)) return false;
    performance.mark('bench:latest-rendered');
    inView(root, scroller, bubble);
    return true;
  };
  const watch = () => {
    const root = document.querySelector('parley-chat')?.shadowRoot;
    if (!root) return void requestAnimationFrame(watch);
    if (rendered(root)) return;
    const observer = new MutationObserver(() => rendered(root) && observer.disconnect());
    observer.observe(root, { childList: true, subtree: true });
  };
  requestAnimationFrame(watch);
}

async function restoreVisit(browser: Browser, origin: string, messages: number, cached: boolean): Promise<RestoreVisit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tab = await context.newPage();
    await tab.goto(`${origin}/seed`);
    await tab.evaluate(({ clientId, count }) => (window as unknown as SeedWindow).ParleySeed.seed(clientId, count), {
      clientId: CLIENT_ID,
      count: messages,
    });
    // tsx (esbuild, keepNames) may wrap functions in __name(); the page has no such helper.
    await tab.addInitScript(`var __name = (f) => f; (${installLatestProbe.toString()})(${JSON.stringify(`#${messages} `)});`);
    // The visitor had the conversation open in this tab; what is measured is its reload.
    const firstShown = tab.waitForEvent('console', { predicate: (m) => m.text() === 'bench:latest-visible', timeout: 10_000 });
    await tab.goto(`${origin}/restore`);
    await firstShown;
    await browser.startTracing(tab, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
    const shown = tab.waitForEvent('console', { predicate: (m) => m.text() === 'bench:latest-visible', timeout: 10_000 });
    await tab.reload();
    await shown;
    await tab.waitForTimeout(SETTLE_MS);
    const rendered = await tab.evaluate(() => (window as unknown as { __parleyRendered: number }).__parleyRendered);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return { messages, cached, rendered, ...analyse(trace.traceEvents) };
  } finally {
    await context.close();
  }
}

const WORK = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'v8.compile',
]);

interface SeedWindow {
  ParleySeed: { seed(clientId: string, count: number): Promise<void> };
}

function analyse(events: TraceEvent[]): Omit<RestoreVisit, 'messages' | 'rendered' | 'cached'> {
  const evaluation = events.find((e) => e.name === 'EvaluateScript' && e.ph === 'X' && (e.args?.data?.url ?? '').endsWith('/parley.js'));
  const mark = events.find((e) => e.name === 'bench:latest-visible');
  const renderedMark = events.find((e) => e.name === 'bench:latest-rendered');
  if (!evaluation || !mark || !renderedMark) throw new Error('restore trace: no parley.js evaluation or no latest-visible mark');
  const onMain = events.filter((e) => e.pid === evaluation.pid && e.tid === evaluation.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  // The frame that laid the latest message out in view: the last one committed before the mark.
  const commit = onMain.filter((e) => e.name === 'Commit' && e.ts <= mark.ts).at(-1);
  const end = commit ? commit.ts + (commit.dur ?? 0) : mark.ts;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= evaluation.ts && e.ts <= end + SETTLE_MS * 1000);
  const longest = tasks.reduce((a, b) => ((b.dur ?? 0) > (a.dur ?? 0) ? b : a), tasks[0]!);
  // What the longest task spent its time on: the top-level events inside it, by total time.
  const inside = onMain.filter((e) => e !== longest && e.ts >= longest.ts && e.ts + (e.dur ?? 0) <= longest.ts + (longest.dur ?? 0));
  const byName = new Map<string, number>();
  for (const e of inside) if (WORK.has(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const what = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
  return {
    scriptToLatest: (end - evaluation.ts) / 1000,
    scriptToRendered: (renderedMark.ts - evaluation.ts) / 1000,
    longestTask: { wall: (longest.dur ?? 0) / 1000, cpu: (longest.tdur ?? longest.dur ?? 0) / 1000, what },
  };
}

/** The seeding script: the real store, bundled for the page. */
async function seedScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      lib: { entry: `${root}bench/seed-entry.ts`, formats: ['iife'], name: 'ParleySeed', fileName: () => 'seed.js' },
    },
  });
  const result = Array.isArray(output) ? output[0]! : output;
  if (!('output' in result)) throw new Error('restore bench: could not bundle the seeding script');
  return result.output[0].code;
}

export type RestoreFigures = BenchPart<RestoreVisit>;

export async function benchRestore(browser: Browser, parleyJs: Buffer, runs: number): Promise<RestoreFigures> {
  const seedJs = await seedScript();
  const routes = {
    '/seed': { type: 'text/html; charset=utf-8', body: () => customerPage('<script src="/seed.js"></script>') },
    '/seed.js': { type: 'text/javascript; charset=utf-8', body: () => seedJs },
    '/restore': {
      type: 'text/html; charset=utf-8',
      body: (origin: string) =>
        customerPage(`<script src="/parley.js" data-client-id="${CLIENT_ID}" data-base-url="${origin}/parley-emulator" async></script>`),
    },
  };
  const cachedServer = await startServer(parleyJs, routes, 'immutable');
  const uncachedServer = await startServer(parleyJs, routes, 'no-store');
  const visits: RestoreVisit[] = [];
  try {
    await restoreVisit(browser, cachedServer.origin, RESTORE_SIZES[0]!, true); // warm-up
    for (let i = 0; i < runs; i++) {
      for (const size of RESTORE_SIZES) visits.push(await restoreVisit(browser, cachedServer.origin, size, true));
      visits.push(await restoreVisit(browser, uncachedServer.origin, RESTORE_SIZES[0]!, false));
    }
  } finally {
    await cachedServer.close();
    await uncachedServer.close();
  }

  const round = (x: number) => Math.round(x * 10) / 10;
  const f = (x: number, w = 8) => round(x).toFixed(1).padStart(w);
  const of = (size: number) => visits.filter((v) => v.messages === size && v.cached);
  const uncached = visits.filter((v) => !v.cached);
  const rows = RESTORE_SIZES.map((size) => {
    const vs = of(size);
    const latest = vs.map((v) => v.scriptToLatest);
    const inDom = vs.map((v) => v.scriptToRendered);
    const longest = vs.map((v) => v.longestTask.wall);
    return {
      size,
      slowest: vs.reduce((a, b) => (b.longestTask.wall > a.longestTask.wall ? b : a)).longestTask.what,
      latest: { median: median(latest), max: Math.max(...latest) },
      inDom: median(inDom),
      longest: { median: median(longest), max: Math.max(...longest), cpuMax: Math.max(...vs.map((v) => v.longestTask.cpu)) },
      rendered: median(vs.map((v) => v.rendered)),
    };
  });
  // As in the host-cost bench, wall times are gated at the median (a 2-core machine's load
  // shows in its slowest visit); the slowest is reported, and the CPU time of the longest task.
  // A reload shows what the tab showed before it (sessionStorage) at once; a tab that never
  // showed the conversation waits for IndexedDB's first open (30-100 ms here) instead.
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const targets = [
    ...rows.map((row) => ({
      name: `${row.size} stored: no task > ${LONG_TASK_MS} ms (median visit's longest, wall)`,
      value: round(row.longest.median),
      ok: row.longest.median <= LONG_TASK_MS,
      gated: true,
    })),
    {
      name: `${large.size} stored cost about what ${small.size} do: latest on screen within 1.5x (+10 ms) (median)`,
      value: round(large.latest.median),
      ok: large.latest.median <= 1.5 * small.latest.median + 10,
      gated: true,
    },
    ...rows.map((row) => ({
      name: `${row.size} stored: latest message on screen <= ${LATEST_MS} ms after the script starts (median)`,
      value: round(row.latest.median),
      ok: row.latest.median <= LATEST_MS,
      gated: true,
    })),
  ];
  const uncachedLatest = median(uncached.map((v) => v.scriptToLatest));
  const report = `restore with the panel open (${runs} visits per size; the service absent; the chat's file cached, as served for good)
  stored       script -> latest (ms):             longest task (ms)            messages
  messages     in the DOM   on screen    max      median     max   CPU max     rendered
${rows
  .map(
    (r) =>
      `  ${String(r.size).padEnd(9)}${f(r.inDom, 11)}${f(r.latest.median, 12)}${f(r.latest.max)}${f(r.longest.median, 12)}${f(r.longest.max)}${f(r.longest.cpuMax, 10)}${String(r.rendered).padStart(13)}`,
  )
  .join('\n')}
  in the slowest visit's longest task (ms): ${rows.map((r) => `${r.size}: ${r.slowest}`).join('; ')}
  the chat's file not cached (no-store), ${small.size} stored: latest on screen ${f(uncachedLatest, 0)} ms (median), ${f(uncachedLatest - small.latest.median, 0)} ms more than cached; longest task ${f(median(uncached.map((v) => v.longestTask.wall)), 0)} ms`;
  return { visits, targets, report };
}

// Alone: tsx bench/restore.ts
if (isMain(import.meta.url))
  await runAlone((browser, parleyJs) => benchRestore(browser, parleyJs, Number(process.env.PARLEY_RESTORE_RUNS ?? 5)));
