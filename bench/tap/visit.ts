// One visit of the tap bench on the phone profile: a fresh browser context (a 390×844 touch
// screen), Slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) and a CPU 4× slower, both
// through the DevTools protocol; a tap on the launcher (or a hover first), then the composer and
// the first answer awaited. Returns the probe's marks, the requests after the tap (resource
// timing) and the main thread's busy time between the moments of the waterfall (from a trace).
import type { Browser, BrowserContext, Page } from 'playwright';
import { launcherCentre } from '../alone.ts';
import type { TraceEvent } from '../trace.ts';
import { installTapProbe, type TapMarks } from './probe.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const HOVER_BEFORE_TAP_MS = 150;

export type TapWay = 'tap' | 'hover, then tap' | 'returning visitor, tap';

interface Request {
  name: string;
  start: number;
  end: number;
}

export interface TapVisit {
  way: TapWay;
  /** Relative to the tap (ms): the marks, then each request after it. */
  marks: Omit<TapMarks, 'tap'>;
  requests: Request[];
  /** The main thread's busy time (wall, ms) from the tap to each moment, by the trace. */
  busyUntil: (at: number) => number;
}

/** The phone: its screen, its network and its CPU, on a page of `context`. */
async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(`var __name = (f) => f; (${installTapProbe.toString()})();`);
  return page;
}

const marksOf = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __parleyTap: TapMarks }).__parleyTap }));

/** A stored conversation for the returning visitor: a first visit that opened the chat and got its answer. */
async function storeConversation(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await page.locator('parley-chat [part~="message"][data-from="bot"]').first().waitFor();
  await page.getByRole('button', { name: 'Close chat' }).first().click();
}

async function tapLauncher(page: Page, way: TapWay): Promise<void> {
  const [x, y] = await launcherCentre(page, 'Open chat');
  if (way === 'hover, then tap') {
    await page.mouse.move(x, y);
    await page.waitForTimeout(HOVER_BEFORE_TAP_MS);
  }
  await page.touchscreen.tap(x, y);
}

/** The main thread's tasks of the trace, on the page's clock (by the tap's mark). */
function busyTime(trace: Buffer): (at: number) => number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === 'parley-tap');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark?.pid);
  if (!mark || !main) return () => NaN;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid && e.dur);
  const tapTs = mark.ts / 1000;
  return (at) =>
    tasks.reduce((sum, task) => {
      const start = task.ts / 1000 - tapTs;
      const end = start + task.dur! / 1000;
      return sum + Math.max(0, Math.min(end, at) - Math.max(start, 0));
    }, 0);
}

export async function tapVisit(browser: Browser, url: string, way: TapWay): Promise<TapVisit> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await phonePage(context);
    if (way === 'returning visitor, tap') {
      await storeConversation(page, url);
      await page.goto(url);
      // The stored conversation's chat loads at once: the tap comes once it has settled.
      await page.locator('parley-chat[data-connection="open"]').waitFor({ state: 'attached' });
    } else await page.goto(url);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
    await tapLauncher(page, way);
    const done = way === 'returning visitor, tap' ? 'latest' : 'answer';
    await page.waitForFunction((key) => {
      const marks = (window as unknown as { __parleyTap: Record<string, number | undefined> }).__parleyTap;
      return marks.composer !== undefined && marks[key] !== undefined;
    }, done);
    const trace = await browser.stopTracing();
    const marks = await marksOf(page);
    const tap = marks.tap!;
    const requests = await page.evaluate(
      (since) =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => e.startTime >= since - 1)
          .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
      tap,
    );
    const relative = Object.fromEntries(
      Object.entries(marks)
        .filter(([key, at]) => key !== 'tap' && at !== undefined && at >= tap)
        .map(([key, at]) => [key, at! - tap]),
    );
    return {
      way,
      marks: relative,
      requests: requests.map((r) => ({ ...r, start: r.start - tap, end: r.end - tap })),
      busyUntil: busyTime(trace),
    };
  } finally {
    await context.close();
  }
}
