// The page view's figures as a table on stdout.
import type { Span } from '../trace.ts';
import type { PageViewFigures, SampledFigure, Stats } from './summary.ts';

export interface RunInfo {
  chromium: string;
  bundleKb: number;
  seconds: number;
  load: string;
  sampling: number;
}

const c = (x: number, w = 8) => x.toFixed(Number.isInteger(x) ? 0 : 1).padStart(w);
const n = (x: number, w = 8) => (Math.round(x * 100) / 100).toFixed(2).padStart(w);
const pct = (x: number, w = 8) => `${(x * 100).toFixed(0)}%`.padStart(w);
const label = (s: string, w = 74) => `  ${s.padEnd(w)}`;
const span = (s: string, x: Span) => `${label(s)}${n(x.wall)}${n(x.cpu)}`;
const stat = (s: string, x: Stats) => `${label(s)}${n(x.median)}${n(x.p95)}`;

function plainSection({ plain }: PageViewFigures): string[] {
  return [
    `${label("the loader, host-cost's visit (trace, no profiler), ms", 74)}    wall     CPU`,
    span('the task that runs parley.js', plain.scriptTask),
    span('  compile on the main thread', plain.compileMain),
    span('  evaluate (top level: define, construct, insert the element)', plain.evaluate),
    span('  microtasks at its end', plain.mount),
    `${label('streaming compile, off the main thread')}${n(plain.compileBackground)}`,
    span('first render (style, layout, paint, commit) until the launcher', plain.render),
    '',
    `${label('launcher on screen after the script starts, ms', 74)}  median     p95`,
    stat('script starts (EvaluateScript) -> launcher frame committed (trace)', plain.scriptToLauncher),
    stat('parley.js received -> launcher laid out (in page, rAF)', plain.responseEndToLauncher),
  ];
}

const sampledRow = (name: string, f: SampledFigure) => `${label(name, 84)}${c(f.samples)}${pct(f.share)}${n(f.ms, 10)}`;
const SAMPLED_HEAD = ' samples   share      ≈ ms';

function partsSection({ plain, profiled }: PageViewFigures, info: RunInfo): string[] {
  const { all } = profiled;
  const overhead = profiled.evaluate.cpu / plain.evaluate.cpu - 1;
  return [
    `(profiled rounds: the script's evaluation takes ${n(profiled.evaluate.cpu, 0)} ms of CPU against ${n(plain.evaluate.cpu, 0)} ms in host-cost's visit, +${(overhead * 100).toFixed(0)}%: the profiler and the trace's extra categories)`,
    `where the loader's time goes: CPU profile, a sample every ${info.sampling} µs, ${all.samples} samples in all; share: of them;`,
    "≈ ms: share × the median round's busy time (traced CPU time plus the waits for the browser process), the profiler's cost included",
    `${label('part', 84)}${SAMPLED_HEAD}`,
    ...profiled.parts.map((p) => sampledRow(p.part, p)),
    `${label("all the loader's JavaScript and its tasks (busy: traced CPU + waits for the browser)", 84)}${c(all.samples)}${pct(1)}${n(all.busyMs, 10)}`,
    `${label('  (their traced CPU time; the wall time the samples cover, waits for a core included)', 84)}${' '.repeat(16)}${n(all.cpuMs, 10)}${n(all.wallMs, 10)}`,
  ];
}

function traceSection({ profiled }: PageViewFigures): string[] {
  const forced = profiled.forced;
  return [
    `${label('as the trace of the profiled rounds names it, ms', 74)}    wall     CPU`,
    span('EvaluateScript parley.js (under the profiler)', profiled.evaluate),
    span('CustomElementRegistry::define', profiled.define),
    span('CSSParserImpl::parseStyleSheet (the constructed sheet, replaceSync)', profiled.sheetParse),
    span('custom element reactions (attributeChangedCallback, connectedCallback)', profiled.reactions),
    span(`synchronous calls to the browser process (${profiled.syncIpc.count} a round)`, profiled.syncIpc),
    `      ${profiled.syncIpc.names.join(', ')}`,
    span("the loader's later tasks (#queueStart's setTimeout)", profiled.laterTasks),
    span(`style or layout forced inside the loader's JavaScript (at most ${forced.count} a round)`, forced),
    ...forced.what.map((w) => `      ${w}`),
    `${label("style/layout invalidations the loader's script scheduled (next frame)")}${n(profiled.scheduled)}`,
  ];
}

function hotSection({ profiled }: PageViewFigures): string[] {
  return [
    `${label('top self time in the loader (source-mapped; a browser API as "api ← caller")', 84)}${SAMPLED_HEAD}`,
    ...profiled.hot.map((h, i) => sampledRow(`${String(i + 1).padStart(2)}. ${h.name}  ${h.where}`, h)),
  ];
}

export function reportText(figures: PageViewFigures, info: RunInfo): string {
  return [
    '',
    `Parley's loader, the page view: ${figures.rounds} rounds of each kind, medians`,
    `Chromium ${info.chromium}; dist/parley.js ${info.bundleKb.toFixed(1)} kB; ${info.seconds.toFixed(0)} s; load average ${info.load}`,
    '',
    ...plainSection(figures),
    '',
    ...partsSection(figures, info),
    '',
    ...traceSection(figures),
    '',
    ...hotSection(figures),
    '',
  ].join('\n');
}
