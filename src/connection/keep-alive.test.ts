import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../browser/clock.ts';
import { startKeepAlive } from './keep-alive.ts';

function setup(pingGoesOut = true) {
  const ping = vi.fn(() => pingGoesOut);
  const dead = vi.fn();
  const keepAlive = startKeepAlive(systemClock, 25_000, 10_000, ping, dead);
  return { keepAlive, ping, dead };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startKeepAlive', () => {
  it('pings at exactly the interval, and every interval after', () => {
    const t = setup();
    vi.advanceTimersByTime(24_999);
    expect(t.ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.ping).toHaveBeenCalledOnce();
    t.keepAlive.received();
    vi.advanceTimersByTime(25_000);
    expect(t.ping).toHaveBeenCalledTimes(2);
  });

  it('calls a socket dead when nothing arrives within the deadline after a ping', () => {
    const t = setup();
    vi.advanceTimersByTime(25_000 + 9_999);
    expect(t.dead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.dead).toHaveBeenCalledWith({ kind: 'dead', message: 'nothing received within 10000 ms of a ping', final: false });
  });

  it('keeps the first deadline when a second ping goes out before anything arrives', () => {
    const t = setup();
    vi.advanceTimersByTime(25_000);
    t.keepAlive.wake(); // a probe 0 ms later must not push the deadline back
    vi.advanceTimersByTime(10_000);
    expect(t.dead).toHaveBeenCalledOnce();
  });

  it('counts anything received as a sign of life', () => {
    const t = setup();
    vi.advanceTimersByTime(25_000 + 9_000);
    t.keepAlive.received();
    vi.advanceTimersByTime(15_999);
    expect(t.dead).not.toHaveBeenCalled();
  });

  it('arms no deadline for a ping that could not be sent', () => {
    const t = setup(false);
    vi.advanceTimersByTime(60_000);
    expect(t.ping).toHaveBeenCalledTimes(2);
    expect(t.dead).not.toHaveBeenCalled();
  });

  it('on waking, calls a socket silent for longer than interval plus deadline dead, and probes a recent one', () => {
    const t = setup();
    vi.setSystemTime(35_000); // the clock moved, the timers slept
    expect(t.keepAlive.wake()).toBeUndefined();
    expect(t.ping).toHaveBeenCalledOnce();
    vi.setSystemTime(35_001);
    expect(t.keepAlive.wake()).toEqual({ kind: 'dead', message: 'silent for 35001 ms', final: false });
    expect(t.ping).toHaveBeenCalledOnce();
  });

  it('leaves no timer after stop', () => {
    const t = setup();
    vi.advanceTimersByTime(25_000); // a ping timer and a deadline are pending
    expect(vi.getTimerCount()).toBe(2);
    t.keepAlive.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
