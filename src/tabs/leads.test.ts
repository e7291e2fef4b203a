// What a tab knows of the leads.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../browser/clock.ts';
import { BEAT_MS, SILENCE_MS, trackLeads } from './leads.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('the leads a tab knows of', () => {
  it('leads above every epoch heard of, even when the clock went back', () => {
    const leads = trackLeads(systemClock, () => {});
    expect(leads.lead('me')).toBe(1_000_000);
    leads.supersededBy(5_000_000);
    expect(leads.lead('me')).toBe(5_000_001);
    expect(leads.holder).toEqual({ from: 'me', epoch: 5_000_001 });
  });

  it('hears the lead it follows and newer ones, not former ones', () => {
    const leads = trackLeads(systemClock, () => {});
    expect(leads.hear(10)).toBe('current'); // following nobody yet
    leads.follow({ from: 'a', epoch: 10 });
    expect([leads.hear(9), leads.hear(10), leads.hear(11)]).toEqual(['former', 'current', 'newer']);
    expect(leads.lead('me')).toBe(1_000_000); // 11 was heard of, the clock is above it
  });

  it('is silent after SILENCE_MS without hearing the holder, once per silence', () => {
    const leads = trackLeads(systemClock, () => {});
    vi.advanceTimersByTime(SILENCE_MS);
    expect(leads.silent()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(leads.silent()).toBe(true);
    expect(leads.silent()).toBe(false);
    vi.advanceTimersByTime(SILENCE_MS - 1);
    leads.hear(1);
    vi.advanceTimersByTime(SILENCE_MS);
    expect(leads.silent()).toBe(false);
  });

  it('asks for the whole state at most once a beat', () => {
    const ask = vi.fn();
    const leads = trackLeads(systemClock, ask);
    leads.resync();
    leads.resync();
    vi.advanceTimersByTime(BEAT_MS);
    leads.resync();
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
