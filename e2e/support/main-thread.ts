// The page's main-thread tasks as Chromium's own trace reports them, each with its wall time and
// the CPU time its thread spent in it. The Long Tasks API gives wall time only, and on a machine of
// two cores that also runs the emulator and Playwright, a task's wall time includes whatever the
// renderer waited for a core meanwhile (a frame of 1 MB is sent and read by those processes while
// the page parses it). The CPU time is the widget's own work, whatever runs beside the browser.
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface LongestTask {
  /** Milliseconds of wall time. */
  wall: number;
  /** Milliseconds the renderer's main thread ran on a core during that task. */
  cpu: number;
}

/** Runs `work` under Chromium's tracing and answers the renderer main thread's longest task (by CPU time). */
export async function longestMainThreadTask(page: Page, work: () => Promise<unknown>): Promise<LongestTask> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel'] });
  let trace: Buffer;
  try {
    await work();
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  // Each task the scheduler runs on that thread ("toplevel"), with its thread time.
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`));
  if (!tasks.length || tasks.some((e) => e.tdur === undefined)) throw new Error('the trace holds no main-thread task with its thread time');
  let longest: LongestTask = { wall: 0, cpu: 0 };
  for (const e of tasks) {
    if (e.tdur! > longest.cpu * 1000) longest = { wall: Math.round(e.dur! / 1000), cpu: Math.round(e.tdur! / 1000) };
  }
  return longest;
}
