// Reads one Chromium trace (devtools.timeline categories) of the widget page and attributes the
// renderer main thread's work to parley.js. Why a trace rather than only Performance.getMetrics:
// the trace names the script (EvaluateScript carries its URL), separates compile, evaluation and
// the microtasks, and gives the start of the script on the same clock as the launcher's frame,
// so neither needs a page-wide "with minus without" difference. Durations are wall time ("dur",
// what a visitor waits and what long tasks measure) with thread CPU time ("tdur") beside it: on a
// 2-core machine the two differ whenever the renderer is descheduled.

/** One event of a Chromium trace, as the benches read it. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number; // µs
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; stackTrace?: Array<{ url?: string }> } };
}

/** Milliseconds of wall time, and of the main thread's CPU time. */
export interface Span {
  wall: number;
  cpu: number;
}

export interface TraceFigures {
  /** The whole task that ran parley.js: compile on the main thread, evaluation (which defines,
   * constructs and inserts <parley-chat>, its launcher drawn), and the microtasks at its end. */
  scriptTask: Span;
  /** Of which: the script's top-level evaluation (without the microtasks). */
  evaluate: Span;
  /** Of which: the microtasks at its end (the element's start, #queueStart's timer, runs in a later task). */
  mount: Span;
  /** Main-thread compile of parley.js (most compiling is streamed off the main thread). */
  compileMain: Span;
  /** Off-main-thread streaming parse/compile of parley.js, while it downloads. */
  compileBackground: number;
  /** Style, layout, paint and commit on the main thread from the script's start to the
   * launcher's frame: the first render (the page's own share of it included). */
  render: Span;
  /** Every main-thread task from the script's start to the launcher's frame committed. */
  mainThread: Span;
  /** From the script starting to run to the commit of the first frame with the launcher in it. */
  scriptToLauncher: number;
  /** Every main-thread task over 50 ms in the whole trace (navigation included), and what it ran. */
  longTasks: Array<{ wall: number; cpu: number; what: string }>;
}

const RENDER_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);

const ms = (us: number | undefined) => (us ?? 0) / 1000;
const span = (events: TraceEvent[]): Span => ({
  wall: events.reduce((s, e) => s + ms(e.dur), 0),
  cpu: events.reduce((s, e) => s + ms(e.tdur ?? e.dur), 0),
});
const within = (outer: TraceEvent, e: TraceEvent) => e.ts >= outer.ts && e.ts + (e.dur ?? 0) <= outer.ts + (outer.dur ?? 0);

/** What a task ran, for attributing a long one: the most telling event inside it. */
const NAMED_WORK = ['ParseHTML', 'FireAnimationFrame', 'TimerFire', 'FunctionCall', 'RunMicrotasks', 'EventDispatch'];
function describe(task: TraceEvent, onMain: TraceEvent[]): string {
  const inner = onMain.filter((e) => e !== task && within(task, e));
  const script = inner.find((e) => e.name === 'EvaluateScript' && e.args?.data?.url);
  if (script) return `EvaluateScript ${script.args!.data!.url!.split('/').pop()}`;
  const named = NAMED_WORK.find((name) => inner.some((e) => e.name === name));
  if (named) return named;
  return inner.some((e) => RENDER_EVENTS.has(e.name)) ? 'rendering' : 'other';
}

export function analyseTrace(json: string): TraceFigures {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const isParley = (e: TraceEvent) => (e.args?.data?.url ?? '').endsWith('/parley.js');

  const evaluation = events.find((e) => e.name === 'EvaluateScript' && e.ph === 'X' && isParley(e));
  if (!evaluation) throw new Error('trace: no EvaluateScript event for parley.js');
  const onMain = events.filter((e) => e.pid === evaluation.pid && e.tid === evaluation.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const scriptTask = tasks.find((t) => within(t, evaluation)) ?? evaluation;

  // The probe marks the rAF in which the launcher first has a box; that frame's Commit (the
  // main thread handing the painted frame to the compositor) is when it goes on screen.
  const laidOut = events.find((e) => e.name === 'bench:launcher-laid-out');
  if (!laidOut) throw new Error('trace: no bench:launcher-laid-out mark');
  const commit = onMain.find((e) => e.name === 'Commit' && e.ts >= laidOut.ts);
  const end = commit ? commit.ts + (commit.dur ?? 0) : laidOut.ts;

  const inWindow = (e: TraceEvent) => e.ts >= scriptTask.ts && e.ts < end;
  const windowTasks = tasks.filter(inWindow);
  // Chromium runs the microtask checkpoint inside EvaluateScript's span or right after it, in
  // the same task: count both, and take the nested ones out of the evaluation.
  const microtasks = onMain.filter((e) => e.name === 'RunMicrotasks' && within(scriptTask, e));
  const mount = span(microtasks);
  const nested = span(microtasks.filter((e) => within(evaluation, e)));
  const evaluated = span([evaluation]);
  const background = events.filter((e) => e.name === 'v8.parseOnBackground' && isParley(e));

  return {
    scriptTask: span([scriptTask]),
    evaluate: { wall: evaluated.wall - nested.wall, cpu: evaluated.cpu - nested.cpu },
    mount,
    compileMain: span(onMain.filter((e) => e.name === 'v8.compile' && isParley(e))),
    compileBackground: background.reduce((s, e) => s + ms(e.dur), 0),
    render: span(onMain.filter((e) => RENDER_EVENTS.has(e.name) && inWindow(e))),
    mainThread: span(windowTasks),
    scriptToLauncher: ms(end - evaluation.ts),
    longTasks: tasks.filter((t) => ms(t.dur) > 50).map((t) => ({ wall: ms(t.dur), cpu: ms(t.tdur ?? t.dur), what: describe(t, onMain) })),
  };
}
