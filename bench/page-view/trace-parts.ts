// What the performance trace of a profiled visit says about the loader's tasks: the events Blink
// and V8 name themselves (the element's definition, the constructed sheet's CSS parse, the custom
// element reactions), the start task (#queueStart's setTimeout), and any style or layout forced
// while the loader's JavaScript runs: an UpdateLayoutTree or Layout event nested inside it. The
// frame's own style and layout, after the script, is not forced (host-cost's "first render").
// And the synchronous calls to the browser process the loader's JavaScript waits for.
import type { Span, TraceEvent } from '../trace.ts';

export interface TraceParts {
  /** The loader's tasks on the main thread (trace clock, µs): the samples' clock too. */
  windows: Array<[number, number]>;
  evaluate: Span;
  /** The loader's callbacks run later as tasks of their own (the start timer). */
  laterTasks: Span & { count: number };
  define: Span;
  sheetParse: Span;
  /** attributeChangedCallback and connectedCallback, as Blink runs them. */
  reactions: Span & { count: number };
  /** Style recalculations and layouts forced inside the loader's JavaScript. */
  forced: Span & { count: number; what: string[] };
  /** Style recalcs and layouts the loader's script scheduled (for the next frame, not forced). */
  scheduled: number;
  /** Synchronous calls to the browser process inside the loader's JavaScript (the 'mojom'
   * category: Web Storage's AllowStorageAccess and StorageArea::GetAll), and their names. */
  syncIpc: Span & { count: number; names: string[] };
}

const ms = (us: number | undefined) => (us ?? 0) / 1000;
const spanOf = (events: TraceEvent[]) => ({
  wall: events.reduce((s, e) => s + ms(e.dur), 0),
  cpu: events.reduce((s, e) => s + ms(e.tdur ?? e.dur), 0),
  count: events.length,
});

export function readTraceParts(json: string, isLoader: (url: string) => boolean): TraceParts {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const loaderUrl = (e: TraceEvent) => isLoader(e.args?.data?.url ?? '');
  const evaluation = events.find((e) => e.name === 'EvaluateScript' && e.ph === 'X' && loaderUrl(e));
  if (!evaluation) throw new Error('trace: no EvaluateScript event for the loader');
  const onMain = events.filter((e) => e.pid === evaluation.pid && e.tid === evaluation.tid);
  const calls = onMain.filter((e) => e.name === 'FunctionCall' && e.ph === 'X' && loaderUrl(e));
  const js = [evaluation, ...calls];
  const inside = (e: TraceEvent) => e.ph === 'X' && js.some((o) => e.ts >= o.ts && e.ts + (e.dur ?? 0) <= o.ts + (o.dur ?? 0));
  const named = (name: string) => onMain.filter((e) => e.name === name && inside(e));
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && js.some((o) => o.ts >= e.ts && o.ts + (o.dur ?? 0) <= e.ts + (e.dur ?? 0)),
  );
  const forced = onMain.filter((e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && inside(e));
  const ipc = onMain.filter((e) => e.cat === 'mojom' && inside(e));
  const fromLoader = (e: TraceEvent) => isLoader(e.args?.data?.stackTrace?.[0]?.url ?? '');

  return {
    windows: (tasks.length > 0 ? tasks : js).map((e) => [e.ts, e.ts + (e.dur ?? 0)]),
    evaluate: spanOf([evaluation]),
    laterTasks: spanOf(calls),
    define: spanOf(named('CustomElementRegistry::define')),
    sheetParse: spanOf(named('CSSParserImpl::parseStyleSheet')),
    reactions: spanOf(named('CustomElementReactionQueue::invokeReactions')),
    forced: { ...spanOf(forced), what: forced.map((e) => `${e.name} ${ms(e.dur).toFixed(2)} ms`) },
    syncIpc: { ...spanOf(ipc), names: [...new Set(ipc.map((e) => e.name))] },
    scheduled: onMain.filter((e) => (e.name === 'ScheduleStyleRecalculation' || e.name === 'InvalidateLayout') && fromLoader(e)).length,
  };
}
