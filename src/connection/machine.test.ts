import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from './backoff.ts';
import { transition, type ConnectionError, type ConnectionState, type TransitionContext } from './machine.ts';

const ctx: TransitionContext = { now: 1_000, delay: (failures) => 100 * (failures + 1), stableAfterMs: 10_000 };
const retryable: ConnectionError = { kind: 'network', message: 'down', final: false };
const final: ConnectionError = { kind: 'http', message: 'unknown client', status: 401, final: true };

describe('transition', () => {
  it('starts connecting when online and waits when offline', () => {
    expect(transition({ kind: 'idle' }, { type: 'start', online: true }, ctx)).toEqual({ kind: 'connecting', attempt: 0 });
    expect(transition({ kind: 'idle' }, { type: 'start', online: false }, ctx)).toEqual({ kind: 'offline', attempt: 0 });
  });

  it('opens, and remembers when', () => {
    expect(transition({ kind: 'connecting', attempt: 2 }, { type: 'opened' }, ctx)).toEqual({
      kind: 'open',
      attempt: 2,
      since: 1_000,
    });
  });

  it('backs off after a retryable failure, growing with each attempt', () => {
    const first = transition({ kind: 'connecting', attempt: 0 }, { type: 'failed', error: retryable }, ctx);
    expect(first).toEqual({ kind: 'waiting', attempt: 1, until: 1_100, error: retryable });
    const third = transition({ kind: 'connecting', attempt: 2 }, { type: 'failed', error: retryable }, ctx);
    expect(third).toMatchObject({ kind: 'waiting', attempt: 3, until: 1_300 });
  });

  it('closes for good on a final failure', () => {
    expect(transition({ kind: 'connecting', attempt: 0 }, { type: 'failed', error: final }, ctx)).toEqual({
      kind: 'closed',
      reason: 'fatal',
      error: final,
    });
  });

  it('resets the backoff after a connection that stayed up, not after a flapping one', () => {
    const stable: ConnectionState = { kind: 'open', attempt: 4, since: 1_000 - 10_000 };
    const flapping: ConnectionState = { kind: 'open', attempt: 4, since: 1_000 - 9_999 };
    expect(transition(stable, { type: 'lost', error: retryable }, ctx)).toMatchObject({ attempt: 1, until: 1_100 });
    expect(transition(flapping, { type: 'lost', error: retryable }, ctx)).toMatchObject({ attempt: 5, until: 1_500 });
  });

  it('retries when the wait ends or the browser comes online', () => {
    const waiting: ConnectionState = { kind: 'waiting', attempt: 3, until: 5_000, error: retryable };
    expect(transition(waiting, { type: 'retry' }, ctx)).toEqual({ kind: 'connecting', attempt: 3 });
    expect(transition(waiting, { type: 'online' }, ctx)).toEqual({ kind: 'connecting', attempt: 3 });
  });

  it('goes offline from any active state and back with a fresh backoff', () => {
    for (const state of [
      { kind: 'connecting', attempt: 3 },
      { kind: 'open', attempt: 3, since: 0 },
      { kind: 'waiting', attempt: 3, until: 9, error: retryable },
    ] as ConnectionState[]) {
      expect(transition(state, { type: 'offline' }, ctx).kind).toBe('offline');
    }
    expect(transition({ kind: 'offline', attempt: 3 }, { type: 'online' }, ctx)).toEqual({ kind: 'connecting', attempt: 0 });
  });

  it('stops from every state', () => {
    for (const state of [
      { kind: 'idle' },
      { kind: 'connecting', attempt: 0 },
      { kind: 'open', attempt: 0, since: 0 },
      { kind: 'waiting', attempt: 1, until: 9, error: retryable },
      { kind: 'offline', attempt: 0 },
      { kind: 'closed', reason: 'fatal', error: final },
    ] as ConnectionState[]) {
      expect(transition(state, { type: 'stop' }, ctx)).toEqual({ kind: 'closed', reason: 'stopped' });
    }
  });

  it('returns the same state for events that mean nothing there', () => {
    const open: ConnectionState = { kind: 'open', attempt: 0, since: 0 };
    expect(transition(open, { type: 'opened' }, ctx)).toBe(open);
    expect(transition(open, { type: 'retry' }, ctx)).toBe(open);
    expect(transition(open, { type: 'failed', error: retryable }, ctx)).toBe(open);
    const idle: ConnectionState = { kind: 'idle' };
    expect(transition(idle, { type: 'lost', error: retryable }, ctx)).toBe(idle);
    const connecting: ConnectionState = { kind: 'connecting', attempt: 0 };
    expect(transition(connecting, { type: 'start', online: true }, ctx)).toBe(connecting);
  });
});

describe('backoff', () => {
  it('doubles from 0.5 s up to the 30 s cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffCeiling(n))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('picks uniformly within [0, ceiling] (full jitter)', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(2_000);
    expect(backoffDelay(3, () => 0.999_999)).toBe(3_999);
    expect(backoffDelay(30, () => 1)).toBe(30_000);
    // A random source out of range cannot push the delay past its bounds.
    expect(backoffDelay(2, () => 7)).toBe(2_000);
    expect(backoffDelay(2, () => -1)).toBe(0);
  });
});
