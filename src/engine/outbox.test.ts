import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../browser/clock.ts';
import { createOutbox } from './outbox.ts';
import type { OutboxRecord } from '../store/contract.ts';
import type { UserEntry } from '../conversation/transcript.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const record = (traceId: number): OutboxRecord => ({
  entry: { kind: 'user', id: `u${traceId}`, traceId, seq: traceId, text: `m${traceId}`, at: 0, status: 'pending' },
  outgoing: { threadId: 't', traceId, speech: `m${traceId}` },
});

function setup() {
  const changes: Array<[string, UserEntry['status']]> = [];
  const outbox = createOutbox({ clock: systemClock, deliveryTimeoutMs: 20_000, onChange: (e) => changes.push([e.id, e.status]) });
  const written: number[] = [];
  const send = (r: OutboxRecord) => (written.push(r.outgoing.traceId), true);
  return { outbox, changes, written, send };
}

describe('outbox', () => {
  it('sends only durable messages, oldest first, and marks them sent', () => {
    const t = setup();
    t.outbox.add(record(2), true);
    t.outbox.add(record(1), true);
    t.outbox.add(record(3), false);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 2]);
    t.outbox.markDurable(3);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 2, 3]);
    expect(t.changes).toEqual([
      ['u1', 'sent'],
      ['u2', 'sent'],
      ['u3', 'sent'],
    ]);
  });

  it('stops at the first message the socket refuses, and keeps the order', () => {
    const t = setup();
    for (const id of [1, 2, 3]) t.outbox.add(record(id), true);
    let room = 1;
    t.outbox.flush((r) => room-- > 0 && t.send(r));
    expect(t.written).toEqual([1]);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 2, 3]);
  });

  it('delivery is reported once and removes the message; a late echo changes nothing', () => {
    const t = setup();
    t.outbox.add(record(1), true);
    t.outbox.flush(t.send);
    expect(t.outbox.delivered(1)).toBe(true);
    expect(t.outbox.delivered(1)).toBe(false);
    expect(t.outbox.size).toBe(0);
    expect(t.changes.at(-1)).toEqual(['u1', 'delivered']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a lost connection sends again what it carried; a message not confirmed in time fails until retried or the next socket', () => {
    const t = setup();
    t.outbox.add(record(1), true);
    t.outbox.flush(t.send);
    t.outbox.connectionLost();
    expect(t.changes.at(-1)).toEqual(['u1', 'pending']);
    t.outbox.flush(t.send);
    vi.advanceTimersByTime(19_999);
    expect(t.changes.at(-1)).toEqual(['u1', 'sent']);
    vi.advanceTimersByTime(1);
    expect(t.changes.at(-1)).toEqual(['u1', 'failed']);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 1]);
    expect(t.outbox.retry(1)).toBeDefined();
    expect(t.outbox.retry(1)).toBeUndefined();
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(20_000);
    expect(t.changes.at(-1)).toEqual(['u1', 'failed']);
    // A new socket: the failed message goes out again on it, unasked.
    t.outbox.connectionLost();
    expect(t.changes.at(-1)).toEqual(['u1', 'pending']);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 1, 1, 1]);
  });

  it('an error frame fails the oldest message sent and not confirmed, with the reason, until the visitor acts', () => {
    const t = setup();
    t.outbox.add(record(1), true);
    t.outbox.add(record(2), true);
    t.outbox.add(record(3), true);
    t.outbox.flush(t.send);
    t.outbox.delivered(1);
    expect(t.outbox.refuse('speech too long')?.entry).toMatchObject({ traceId: 2, status: 'failed', error: 'speech too long' });
    // Not resent on the next socket, nor by its delivery timer.
    t.outbox.connectionLost();
    vi.advanceTimersByTime(60_000);
    t.outbox.flush(t.send);
    expect(t.written).toEqual([1, 2, 3, 3]);
    // A retry clears the reason and sends it; a discard takes it out for good.
    expect(t.outbox.retry(2)?.entry).toMatchObject({ status: 'pending' });
    expect(t.outbox.retry(2)?.entry.error).toBeUndefined();
    t.outbox.delivered(3);
    expect(t.outbox.refuse('nothing waits')).toBeUndefined(); // 2 is pending: the error is about something else
    t.outbox.flush(t.send);
    expect(t.outbox.refuse('still no')?.entry.traceId).toBe(2);
    expect(t.outbox.discard(2)?.entry.traceId).toBe(2);
    expect(t.outbox.has(2)).toBe(false);
  });

  it('drain hands over everything undelivered and leaves no timer', () => {
    const t = setup();
    t.outbox.add(record(2), true);
    t.outbox.add(record(1), true);
    t.outbox.flush(t.send);
    expect(t.outbox.drain().map((r) => r.outgoing.traceId)).toEqual([1, 2]);
    expect(t.outbox.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
