// The rounds' medians: the profiled rounds' parts, hot functions and trace events, and the plain
// rounds' figures (host-cost's own visit: the script's task, the launcher on screen).
import { median } from '../alone.ts';
import type { Visit } from '../measure.ts';
import type { Span } from '../trace.ts';
import type { HotFunction } from './hot-functions.ts';
import { PARTS, type Part } from './parts.ts';
import type { ProfiledRound } from './round.ts';

export interface Stats {
  median: number;
  p95: number;
}

/**
 * A part's figures, or a function's, from its samples. The main thread takes samples while it runs
 * and while it is blocked (a synchronous call to the browser process), not while it waits for a
 * core; on a busy machine the profiler's own thread misses some too. So the samples give shares,
 * and the trace gives the time they share.
 */
export interface SampledFigure {
  /** Its samples, all rounds. */
  samples: number;
  /** Of all the loader's samples, all rounds. */
  share: number;
  /** share × the median round's busy time (the loader's traced CPU time plus its waits for the
   * browser process), ms: the profiler's cost included. */
  ms: number;
}

type PartFigure = SampledFigure & { part: Part };

export interface PageViewFigures {
  rounds: number;
  plain: {
    scriptTask: Span;
    compileMain: Span;
    compileBackground: number;
    evaluate: Span;
    mount: Span;
    render: Span;
    scriptToLauncher: Stats;
    responseEndToLauncher: Stats;
  };
  profiled: {
    evaluate: Span;
    laterTasks: Span;
    define: Span;
    sheetParse: Span;
    reactions: Span;
    forced: Span & { count: number; what: string[] };
    scheduled: number;
    syncIpc: Span & { count: number; names: string[] };
    /** Samples (all rounds); medians a round of their wall time, the traced CPU and busy time. */
    all: { samples: number; wallMs: number; cpuMs: number; busyMs: number };
    parts: PartFigure[];
    hot: Array<HotFunction & SampledFigure>;
  };
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)]!;
const stats = (xs: number[]): Stats => ({ median: median(xs), p95: p95(xs) });
const spanMedian = (spans: Span[]): Span => ({ wall: median(spans.map((s) => s.wall)), cpu: median(spans.map((s) => s.cpu)) });

/** `count` reads one part's or one function's samples in a round. */
function sampled(rounds: ProfiledRound[], count: (round: ProfiledRound) => number): SampledFigure {
  const samples = rounds.reduce((sum, r) => sum + count(r), 0);
  const share =
    samples /
    Math.max(
      1,
      rounds.reduce((sum, r) => sum + r.samples, 0),
    );
  return { samples, share, ms: share * median(rounds.map((r) => r.busy)) };
}

function hotFunctions(rounds: ProfiledRound[], top: number): PageViewFigures['profiled']['hot'] {
  const all = new Map<string, HotFunction>();
  for (const round of rounds) for (const [key, { fn }] of round.self) all.set(key, fn);
  return [...all]
    .map(([key, fn]) => ({ ...fn, ...sampled(rounds, (r) => r.self.get(key)?.samples ?? 0) }))
    .sort((a, b) => b.share - a.share)
    .slice(0, top);
}

export function summarise(plain: Visit[], rounds: ProfiledRound[], top = 12): PageViewFigures {
  const traces = plain.map((v) => v.trace!);
  const t = rounds.map((r) => r.trace);
  return {
    rounds: rounds.length,
    plain: {
      scriptTask: spanMedian(traces.map((x) => x.scriptTask)),
      compileMain: spanMedian(traces.map((x) => x.compileMain)),
      compileBackground: median(traces.map((x) => x.compileBackground)),
      evaluate: spanMedian(traces.map((x) => x.evaluate)),
      mount: spanMedian(traces.map((x) => x.mount)),
      render: spanMedian(traces.map((x) => x.render)),
      scriptToLauncher: stats(traces.map((x) => x.scriptToLauncher)),
      responseEndToLauncher: stats(plain.map((v) => v.probe.launcherLaidOutAt! - v.parleyResponseEnd!)),
    },
    profiled: {
      evaluate: spanMedian(t.map((x) => x.evaluate)),
      laterTasks: spanMedian(t.map((x) => x.laterTasks)),
      define: spanMedian(t.map((x) => x.define)),
      sheetParse: spanMedian(t.map((x) => x.sheetParse)),
      reactions: spanMedian(t.map((x) => x.reactions)),
      forced: {
        ...spanMedian(t.map((x) => x.forced)),
        count: Math.max(...t.map((x) => x.forced.count)),
        what: [...new Set(t.flatMap((x) => x.forced.what))],
      },
      scheduled: median(t.map((x) => x.scheduled)),
      syncIpc: {
        ...spanMedian(t.map((x) => x.syncIpc)),
        count: median(t.map((x) => x.syncIpc.count)),
        names: [...new Set(t.flatMap((x) => x.syncIpc.names))],
      },
      all: {
        samples: rounds.reduce((sum, r) => sum + r.samples, 0),
        wallMs: median(rounds.map((r) => r.wall)),
        cpuMs: median(rounds.map((r) => r.cpu)),
        busyMs: median(rounds.map((r) => r.busy)),
      },
      parts: PARTS.map((part) => ({ part, ...sampled(rounds, (r) => r.parts[part]) })),
      hot: hotFunctions(rounds, top),
    },
  };
}
