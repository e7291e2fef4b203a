// The loader's functions by self time: where its samples' leaves are. A browser API it calls is
// its own entry, named with its caller ("getItem ← hasConversation"), so time in Blink shows
// apart from the JavaScript around it.
import { inLoader, type Sample } from './cpu-profile.ts';

export interface HotFunction {
  /** `drawLauncher`, or `getItem ← hasConversation` for a browser API. */
  name: string;
  /** Source position of the function (of the caller, for an API). */
  where: string;
}

const keyOf = (f: HotFunction) => `${f.name}\u0000${f.where}`;

export type SelfTimes = Map<string, { fn: HotFunction; samples: number }>;

/** Self samples per function of the loader (and per API it called) in one profile. */
export function selfTimes(samples: Sample[]): SelfTimes {
  const times: SelfTimes = new Map();
  for (const sample of samples) {
    if (!inLoader(sample)) continue;
    const leaf = sample.stack[0]!;
    const caller = sample.stack.find((frame) => frame.loader)!;
    const fn = leaf.loader ? { name: leaf.name, where: leaf.where } : { name: `${leaf.name} ← ${caller.name}`, where: caller.where };
    const key = keyOf(fn);
    const entry = times.get(key) ?? { fn, samples: 0 };
    entry.samples++;
    times.set(key, entry);
  }
  return times;
}
