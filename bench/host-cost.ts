// npm run bench: what dist/parley.js costs the page that embeds it, at load.
//
//   tsx bench/host-cost.ts            (PARLEY_BENCH_RUNS=15 by default; run `npm run build` first)
//   PARLEY_BENCH_SCRIPT=../old/dist/parley.js PARLEY_RESTORE_RUNS=0 PARLEY_INTENT_RUNS=0 tsx bench/host-cost.ts
//                                     (another build's script, host-page cost only: before/after)
//
// Loads a small customer page with and without the one-line embed, each in a fresh browser
// context, and reports: the main thread's time for the script (compile, evaluate, mount, first
// render), the time from the script starting to run to the launcher being on screen, long tasks,
// and the bundle's size. Exits 1 when a target is missed or when the page made any request
// besides the HTML and parley.js, opened a WebSocket, or opened IndexedDB before the visitor
// opened the chat. Then the restore bench (bench/restore.ts): a visitor comes back to 500 and to
// 5,000 stored messages with the panel open. Then the intent bench (bench/intent.ts): the click
// to the panel, hovered first and cold. Writes every figure to bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { visit, type Visit } from './measure.ts';
import { median } from './alone.ts';
import { benchIntent, type IntentFigures } from './intent.ts';
import { benchRestore, type RestoreFigures } from './restore.ts';
import { startServer } from './server.ts';
import type { Span, TraceFigures } from './trace.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

const LONG_TASK_MS = 50;
const LAUNCHER_MS = 100;
const RUNS = Number(process.env.PARLEY_BENCH_RUNS ?? 15);
const RESTORE_RUNS = Number(process.env.PARLEY_RESTORE_RUNS ?? 5);
const INTENT_RUNS = Number(process.env.PARLEY_INTENT_RUNS ?? 9);
// After the launcher shows, each visit waits this long, so late work is seen; the first visit
// (a warm-up, not in the figures) waits longer for the same reason: a widget that connects or
// opens storage a few seconds after load is caught there.
const SETTLE_MS = 300;
const WARM_UP_SETTLE_MS = 3000;

const root = fileURLToPath(new URL('..', import.meta.url));
const bundlePath = process.env.PARLEY_BENCH_SCRIPT ?? `${root}dist/parley.js`;
if (!existsSync(bundlePath)) {
  console.error('bench: dist/parley.js is missing; run `npm run build` first.');
  process.exit(2);
}
const bundle = readFileSync(bundlePath);

const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
const chromiumVersion = browser.version();
const server = await startServer(bundle);

const started = Date.now();
// Other work on the machine shows up in every wall time: the report prints the load beside them.
const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
const plain: Visit[] = [];
const widget: Visit[] = [];
let warmUp: Visit | undefined;
let restore: RestoreFigures;
let intent: IntentFigures;
try {
  // The first visits of a fresh browser pay for process start-up and cold disk caches.
  await visit(browser, server.origin, 'plain', SETTLE_MS);
  warmUp = await visit(browser, server.origin, 'widget', WARM_UP_SETTLE_MS);
  // Alternate the two pages so that any drift of the machine falls on both alike.
  for (let i = 0; i < RUNS; i++) {
    plain.push(await visit(browser, server.origin, 'plain', SETTLE_MS));
    widget.push(await visit(browser, server.origin, 'widget', SETTLE_MS));
  }
  const none = { visits: [], targets: [], report: '' };
  restore = RESTORE_RUNS > 0 ? await benchRestore(browser, bundle, RESTORE_RUNS) : none;
  intent = INTENT_RUNS > 0 ? await benchIntent(browser, bundle, INTENT_RUNS) : none;
} finally {
  await browser.close();
  await server.close();
}

// ---- figures --------------------------------------------------------------------------------

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** Nearest rank: with 15 visits the p95 is the slowest one. */
const p95 = (xs: number[]) => sorted(xs)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)]!;
const stats = (xs: number[]) => ({ median: median(xs), p95: p95(xs), max: Math.max(...xs) });
type Stats = ReturnType<typeof stats>;
const round = (x: number) => Math.round(x * 10) / 10;
const traces = widget.map((v) => v.trace!);
const wallCpu = (pick: (t: TraceFigures) => Span) => ({
  wall: stats(traces.map((t) => pick(t).wall)),
  cpu: stats(traces.map((t) => pick(t).cpu)),
});

const figures = {
  scriptTask: wallCpu((t) => t.scriptTask),
  compileMain: wallCpu((t) => t.compileMain),
  evaluate: wallCpu((t) => t.evaluate),
  mount: wallCpu((t) => t.mount),
  render: wallCpu((t) => t.render),
  mainThread: wallCpu((t) => t.mainThread),
  compileBackground: stats(traces.map((t) => t.compileBackground)),
  scriptToLauncher: stats(traces.map((t) => t.scriptToLauncher)),
  // The same interval without the trace's clock: parley.js fully received -> the launcher's rAF.
  responseEndToLauncher: stats(widget.map((v) => v.probe.launcherLaidOutAt! - v.parleyResponseEnd!)),
};

// Performance.getMetrics: the renderer's totals for the whole visit, with the widget minus
// without (medians of each). A page-wide cross-check of the trace's attribution, not its source:
// it also holds whatever else the renderer did during the visit, so it is noisier.
const metricNames = ['script', 'task', 'layout', 'recalcStyle'] as const;
const metricsDelta = Object.fromEntries(
  metricNames.map((name) => {
    const withWidget = median(widget.map((v) => v.metrics[name]));
    const without = median(plain.map((v) => v.metrics[name]));
    return [name, { withWidget: round(withWidget), without: round(without), added: round(withWidget - without) }];
  }),
) as Record<(typeof metricNames)[number], { withWidget: number; without: number; added: number }>;

// Long tasks as the page sees them (PerformanceObserver: wall time), and as the trace names them.
const longestPerVisit = (visits: Visit[]) => visits.map((v) => Math.max(0, ...v.probe.longTasks.map((t) => t.duration)));
const widgetLongest = longestPerVisit(widget);
const plainLongest = longestPerVisit(plain);
const tracedLongTasks = traces.flatMap((t) => t.longTasks);

const size = { raw: bundle.length, gzip: gzipSync(bundle, { level: 9 }).length };
const load = { atStart: loadAtStart, atEnd: round(loadavg()[0]!), cores: cpus().length };

// ---- checks ---------------------------------------------------------------------------------

// Before the visitor opens the chat the page may load exactly itself and parley.js.
const allowed = (v: Visit) => new Set([`${server.origin}/${v.page}`, `${server.origin}/parley.js`]);
const violations: string[] = [];
for (const v of [warmUp!, ...plain, ...widget]) {
  for (const url of v.requests) if (!allowed(v).has(url)) violations.push(`${v.page}: requested ${url}`);
  for (const url of new Set([...v.webSockets, ...v.probe.sockets])) violations.push(`${v.page}: opened a WebSocket to ${url}`);
  for (const name of v.probe.idbOpens) violations.push(`${v.page}: indexedDB.open("${name}")`);
  for (const name of v.databases) violations.push(`${v.page}: an IndexedDB database "${name}" exists`);
}
for (const path of server.requests) {
  if (!['/plain', '/widget', '/parley.js'].includes(path)) violations.push(`server: got a request for ${path}`);
}

// What is gated, and why. These machines have 2 cores shared by the browser, its GPU process,
// this Node process and (often) other test runs, so wall times carry the renderer's waits for a
// core: compare the wall and CPU columns. A gate on the slowest of 15 visits would mostly gate
// on the machine's load, so:
// - the launcher target is gated at the median: the typical visitor's wait (the p95, here the
//   slowest visit, is reported);
// - long tasks are gated twice: the median visit has none over 50 ms (wall time, what the page's
//   PerformanceObserver reports), and in no visit does the task running parley.js use over 50 ms
//   of main-thread CPU, which load cannot inflate: a regression in the script itself fails
//   every run, a busy machine alone does not.
const targets = [
  {
    name: `launcher on screen <= ${LAUNCHER_MS} ms after the script starts (median)`,
    value: figures.scriptToLauncher.median,
    ok: figures.scriptToLauncher.median <= LAUNCHER_MS,
  },
  {
    name: `no long task > ${LONG_TASK_MS} ms in the median visit (wall)`,
    value: median(widgetLongest),
    ok: median(widgetLongest) <= LONG_TASK_MS,
  },
  {
    name: `parley.js's task <= ${LONG_TASK_MS} ms of CPU in every visit`,
    value: figures.scriptTask.cpu.max,
    ok: figures.scriptTask.cpu.max <= LONG_TASK_MS,
  },
  {
    name: 'no request, WebSocket or IndexedDB open before the chat is opened',
    value: violations.length,
    ok: violations.length === 0,
  },
];

// ---- report ---------------------------------------------------------------------------------

const f = (x: number, w = 7) => round(x).toFixed(1).padStart(w);
const row = (label: string, wall: Stats, cpu?: Stats) =>
  `  ${label.padEnd(46)}${f(wall.median)}${f(wall.p95)}${cpu ? f(cpu.median, 9) : ''}`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const count = (visits: Visit[], pick: (v: Visit) => unknown[]) => visits.reduce((n, v) => n + pick(v).length, 0);
const describeLong = (longest: number[]) =>
  `longest ${round(Math.max(...longest))} ms; ${longest.filter((d) => d > LONG_TASK_MS).length} of ${longest.length} visits had one over ${LONG_TASK_MS} ms`;

console.log(`
Parley host-page cost: ${RUNS} visits with and ${RUNS} without the widget, each a first visit
Chromium ${chromiumVersion}${systemChromium ? ` (${systemChromium})` : ''}; ${RUNS * 2 + 2} visits in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load.atStart} -> ${load.atEnd} on ${load.cores} cores

dist/parley.js: ${kB(size.raw)}, ${kB(size.gzip)} gzipped (level 9)

main thread, from the trace (ms)                   wall median  p95   CPU median
${row('the task that runs parley.js', figures.scriptTask.wall, figures.scriptTask.cpu)}
${row('  compile on the main thread', figures.compileMain.wall, figures.compileMain.cpu)}
${row('  evaluate (top level)', figures.evaluate.wall, figures.evaluate.cpu)}
${row('  microtasks at its end', figures.mount.wall, figures.mount.cpu)}
${row('first render (style, layout, paint, commit)', figures.render.wall, figures.render.cpu)}
${row('all main-thread tasks, script -> launcher', figures.mainThread.wall, figures.mainThread.cpu)}
${row('streaming compile, off the main thread', figures.compileBackground)}

time to the launcher (ms)                                 median    p95
${row('script starts -> launcher frame committed', figures.scriptToLauncher)}
${row('parley.js received -> launcher laid out', figures.responseEndToLauncher)}  (in page)

long tasks (PerformanceObserver, wall time)
  with the widget:    ${describeLong(widgetLongest)}
  without the widget: ${describeLong(plainLongest)}
  tasks over ${LONG_TASK_MS} ms in the widget visits' traces (navigation included): ${
    tracedLongTasks.map((t) => `${round(t.wall)} ms (CPU ${round(t.cpu)}) ${t.what}`).join('; ') || 'none'
  }

Performance.getMetrics, whole visit (ms)             with  without  added
${metricNames.map((n) => `  ${n.padEnd(46)}${f(metricsDelta[n].withWidget)}${f(metricsDelta[n].without)}${f(metricsDelta[n].added)}`).join('\n')}

before the chat is opened: requests ${[...new Set(widget.flatMap((v) => v.requests.map((u) => new URL(u).pathname)))].join(', ')}; WebSockets ${count([warmUp!, ...widget], (v) => [...v.webSockets, ...v.probe.sockets])}; indexedDB.open ${count([warmUp!, ...widget], (v) => v.probe.idbOpens)}; databases ${count([warmUp!, ...widget], (v) => v.databases)}; storage writes ${count([warmUp!, ...widget], (v) => v.probe.storageWrites)}
${violations.map((v) => `  ! ${v}\n`).join('')}
${restore.report}

${intent.report}

targets
${[...targets, ...restore.targets, ...intent.targets].map((t) => `  ${t.ok ? 'ok  ' : 'FAIL'}  ${t.name}: ${round(t.value)}`).join('\n')}
`);

const results = {
  date: new Date().toISOString(),
  chromium: chromiumVersion,
  visits: RUNS,
  load,
  bundleBytes: size,
  mainThreadMs: Object.fromEntries(
    (['scriptTask', 'compileMain', 'evaluate', 'mount', 'render', 'mainThread'] as const).map((k) => [
      k,
      { wall: roundStats(figures[k].wall), cpu: roundStats(figures[k].cpu) },
    ]),
  ),
  compileBackgroundMs: roundStats(figures.compileBackground),
  launcherMs: {
    scriptToLauncherFrame: roundStats(figures.scriptToLauncher),
    responseEndToLauncherLaidOut: roundStats(figures.responseEndToLauncher),
  },
  longTasks: {
    longestPerVisitMs: { withWidget: widgetLongest.map(round), withoutWidget: plainLongest.map(round) },
    inWidgetTraces: tracedLongTasks.map((t) => ({ wall: round(t.wall), cpu: round(t.cpu), what: t.what })),
  },
  performanceMetricsMs: metricsDelta,
  violations,
  restore: {
    visits: restore.visits.map((v) => ({
      ...v,
      scriptToLatest: round(v.scriptToLatest),
      scriptToRendered: round(v.scriptToRendered),
      longestTask: { ...v.longestTask, wall: round(v.longestTask.wall), cpu: round(v.longestTask.cpu) },
    })),
  },
  intent: intent.visits.map((v) => ({
    ...v,
    clickToPanel: round(v.clickToPanel),
    fetchStart: round(v.fetchStart),
    fetchMs: round(v.fetchMs),
  })),
  targets: [...targets, ...restore.targets, ...intent.targets].map((t) => ({ ...t, value: round(t.value) })),
};
writeFileSync(`${root}bench/results.json`, `${JSON.stringify(results, null, 2)}\n`);
console.log('wrote bench/results.json');
process.exit(targets.every((t) => t.ok) && [...restore.targets, ...intent.targets].every((t) => t.ok || !t.gated) ? 0 : 1);

function roundStats(s: Stats): Stats {
  return { median: round(s.median), p95: round(s.p95), max: round(s.max) };
}
