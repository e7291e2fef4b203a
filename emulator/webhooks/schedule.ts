// The webhook retry schedule (spec 6.2, 8: "retried with exponential back-off for up to 4 hours").
// Deterministic on purpose, no jitter: a user (and a test) can say exactly when the next attempt
// comes. Pure: no clock, no timers.

/** The policy as data, unscaled (real milliseconds). */
export const RETRY_POLICY = {
  /** Wait before the first retry. */
  firstDelayMs: 10_000,
  /** Each wait doubles... */
  factor: 2,
  /** ...up to this cap, so a receiver that comes back is not left waiting an hour. */
  maxDelayMs: 30 * 60_000,
  /** No attempt starts later than this after the event was created; the last one starts right at it. */
  windowMs: 4 * 60 * 60_000,
} as const;

/** Scales a duration by the time scale, in whole milliseconds (timers have no finer grain). */
function scaleMs(ms: number, timeScale: number): number {
  return Math.round(ms * timeScale);
}

/** The wait before retry number `retry` (1 = the first retry), unscaled and ignoring the window. */
export function backoffMs(retry: number): number {
  const { firstDelayMs, factor, maxDelayMs } = RETRY_POLICY;
  return Math.min(firstDelayMs * factor ** (retry - 1), maxDelayMs);
}

/**
 * How long to wait, after attempt number `attemptsSoFar` failed, before the next attempt; or
 * `undefined` to give up. `elapsedMs` is the time since the event was created (as measured, so
 * already scaled). A wait that would end past the window is cut short so that the last attempt
 * starts exactly at the window's end.
 */
export function nextAttemptDelay(attemptsSoFar: number, elapsedMs: number, timeScale = 1): number | undefined {
  const remaining = scaleMs(RETRY_POLICY.windowMs, timeScale) - elapsedMs;
  if (remaining <= 0) return undefined;
  // At least 1 ms, so that a tiny time scale still moves forward.
  return Math.min(Math.max(1, scaleMs(backoffMs(attemptsSoFar), timeScale)), remaining);
}

/** One row of the schedule: attempt 1 is the first delivery. */
export interface ScheduledAttempt {
  attempt: number;
  /** When it starts, after the event was created. */
  offsetMs: number;
  /** The wait since the previous attempt (0 for the first). */
  delayMs: number;
}

/**
 * Every attempt of an event whose every attempt fails at once (a receiver that refuses). A slow
 * failure (a timeout) pushes the later attempts back by its duration; the window stays the same.
 */
export function retrySchedule(timeScale = 1): ScheduledAttempt[] {
  const rows: ScheduledAttempt[] = [{ attempt: 1, offsetMs: 0, delayMs: 0 }];
  for (;;) {
    const last = rows[rows.length - 1]!;
    const delayMs = nextAttemptDelay(last.attempt, last.offsetMs, timeScale);
    if (delayMs === undefined) return rows;
    rows.push({ attempt: last.attempt + 1, offsetMs: last.offsetMs + delayMs, delayMs });
  }
}

/** `1:02:30`-style text for the README and logs. */
export function formatOffset(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
