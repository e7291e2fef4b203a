// Which traceId the next message may take at least. The store's counter hands them out (atomic
// across tabs); this floor keeps it from ever going back: above every traceId this tab has seen
// (a counter that storage lost, or never got while it failed, cannot repeat one), and for a
// configured thread-id, which other devices may use too, above the clock.

const EPOCH_2024 = Date.UTC(2024, 0, 1);

/**
 * A traceId from the clock, for a thread other devices may share: milliseconds since 2024 times
 * 1000, plus a random 0-999. Two devices a few seconds apart are millions apart, and two in the
 * same millisecond differ by chance 999 in 1000; a device's own traceIds still grow one by one
 * (the floor). Well inside Number.MAX_SAFE_INTEGER for centuries.
 */
function clockTraceId(now: number, random: () => number): number {
  return Math.max(0, Math.floor(now - EPOCH_2024)) * 1000 + Math.floor(random() * 1000);
}

export function createTraceFloor(clock: { now(): number }, random: () => number) {
  let highest = 0;
  let shared = false;
  return {
    /** A new thread: `shared` when its id was configured (other devices may write to it). */
    reset(isShared: boolean): void {
      highest = 0;
      shared = isShared;
    },
    /** A traceId used on this thread, by this tab or any other. */
    saw(traceId: number): void {
      if (Number.isSafeInteger(traceId)) highest = Math.max(highest, traceId);
    },
    next(): number {
      return Math.max(highest + 1, shared ? clockTraceId(clock.now(), random) : 1);
    },
  };
}
