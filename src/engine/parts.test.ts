// The engine through its own seam, createEngine, with a fake socket and the real outbox, journal,
// player and memory store: messages taken in (take-requests.ts) and frames from the service
// (frames-in.ts), as the socket carries them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakeEnvironment, fakeSocketClass, silentLogger, type FakeSocket } from '../../test/fakes.ts';
import { resolvePlatform } from '../browser/platform.ts';
import { createEngine } from './engine.ts';
import { toTraceId } from './frames-in.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import { memoryStore } from '../store/memory-store.ts';
import { MAX_ENTRIES_PER_MESSAGE } from '../protocol/limits.ts';
import type { Op } from '../conversation/replica.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

let stores = 0;
const request = (rid: string, extra: Partial<SendRequest> = {}): SendRequest => ({
  rid,
  draft: { speech: rid, originator: { role: 'external' }, metadata: { timezone: 0 } },
  text: rid,
  at: 1,
  ...extra,
});

const settle = async () => {
  for (let i = 0; i < 8; i++) await vi.advanceTimersByTimeAsync(0);
};

/** An engine on thread t1, and what it publishes, emits and logs. */
function engine() {
  const store = memoryStore(`engine-parts-${++stores}`);
  const sockets = fakeSocketClass();
  const ops: Op[] = [];
  const emit = vi.fn();
  const logger = silentLogger();
  const platform = resolvePlatform({
    fetch: fakeAddressFetch().fetch,
    WebSocket: sockets.SocketClass,
    environment: fakeEnvironment().environment,
    logger,
    random: () => 0,
  });
  const run = createEngine({
    clientId: 'c1',
    baseUrl: 'https://service.test',
    threadId: 't1',
    deliveryTimeoutMs: 20_000,
    platform,
    store,
    startEventRequest: (name) => request(name),
    publish: (op) => ops.push(op),
    emit,
  });
  /** Connects, and opens the socket the service answered with. */
  async function open(): Promise<FakeSocket> {
    run.connect();
    await settle();
    sockets.last().open();
    await settle();
    return sockets.last();
  }
  const sent = (socket: FakeSocket) =>
    socket
      .frames()
      .filter((frame) => frame.type === 'message.send')
      .map((frame) => frame.payload!);
  const received = (payload: object) => ({ type: 'message.received', payload });
  return { store, ops, emit, logger, run, open, sent, received };
}

describe('messages taken in', () => {
  it('takes requests one at a time, with increasing traceIds, each written before it is sent', async () => {
    const t = engine();
    const socket = await t.open();
    await Promise.all([t.run.submit(request('a')), t.run.submit(request('b'))]);
    const records = (await t.store.load(10))!.outbox;
    expect(records.map((record) => [record.entry.text, record.entry.traceId])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(t.sent(socket).map((payload) => [payload.speech, payload.traceId])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(t.ops.filter((op) => op.op === 'saved')).toHaveLength(2);
  });

  it('takes a request once, and keeps the traceId a former holder gave it', async () => {
    const t = engine();
    await t.run.ready;
    await t.run.submit(request('a', { traceId: 7 }));
    await t.run.submit(request('a', { traceId: 7 }));
    await t.run.submit(request('b'));
    expect((await t.store.load(10))!.outbox.map((record) => record.entry.traceId)).toEqual([7, 8]);
  });
});

describe('frames from the service', () => {
  it('confirms a message of this thread once; ignores echoes and other threads', async () => {
    const t = engine();
    const socket = await t.open();
    await t.run.submit(request('a'));
    socket.receive({ type: 'message.delivered', payload: { threadId: 'other', traceId: 1 } });
    socket.receive({ type: 'message.delivered', payload: { threadId: 't1', traceId: '1' } });
    socket.receive({ type: 'message.delivered', payload: { threadId: 't1', traceId: 1 } });
    expect(t.emit.mock.calls.filter(([type]) => type === 'delivered')).toEqual([['delivered', { traceId: 1 }]]);
  });

  it("stores received messages when they arrive and reports them; drops another thread's", async () => {
    const t = engine();
    const socket = await t.open();
    const message = { threadId: 't1', messages: [{ responses: [{ type: 'text', payload: { text: 'hello' } }] }] };
    socket.receive(t.received({ ...message, threadId: 'other' }));
    socket.receive(t.received(message));
    await settle();
    expect((await t.store.load(10))!.entries.map((entry) => entry.text)).toEqual(['hello']);
    expect(t.emit).toHaveBeenCalledWith('message', message);
    expect(t.logger.warn).toHaveBeenCalledWith(expect.stringContaining('another thread (other)'));
  });

  it('a message of 12,000 responses: the first 100 stored and shown in one change, the last counting the rest', async () => {
    const t = engine();
    const socket = await t.open();
    const responses = Array.from({ length: 12_000 }, (_, i) => ({ type: 'text', payload: { text: `r${i}` } }));
    const message = { threadId: 't1', messages: [{ responses }] };
    socket.receive(t.received(message));
    await settle();
    const stored = (await t.store.load(1_000))!.entries as ReceivedEntry[];
    expect([stored.length, stored[0]!.text, stored.at(-1)!.text, stored.at(-1)!.more]).toEqual([
      MAX_ENTRIES_PER_MESSAGE,
      'r0',
      'r99',
      11_900,
    ]);
    const puts = t.ops.filter((op) => op.op === 'put');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ entries: { length: 100 } });
    expect(t.logger.warn).toHaveBeenCalledWith(expect.stringContaining('a message of 12000 responses: the first 100 are shown'));
    expect(t.emit).toHaveBeenCalledWith('message', message);
  });

  it('an error frame fails the oldest message sent and not confirmed, with the reason', async () => {
    const t = engine();
    const socket = await t.open();
    await t.run.submit(request('a'));
    socket.receive({ type: 'error', message: 'refused: policy' });
    expect(t.ops).toContainEqual({ op: 'error', message: 'refused: policy' });
    expect(t.emit).toHaveBeenCalledWith('error', { message: 'refused: policy', source: 'service' });
    expect(t.ops.filter((op) => op.op === 'put').at(-1)).toMatchObject({ entries: [{ status: 'failed', error: 'refused: policy' }] });
  });

  it('reads traceIds as the spec writes them', () => {
    expect([toTraceId(3), toTraceId('4'), toTraceId('4a'), toTraceId(1.5), toTraceId(undefined)]).toEqual([
      3,
      4,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
