import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backoffMs, formatOffset, nextAttemptDelay, RETRY_POLICY, retrySchedule } from './schedule.ts';

const s = 1000;
const HOURS_4 = 4 * 3600 * s;

describe('retry schedule', () => {
  it('waits 10 s, then doubles, capped at 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map(backoffMs)).toEqual([
      10 * s,
      20 * s,
      40 * s,
      80 * s,
      160 * s,
      320 * s,
      640 * s,
      1280 * s,
      1800 * s,
      1800 * s,
      1800 * s,
    ]);
  });

  it('lists every attempt at its exact offset, the last one at exactly 4 h', () => {
    const offsets = retrySchedule().map((row) => row.offsetMs / s);
    expect(offsets).toEqual([0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4350, 6150, 7950, 9750, 11550, 13350, 14400]);
    expect(
      retrySchedule()
        .map((row) => formatOffset(row.offsetMs))
        .slice(-3),
    ).toEqual(['3:12:30', '3:42:30', '4:00:00']);
  });

  it('gives up once the window is over, never later than 4 h', () => {
    expect(nextAttemptDelay(16, HOURS_4)).toBeUndefined();
    expect(nextAttemptDelay(1, HOURS_4 + 1)).toBeUndefined();
    // The last wait is cut short so that the last attempt starts right at the window's end.
    expect(nextAttemptDelay(15, 13350 * s)).toBe(1050 * s);
    expect(nextAttemptDelay(3, HOURS_4 - 1)).toBe(1);
    expect(RETRY_POLICY.windowMs).toBe(HOURS_4);
  });

  it('times from the failure: a slow attempt pushes the next one back, not the window', () => {
    // Attempt 1 took the 10 s timeout: the first retry waits 10 s from then.
    expect(nextAttemptDelay(1, 10 * s)).toBe(10 * s);
  });

  it('time scale 0.001 runs the 4-hour window in 14.4 s, same number of attempts', () => {
    const rows = retrySchedule(0.001);
    expect(rows.map((row) => row.offsetMs)).toEqual([
      0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4350, 6150, 7950, 9750, 11550, 13350, 14400,
    ]);
    expect(rows).toHaveLength(retrySchedule().length);
    expect(nextAttemptDelay(16, 14_400, 0.001)).toBeUndefined();
  });

  it('a tiny time scale still moves forward (at least 1 ms a wait)', () => {
    const rows = retrySchedule(0.000001); // a 14 ms window
    expect(rows.at(-1)!.offsetMs).toBe(14);
    expect(rows.every((row, i) => i === 0 || row.delayMs >= 1)).toBe(true);
  });
});

describe('README', () => {
  it('prints the schedule as retrySchedule() computes it', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| (\d+) \| (\d+:\d\d:\d\d) \| (\d+) ms \|$/gm)].map((m) => [Number(m[1]), m[2], Number(m[3])]);
    const fast = retrySchedule(0.001);
    expect(rows).toEqual(retrySchedule().map((row, i) => [row.attempt, formatOffset(row.offsetMs), fast[i]!.offsetMs]));
  });
});
