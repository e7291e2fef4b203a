// Resend (resend.ts): the same event (id and bytes) sent again now as one more attempt, in every
// state, outside the retry schedule. A fake clock and a fake receiver.
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../core/model.ts';
import { createWebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.ts';
import { createFakeClock, flushPromises, type FakeClock } from '../../test/emulator/fake-clock.ts';
import type { Post, PostResult } from './post.ts';

const s = 1000;
const START = Date.UTC(2026, 0, 1);
const HOOK = 'http://receiver.test/hook';

/** A receiver answering `answer(n)` to its n-th request (1-based), recording each at its time. */
function setup(answer: (n: number) => PostResult, extra: Partial<WebhookDispatcherOptions> = {}) {
  const clock: FakeClock = createFakeClock(START);
  const calls: Array<{ at: number; url: string; body: string }> = [];
  const post: Post = async (url, body) => {
    calls.push({ at: clock.now(), url, body });
    return answer(calls.length);
  };
  const changes: WebhookDelivery[] = [];
  const logs: string[] = [];
  const dispatcher = createWebhookDispatcher({
    target: () => ({ url: HOOK, verifyToken: 'tok' }),
    clock,
    post,
    onChange: (delivery) => changes.push(delivery),
    log: (line) => logs.push(line),
    ...extra,
  });
  return { clock, dispatcher, calls, changes, logs };
}

const summary = (delivery: WebhookDelivery) => delivery.attempts.map((a) => [(a.at - START) / s, a.error ?? a.status, a.resend ?? false]);

describe('webhook resend', () => {
  it('delivered: the same id and bytes sent now, a new attempt marked resend; the state stays delivered', async () => {
    const { clock, dispatcher, calls, changes, logs } = setup(() => ({ status: 200 }));
    const emitted = dispatcher.emit('message', { threadId: 't1', text: 'héllo' })!;
    await clock.advanceBy(60 * s);
    const result = await dispatcher.resend(emitted.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toBe(calls[0]!.body); // the very bytes, though the delivery released them when it settled
    expect(calls[1]).toMatchObject({ at: START + 60 * s, url: HOOK });
    expect(JSON.parse(calls[1]!.body).id).toBe(emitted.id);
    expect(result).toEqual({
      outcome: 'sent',
      attempt: { at: START + 60 * s, status: 200, durationMs: 0, resend: true },
      delivery: expect.objectContaining({ id: emitted.id, state: 'delivered' }),
    });
    const [record] = dispatcher.records();
    expect(summary(record!)).toEqual([
      [0, 200, false],
      [60, 200, true],
    ]);
    expect(changes.at(-1)).toEqual(record); // the console's feed gets it, as any attempt
    expect(logs.at(-1)).toMatch(/resend acknowledged \(200\); the delivery stays delivered$/);
    expect(clock.pending()).toBe(0);
  });

  it('failed (given up): sent again, its answer logged, still failed, nothing scheduled', async () => {
    let up = false;
    const { clock, dispatcher, calls } = setup(() => (up ? { status: 204 } : { status: 503 }));
    const emitted = dispatcher.emit('paused', { threadId: 't1' })!;
    await clock.advanceBy(5 * 3600 * s);
    expect(dispatcher.records()[0]!.state).toBe('failed');
    up = true;
    const result = await dispatcher.resend(emitted.id);
    expect(result).toMatchObject({ outcome: 'sent', attempt: { status: 204, resend: true }, delivery: { state: 'failed' } });
    expect(calls.at(-1)!.body).toBe(calls[0]!.body);
    expect(dispatcher.records()[0]!.attempts).toHaveLength(17);
    expect(clock.pending()).toBe(0);
  });

  it('retrying: an extra attempt now; the schedule goes on as before, whatever the resend answered', async () => {
    const { clock, dispatcher, calls, logs } = setup((n) => (n === 2 ? { status: 200 } : { status: 500 }));
    const emitted = dispatcher.emit('inbound', { threadId: 't1' })!;
    await clock.advanceBy(5 * s);
    expect(dispatcher.records()[0]).toMatchObject({ state: 'retrying', nextAttemptAt: START + 10 * s });
    // The receiver acknowledges the resend; like Stripe's, the automatic retries still come.
    expect(await dispatcher.resend(emitted.id)).toMatchObject({
      outcome: 'sent',
      attempt: { status: 200, resend: true },
      delivery: { state: 'retrying', nextAttemptAt: START + 10 * s },
    });
    await clock.advanceBy(70 * s);
    // Retries at +10 s, +30 s, +70 s: a resend is not one of the schedule's attempts.
    expect(calls.map((call) => (call.at - START) / s)).toEqual([0, 5, 10, 30, 70]);
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
    expect(summary(dispatcher.records()[0]!)).toEqual([
      [0, 'HTTP 500', false],
      [5, 200, true],
      [10, 'HTTP 500', false],
      [30, 'HTTP 500', false],
      [70, 'HTTP 500', false],
    ]);
    expect(logs.filter((line) => line.includes('attempt 4 failed'))).toHaveLength(1);
  });

  it('pending: sent now, before its first attempt, which still goes out in order', async () => {
    let release: (() => void) | undefined;
    const calls: string[] = [];
    const post: Post = (_url, body) => {
      calls.push(JSON.parse(body).type);
      if (calls.length === 1) return new Promise((resolve) => (release = () => resolve({ status: 200 })));
      return Promise.resolve({ status: 200 });
    };
    const { clock, dispatcher } = setup(() => ({ status: 200 }), { post });
    dispatcher.emit('a', {});
    const b = dispatcher.emit('b', {})!;
    await clock.advanceBy(0);
    expect(await dispatcher.resend(b.id)).toMatchObject({ outcome: 'sent', delivery: { state: 'pending' } });
    release!();
    await clock.advanceBy(0);
    expect(calls).toEqual(['a', 'b', 'b']);
    expect(dispatcher.records()[1]).toMatchObject({ state: 'delivered', attempts: [{ resend: true }, { status: 200 }] });
  });

  it('dropped (the queue bound): sent again with its bytes; still dropped, never retried', async () => {
    const { clock, dispatcher, calls } = setup(() => ({ status: 500 }), { queue: { count: 1, label: 'events' } });
    const a = dispatcher.emit('a', { n: 1 })!;
    await clock.advanceBy(0);
    dispatcher.emit('b', {});
    expect(dispatcher.records()[0]!.state).toBe('dropped');
    const result = await dispatcher.resend(a.id);
    expect(result).toMatchObject({
      outcome: 'sent',
      attempt: { status: 500, error: 'HTTP 500', resend: true },
      delivery: { state: 'dropped' },
    });
    expect(calls.filter((call) => JSON.parse(call.body).id === a.id).map((call) => call.body)).toEqual([calls[0]!.body, calls[0]!.body]);
    expect(dispatcher.records()[0]).not.toHaveProperty('nextAttemptAt');
  });

  it('an id never made, or forgotten by the bounded log, is unknown: nothing is sent', async () => {
    const { clock, dispatcher, calls } = setup(() => ({ status: 200 }), { maxRecords: 1 });
    const first = dispatcher.emit('a', {})!;
    await clock.advanceBy(0);
    dispatcher.emit('b', {});
    await clock.advanceBy(0);
    expect(dispatcher.records().map((d) => d.type)).toEqual(['b']);
    expect(await dispatcher.resend(first.id)).toEqual({ outcome: 'unknown' });
    expect(await dispatcher.resend('evt_0_00000000')).toEqual({ outcome: 'unknown' });
    expect(calls).toHaveLength(2);
  });

  it('idle() waits for a resend in flight; a reset meanwhile records nothing and says so', async () => {
    const answers: Array<(result: PostResult) => void> = [];
    const post: Post = () => new Promise((resolve) => answers.push(resolve));
    const { clock, dispatcher, changes } = setup(() => ({ status: 200 }), { post });
    const emitted = dispatcher.emit('a', {})!;
    await clock.advanceBy(0);
    answers.shift()!({ status: 200 });
    await clock.advanceBy(0);
    let idle = false;
    const resent = dispatcher.resend(emitted.id);
    void dispatcher.idle().then(() => (idle = true));
    await flushPromises();
    expect(idle).toBe(false);
    answers.shift()!({ status: 200 });
    expect(await resent).toMatchObject({ outcome: 'sent' });
    await flushPromises();
    expect(idle).toBe(true);

    const seen = changes.length;
    const again = dispatcher.resend(emitted.id);
    dispatcher.reset();
    answers.shift()!({ status: 200 });
    expect(await again).toEqual({ outcome: 'reset' });
    expect(changes).toHaveLength(seen);
    expect(dispatcher.records()).toEqual([]);
    await dispatcher.idle(); // nothing counts as in flight after a reset
  });
});
