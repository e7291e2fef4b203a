// A Clock for unit tests: time moves only when the test says so. Timers run in due order, and
// the promise callbacks they start (a fake post's answer) settle before the next timer runs.
import type { Clock } from '../../emulator/core/clock.ts';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

export interface FakeClock extends Clock {
  /** Timers not yet run. */
  pending(): number;
  /** Runs every timer due up to `time` (epoch ms), in order, then sets the time to it. */
  advanceTo(time: number): Promise<void>;
  advanceBy(ms: number): Promise<void>;
}

/** Lets pending promise callbacks (and the ones they start) run. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createFakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 1;
  let timers: Timer[] = [];

  const clock: FakeClock = {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { id: nextId++, due: now + Math.max(0, ms), fn };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    pending: () => timers.length,
    async advanceTo(time) {
      await flushPromises();
      for (;;) {
        const next = earliest(timers);
        if (!next || next.due > time) break;
        timers = timers.filter((timer) => timer !== next);
        now = next.due;
        next.fn();
        await flushPromises();
      }
      now = Math.max(now, time);
    },
    advanceBy: (ms) => clock.advanceTo(now + ms),
  };
  return clock;
}

/** The first due timer; the first set wins a tie, as with real timers. */
function earliest(timers: Timer[]): Timer | undefined {
  let best: Timer | undefined;
  for (const timer of timers) if (!best || timer.due < best.due) best = timer;
  return best;
}
