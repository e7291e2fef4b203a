// One profiled round read: the profile's samples split into the loader's parts and its functions'
// self times, beside what the trace of the same visit names.
import { readSamples } from './cpu-profile.ts';
import { selfTimes, type SelfTimes } from './hot-functions.ts';
import { countParts, isLoaderWork, type Part } from './parts.ts';
import type { ProfiledVisit } from './profiled-visit.ts';
import type { Namer } from './source-map.ts';
import { readTraceParts, type TraceParts } from './trace-parts.ts';

export interface ProfiledRound {
  /** Samples per part. */
  parts: Record<Part, number>;
  /** All the parts' samples: the loader's JavaScript, and the engine's work in its tasks. */
  samples: number;
  /** The wall time those samples cover, ms (waits for a core included). */
  wall: number;
  /** The CPU time of the loader's JavaScript in the trace (its evaluation and later calls), ms. */
  cpu: number;
  /** That CPU time plus its waits for the browser process: the time the samples stand for, ms. */
  busy: number;
  self: SelfTimes;
  trace: TraceParts;
}

export function readRound(visit: ProfiledVisit, isLoader: (url: string) => boolean, nameOf: Namer): ProfiledRound {
  const trace = readTraceParts(visit.trace, isLoader);
  const inTasks = (at: number) => trace.windows.some(([start, end]) => at >= start && at <= end);
  const samples = readSamples(visit.profile, isLoader, nameOf).filter((s) => isLoaderWork(s, inTasks));
  const cpu = trace.evaluate.cpu + trace.laterTasks.cpu;
  return {
    parts: countParts(samples),
    samples: samples.length,
    wall: samples.reduce((sum, s) => sum + s.ms, 0),
    cpu,
    busy: cpu + Math.max(0, trace.syncIpc.wall - trace.syncIpc.cpu),
    self: selfTimes(samples),
    trace,
  };
}
