// Reads a V8 CPU profile (the Profiler domain's Profiler.stop) into samples, each with its stack
// named after the loader's source map, its time on the trace's clock (µs) and the wall time until
// the next sample. Count samples for CPU time, not their wall time: a thread that waits for a
// core takes no samples meanwhile, and the sample after the wait carries the whole wait.
import type { Namer } from './source-map.ts';

/** The part of CDP's Profiler.Profile read here. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface Frame {
  name: string;
  /** `loader/launcher.ts:20` for the loader's functions; '' for a browser API or V8's own. */
  where: string;
  file: string;
  /** A function of the loader's script (else a browser API it called, or V8's own). */
  loader: boolean;
}

export interface Sample {
  /** Trace clock, µs. */
  at: number;
  ms: number;
  /** Leaf first. */
  stack: Frame[];
}

/** Every sample of the profile; `isLoader` tells the loader's frames from the rest. */
export function readSamples(profile: CpuProfile, isLoader: (url: string) => boolean, nameOf: Namer): Sample[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = new Map<number, Frame>();
  for (const { id, callFrame: c } of profile.nodes) {
    if (!isLoader(c.url)) {
      frames.set(id, { name: c.functionName || '(anonymous)', where: '', file: '', loader: false });
      continue;
    }
    const origin = nameOf(c.lineNumber, c.columnNumber, c.functionName);
    frames.set(id, { name: origin.name, where: `${origin.file}:${origin.line}`, file: origin.file, loader: true });
  }
  const stackCache = new Map<number, Frame[]>();
  const stackOf = (id: number): Frame[] => {
    let stack = stackCache.get(id);
    if (!stack) {
      stack = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = frames.get(at)!;
        if (frame.name !== '(root)') stack.push(frame);
      }
      stackCache.set(id, stack);
    }
    return stack;
  };

  // V8 may record a sample out of order (a negative delta): sorted, each lasts until the next.
  const ids = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let t = profile.startTime;
  const timed = ids.map((id, i) => ({ id, at: (t += deltas[i] ?? 0) })).sort((a, b) => a.at - b.at);
  return timed.map(({ id, at }, i) => ({
    at,
    ms: ((timed[i + 1]?.at ?? profile.endTime) - at) / 1000,
    stack: stackOf(id),
  }));
}

/** The loader's frames are in the sample's stack: the loader's JavaScript was running. */
export const inLoader = (sample: Sample) => sample.stack.some((frame) => frame.loader);
