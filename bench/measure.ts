// One visit of one page in a fresh browser context: what the probe saw, the browser's main-thread
// metrics, every request, and (for the widget page) the script's cost read from a trace.
import type { Browser } from 'playwright';
import { installProbe, type ProbeState } from './probe.ts';
import { analyseTrace, type TraceFigures } from './trace.ts';

export interface Visit {
  page: 'plain' | 'widget';
  /** Performance.getMetrics after the page settled, in ms: the renderer's main-thread totals. */
  metrics: { script: number; task: number; layout: number; recalcStyle: number };
  probe: ProbeState;
  /** Every request the page made (URL), and every WebSocket it opened. */
  requests: string[];
  webSockets: string[];
  /** IndexedDB databases that exist at the end of the visit. */
  databases: string[];
  /** Resource timing of parley.js (performance.now() ms): when its bytes had all arrived. */
  parleyResponseEnd: number | null;
  trace: TraceFigures | null;
}

// tsx (esbuild, keepNames) may wrap functions in __name(); the page has no such helper.
const PROBE = `var __name = (f) => f; (${installProbe.toString()})();`;

// The trace categories of DevTools' Performance panel, plus user timing (the probe's marks).
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

export async function visit(browser: Browser, origin: string, page: 'plain' | 'widget', settleMs: number): Promise<Visit> {
  // A fresh context per visit: an empty cache, no IndexedDB, no localStorage — a first visit.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(PROBE);
    const requests: string[] = [];
    const webSockets: string[] = [];
    tab.on('request', (request) => requests.push(request.url()));
    tab.on('websocket', (socket) => webSockets.push(socket.url()));

    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable');

    // Both pages are traced, so any tracing overhead is the same on both sides of the difference
    // (measured: with and without tracing, the in-page figures differ by less than their noise).
    await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
    await tab.goto(`${origin}/${page}`, { waitUntil: 'load' });
    // One evaluate() on either page, so the bench's own work in the page is the same on both.
    if (page === 'widget') {
      await tab.evaluate(() =>
        Promise.race([
          window.__parleyBenchLauncher,
          new Promise((_, reject) => setTimeout(() => reject(new Error('the launcher did not show within 10 s')), 10_000)),
        ]),
      );
    } else {
      // The plain page's equivalent moment: its first frames are painted.
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    // Wait a while longer: a widget that connects or opens storage "soon after load" is caught too.
    await tab.waitForTimeout(settleMs);

    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    const inPage = await tab.evaluate(async () => ({
      probe: window.__parleyBench,
      databases: (await indexedDB.databases()).map((d) => d.name ?? ''),
      parleyResponseEnd:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith('/parley.js'))?.responseEnd ??
        null,
    }));
    const traceJson = await browser.stopTracing();
    return {
      page,
      metrics: {
        script: metric('ScriptDuration'),
        task: metric('TaskDuration'),
        layout: metric('LayoutDuration'),
        recalcStyle: metric('RecalcStyleDuration'),
      },
      ...inPage,
      requests,
      webSockets,
      trace: page === 'widget' ? analyseTrace(traceJson.toString('utf8')) : null,
    };
  } finally {
    await context.close();
  }
}
