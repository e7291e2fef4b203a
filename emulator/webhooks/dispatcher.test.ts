import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../core/model.ts';
import { createWebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.ts';
import { createFakeClock, flushPromises, type FakeClock } from '../../test/emulator/fake-clock.ts';
import type { Post, PostResult } from './post.ts';

const s = 1000;
const START = Date.UTC(2026, 0, 1);
const URL_ = 'http://receiver.test/hook';
const OFFSETS_S = [0, 10, 30, 70, 150, 310, 630, 1270, 2550, 4350, 6150, 7950, 9750, 11550, 13350, 14400];

interface Call {
  at: number;
  url: string;
  body: string;
  timeoutMs: number;
}

/** A fake receiver: answers from `answer(callIndexForThisEvent, body)`, instantly or when released. */
function fakePost(clock: FakeClock, answer: (nth: number, body: Record<string, unknown>) => PostResult = () => ({ status: 200 })) {
  const calls: Call[] = [];
  const perEvent = new Map<string, number>();
  const post: Post = async (url, body, timeoutMs) => {
    calls.push({ at: clock.now(), url, body, timeoutMs });
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const nth = (perEvent.get(parsed.id as string) ?? 0) + 1;
    perEvent.set(parsed.id as string, nth);
    return answer(nth, parsed);
  };
  return { post, calls };
}

function setup(answer?: Parameters<typeof fakePost>[1], extra: Partial<WebhookDispatcherOptions> = {}) {
  const clock = createFakeClock(START);
  const fake = fakePost(clock, answer);
  const changes: WebhookDelivery[] = [];
  const logs: string[] = [];
  const dispatcher = createWebhookDispatcher({
    target: () => ({ url: URL_, verifyToken: 'tok' }),
    clock,
    post: fake.post,
    onChange: (delivery) => changes.push(delivery),
    log: (line) => logs.push(line),
    ...extra,
  });
  return { clock, dispatcher, calls: fake.calls, changes, logs };
}

describe('webhook dispatcher', () => {
  it('POSTs {id, type, verifyToken, createdAt, ...fields} once and marks it delivered on 200', async () => {
    const { clock, dispatcher, calls } = setup();
    const emitted = dispatcher.emit('message', { threadId: 't1', messages: [] })!;
    await clock.advanceBy(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({
      id: emitted.id,
      type: 'message',
      verifyToken: 'tok',
      createdAt: new Date(START).toISOString(),
      threadId: 't1',
      messages: [],
    });
    expect(Object.keys(JSON.parse(calls[0]!.body)).slice(0, 4)).toEqual(['id', 'type', 'verifyToken', 'createdAt']);
    expect(emitted.id).toMatch(/^evt_\d+_[0-9a-f]{8}$/);
    expect(calls[0]!.timeoutMs).toBe(10_000);
    expect(dispatcher.records()).toMatchObject([{ id: emitted.id, state: 'delivered', attempts: [{ at: START, status: 200 }] }]);
  });

  it('fields cannot override id, type or createdAt', async () => {
    const { clock, dispatcher, calls } = setup();
    const emitted = dispatcher.emit('paused', { id: 'x', type: 'y', createdAt: 'z', threadId: 't' })!;
    await clock.advanceBy(0);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ id: emitted.id, type: 'paused', createdAt: new Date(START).toISOString() });
  });

  it('with no target nothing is recorded or sent', async () => {
    const { clock, dispatcher, calls } = setup(undefined, { target: () => undefined });
    expect(dispatcher.emit('message', {})).toBeUndefined();
    await clock.advanceBy(60 * s);
    expect(calls).toHaveLength(0);
    expect(dispatcher.records()).toEqual([]);
  });

  it('retries a receiver that fails 3 times at exactly +10 s, +30 s, +70 s, then it is delivered', async () => {
    const { clock, dispatcher, calls, changes } = setup((nth) => (nth <= 3 ? { status: 500 } : { status: 204 }));
    const emitted = dispatcher.emit('message', { threadId: 't1' })!;
    await clock.advanceBy(10 * 60 * s);
    expect(calls.map((call) => (call.at - START) / s)).toEqual([0, 10, 30, 70]);
    const [record] = dispatcher.records();
    expect(record).toMatchObject({ id: emitted.id, state: 'delivered' });
    expect(record!.attempts.map((a) => a.error ?? a.status)).toEqual(['HTTP 500', 'HTTP 500', 'HTTP 500', 204]);
    // onChange: emitted, each failure, the success.
    expect(changes.map((c) => [c.state, c.attempts.length, c.nextAttemptAt && (c.nextAttemptAt - START) / s])).toEqual([
      ['pending', 0, undefined],
      ['retrying', 1, 10],
      ['retrying', 2, 30],
      ['retrying', 3, 70],
      ['delivered', 4, undefined],
    ]);
    expect(clock.pending()).toBe(0);
  });

  it('sends the same id and the very same bytes on every attempt', async () => {
    const { clock, dispatcher, calls } = setup((nth) => (nth <= 5 ? { error: 'refused' } : { status: 200 }));
    dispatcher.emit('inbound', { threadId: 't1', text: 'héllo' });
    await clock.advanceBy(3600 * s);
    expect(calls).toHaveLength(6);
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
  });

  it('gives up at exactly 4 h after 16 attempts', async () => {
    const { clock, dispatcher, calls, logs } = setup(() => ({ status: 503 }));
    dispatcher.emit('message', {});
    let idle = false;
    void dispatcher.idle().then(() => (idle = true));
    await clock.advanceTo(START + 4 * 3600 * s - 1);
    expect(calls).toHaveLength(15);
    expect(dispatcher.records()[0]!.state).toBe('retrying');
    expect(idle).toBe(false);
    await clock.advanceTo(START + 4 * 3600 * s);
    expect(calls.map((call) => (call.at - START) / s)).toEqual(OFFSETS_S);
    expect(dispatcher.records()[0]!.state).toBe('failed');
    expect(dispatcher.records()[0]).not.toHaveProperty('nextAttemptAt');
    expect(logs.at(-1)).toMatch(/attempt 16 failed \(HTTP 503\); given up/);
    await flushPromises();
    expect(idle).toBe(true);
    await clock.advanceBy(24 * 3600 * s);
    expect(calls).toHaveLength(16);
  });

  it('time scale 0.001: the same 16 attempts at milliseconds, given up at 14.4 s', async () => {
    const { clock, dispatcher, calls } = setup(() => ({ error: 'refused' }), { timeScale: 0.001 });
    dispatcher.emit('message', {});
    await clock.advanceBy(20 * s);
    expect(calls.map((call) => call.at - START)).toEqual(OFFSETS_S);
    expect(dispatcher.records()[0]!.state).toBe('failed');
  });

  it('counts 3xx (not followed), 4xx, 1xx-less oddities and errors as failures', async () => {
    const answers: PostResult[] = [
      { status: 302 },
      { status: 304 },
      { status: 404 },
      { error: 'timeout' },
      { error: 'network: ECONNRESET' },
      { status: 299 },
    ];
    const { clock, dispatcher } = setup((nth) => answers[nth - 1]!);
    dispatcher.emit('message', {});
    await clock.advanceBy(3600 * s);
    expect(dispatcher.records()[0]!.attempts.map((a) => a.error ?? a.status)).toEqual([
      'redirect 302',
      'redirect 304',
      'HTTP 404',
      'timeout',
      'network: ECONNRESET',
      299,
    ]);
  });

  it('a slow failure pushes the next attempt back: the wait counts from the answer', async () => {
    const clock = createFakeClock(START);
    const calls: number[] = [];
    const post: Post = (_url, _body, timeoutMs) => {
      calls.push(clock.now());
      // The first attempt times out after the (unscaled) attempt timeout; the rest succeed.
      if (calls.length > 1) return Promise.resolve({ status: 200 });
      return new Promise((resolve) => clock.setTimeout(() => resolve({ error: 'timeout' }), timeoutMs));
    };
    const dispatcher = createWebhookDispatcher({ target: () => ({ url: URL_ }), clock, post, attemptTimeoutMs: 5 * s });
    dispatcher.emit('message', {});
    await clock.advanceBy(60 * s);
    expect(calls.map((at) => (at - START) / s)).toEqual([0, 15]);
    expect(dispatcher.records()[0]!.attempts[0]).toMatchObject({ error: 'timeout', durationMs: 5 * s });
    expect(JSON.parse(JSON.stringify(dispatcher.records()[0]!.body))).not.toHaveProperty('verifyToken');
  });

  it('ordering: first attempts go out in emission order, one at a time by default', async () => {
    const clock = createFakeClock(START);
    const started: string[] = [];
    const release: Array<() => void> = [];
    const post: Post = (_url, body) => {
      started.push(JSON.parse(body).type);
      return new Promise((resolve) => release.push(() => resolve({ status: 200 })));
    };
    const dispatcher = createWebhookDispatcher({ target: () => ({ url: URL_ }), clock, post });
    for (const type of ['a', 'b', 'c']) dispatcher.emit(type, {});
    await flushPromises();
    expect(started).toEqual(['a']);
    release.shift()!();
    await flushPromises();
    expect(started).toEqual(['a', 'b']);
    release.shift()!();
    await flushPromises();
    release.shift()!();
    await dispatcher.idle();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('ordering: maxInFlight lets more first attempts start at once, still in emission order', async () => {
    const clock = createFakeClock(START);
    const started: string[] = [];
    const post: Post = (_url, body) => {
      started.push(JSON.parse(body).type);
      return new Promise(() => {});
    };
    const dispatcher = createWebhookDispatcher({ target: () => ({ url: URL_ }), clock, post, maxInFlight: 3 });
    for (const type of ['a', 'b', 'c', 'd', 'e']) dispatcher.emit(type, {});
    await flushPromises();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('ordering: a failing event retries on its own and does not hold back later events', async () => {
    const { clock, dispatcher, calls } = setup((nth, body) => (body.type === 'a' && nth === 1 ? { status: 500 } : { status: 200 }));
    dispatcher.emit('a', {});
    await clock.advanceBy(1 * s);
    dispatcher.emit('b', {});
    await clock.advanceBy(60 * s);
    expect(calls.map((call) => [JSON.parse(call.body).type, (call.at - START) / s])).toEqual([
      ['a', 0],
      ['b', 1],
      ['a', 10],
    ]);
  });

  it('reset forgets everything and cancels the retry timers; late answers are ignored', async () => {
    const clock = createFakeClock(START);
    let release: (() => void) | undefined;
    let calls = 0;
    const post: Post = () => {
      calls += 1;
      if (calls === 2) return new Promise((resolve) => (release = () => resolve({ status: 200 })));
      return Promise.resolve({ status: 500 });
    };
    const changes: WebhookDelivery[] = [];
    const dispatcher = createWebhookDispatcher({ target: () => ({ url: URL_ }), clock, post, onChange: (d) => changes.push(d) });
    dispatcher.emit('a', {});
    await clock.advanceBy(0);
    expect(clock.pending()).toBe(1);
    dispatcher.emit('b', {}); // its first attempt hangs until released
    await clock.advanceBy(0);
    dispatcher.reset();
    expect(clock.pending()).toBe(0);
    expect(dispatcher.records()).toEqual([]);
    await dispatcher.idle();
    const before = changes.length;
    release!();
    await clock.advanceBy(3600 * s);
    expect(changes).toHaveLength(before);
    expect(dispatcher.records()).toEqual([]);
    expect(calls).toBe(2);
  });

  it('keeps at most maxRecords, forgetting the oldest settled first and never one still retrying', async () => {
    const { clock, dispatcher } = setup((_nth, body) => (body.type === 'bad' ? { status: 500 } : { status: 200 }), { maxRecords: 3 });
    dispatcher.emit('bad', {});
    for (const type of ['ok1', 'ok2', 'ok3', 'ok4']) dispatcher.emit(type, {});
    await clock.advanceBy(1 * s);
    expect(dispatcher.records().map((d) => [d.type, d.state])).toEqual([
      ['bad', 'retrying'],
      ['ok3', 'delivered'],
      ['ok4', 'delivered'],
    ]);
  });

  it('beyond the queue bound drops the oldest undelivered event not in flight (state dropped), said to onDrop', async () => {
    let release: (() => void) | undefined;
    const post: Post = () => new Promise((resolve) => (release ??= () => resolve({ status: 200 })));
    const dropped: string[] = [];
    const { clock, dispatcher, logs } = setup(undefined, {
      post,
      queue: { count: 3, label: 'events' },
      onDrop: (name) => dropped.push(name),
    });
    for (const type of ['a', 'b', 'c', 'd', 'e']) dispatcher.emit(type, {});
    await clock.advanceBy(0);
    // `a` is in flight and stays; `b` and `c` were the oldest waiting.
    expect(dispatcher.records().map((d) => [d.type, d.state])).toEqual([
      ['a', 'pending'],
      ['b', 'dropped'],
      ['c', 'dropped'],
      ['d', 'pending'],
      ['e', 'pending'],
    ]);
    expect(dropped).toEqual(['webhookQueue', 'webhookQueue']);
    expect(logs.some((line) => /b -> .*dropped/.test(line))).toBe(true);
    expect(dispatcher.kept().webhookQueue.count).toBe(3);
    release!();
    await clock.advanceBy(0);
    expect(dispatcher.records().find((d) => d.type === 'a')!.state).toBe('delivered');
  });

  it('a retrying event is dropped too when too many wait, and its retry timer stops', async () => {
    const { clock, dispatcher } = setup(() => ({ status: 500 }), { queue: { count: 1, label: 'events' } });
    dispatcher.emit('a', {});
    await clock.advanceBy(0);
    expect(clock.pending()).toBe(1); // a's retry
    dispatcher.emit('b', {});
    expect(dispatcher.records().map((d) => [d.type, d.state])).toEqual([
      ['a', 'dropped'],
      ['b', 'pending'],
    ]);
    await clock.advanceBy(0);
    expect(clock.pending()).toBe(1); // b's retry only
  });

  it('keeps at most the records bytes; a settled delivery keeps its body, not its JSON', async () => {
    const dropped: string[] = [];
    const { clock, dispatcher } = setup(undefined, {
      records: { count: 100, bytes: 100_000, label: 'deliveries' },
      onDrop: (name) => dropped.push(name),
    });
    for (let i = 0; i < 10; i++) {
      dispatcher.emit('message', { text: 'x'.repeat(10_000) });
      await clock.advanceBy(0);
    }
    const kept = dispatcher.kept();
    expect(kept.webhooks.bytes).toBeLessThanOrEqual(100_000);
    // 20 kB each once delivered (its body, 2 bytes a character of its JSON), 40 kB while it may be sent
    expect(kept.webhooks.count).toBe(3);
    expect(dispatcher.records().at(-1)!.state).toBe('delivered');
    expect(kept.webhookQueue).toEqual({ count: 0, bytes: 0 });
    expect(dropped).toContain('webhooks');
  });

  it('reads the target at emission: a delivery keeps its URL across retries', async () => {
    let url = 'http://one.test/';
    const { clock, dispatcher, calls } = setup((nth, body) => (body.type === 'a' && nth === 1 ? { status: 500 } : { status: 200 }), {
      target: () => ({ url }),
    });
    dispatcher.emit('a', {});
    await clock.advanceBy(0);
    url = 'http://two.test/';
    dispatcher.emit('b', {});
    await clock.advanceBy(60 * s);
    expect(calls.map((call) => [JSON.parse(call.body).type, call.url])).toEqual([
      ['a', 'http://one.test/'],
      ['b', 'http://two.test/'],
      ['a', 'http://one.test/'],
    ]);
  });

  it('a post that throws counts as a failed attempt; a listener that throws stops nothing', async () => {
    const clock = createFakeClock(START);
    let calls = 0;
    const post: Post = async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return { status: 200 };
    };
    const dispatcher = createWebhookDispatcher({
      target: () => ({ url: URL_ }),
      clock,
      post,
      onChange: () => {
        throw new Error('listener');
      },
    });
    dispatcher.emit('a', {});
    await clock.advanceBy(60 * s);
    expect(dispatcher.records()[0]!.attempts.map((a) => a.error ?? a.status)).toEqual(['network: boom', 200]);
  });

  it('refuses a time scale that is not a positive number', () => {
    expect(() => createWebhookDispatcher({ target: () => undefined, timeScale: 0 })).toThrow(/time scale/);
    expect(() => createWebhookDispatcher({ target: () => undefined, timeScale: Number.NaN })).toThrow(/time scale/);
  });

  it('after close, emit sends nothing', async () => {
    const { dispatcher, calls } = setup();
    await dispatcher.close();
    expect(dispatcher.emit('a', {})).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
