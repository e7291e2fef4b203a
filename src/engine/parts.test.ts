// The engine's parts on their own, with the real outbox, journal, player and memory store:
// the intake of requests and the handling of incoming frames.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { systemClock } from '../connection/clock.ts';
import { createIncoming, toTraceId } from './frames-in.ts';
import { createIntake } from './take-requests.ts';
import { createJournal } from '../store/journal.ts';
import { createOutbox } from './outbox.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import { type ThreadMeta } from '../store/contract.ts';
import { memoryStore } from '../store/memory-store.ts';
import { createPlayer } from './player.ts';
import { MAX_ENTRIES_PER_MESSAGE } from '../protocol/limits.ts';
import type { Op } from '../conversation/replica.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';
import { threadState } from './thread-state.ts';
import { createTraceFloor } from './trace-ids.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

const meta: ThreadMeta = { version: 2, threadId: 't1', startEventQueued: false, readSeq: 0 };
const request = (rid: string, extra: Partial<SendRequest> = {}): SendRequest => ({
  rid,
  draft: { speech: rid } as never,
  text: rid,
  at: 1,
  ...extra,
});

function parts() {
  const store = memoryStore();
  const state = threadState({ ...meta }, systemClock);
  const ops: Op[] = [];
  const publish = (op: Op) => ops.push(op);
  const journal = createJournal(store);
  journal.meta(state.meta);
  const outbox = createOutbox({
    clock: systemClock,
    deliveryTimeoutMs: 20_000,
    onChange: (entry) => publish({ op: 'put', entries: [entry] }),
  });
  const traceFloor = createTraceFloor(systemClock, () => 0);
  const flush = vi.fn();
  const intake = createIntake({
    state,
    store,
    traceFloor,
    journal,
    outbox,
    publish,
    onEntry: (entry) => publish({ op: 'put', entries: [entry] }),
    flush,
  });
  const player = createPlayer({ clock: systemClock, onReveal: (entries) => publish({ op: 'put', entries }) });
  const emit = vi.fn();
  const logger = silentLogger();
  const incoming = createIncoming({ state, clock: systemClock, logger, outbox, journal, player, publish, emit, idSalt: 'x' });
  return { store, state, ops, journal, outbox, intake, incoming, flush, emit, logger };
}

describe('the intake', () => {
  it('takes requests one at a time, with increasing traceIds, each written before it is sent', async () => {
    const t = parts();
    await Promise.all([t.intake.enqueue(request('a')), t.intake.enqueue(request('b'))]);
    const records = (await t.store.load(10))!.outbox;
    expect(records.map((record) => [record.entry.text, record.entry.traceId])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(t.flush).toHaveBeenCalledTimes(2);
    expect(t.ops.filter((op) => op.op === 'saved')).toHaveLength(2);
  });

  it('takes a request once, and keeps the traceId a former holder gave it', async () => {
    const t = parts();
    await t.intake.enqueue(request('a', { traceId: 7 }));
    await t.intake.enqueue(request('a', { traceId: 7 }));
    await t.intake.enqueue(request('b'));
    expect(t.outbox.has(7)).toBe(true);
    expect((await t.store.load(10))!.outbox.map((record) => record.entry.traceId)).toEqual([7, 8]);
  });
});

describe('incoming frames', () => {
  it('confirms a message of this thread once; ignores echoes and other threads', async () => {
    const t = parts();
    await t.intake.enqueue(request('a'));
    t.outbox.flush(() => true);
    t.incoming({ type: 'message.delivered', payload: { threadId: 'other', traceId: 1 } } as never);
    t.incoming({ type: 'message.delivered', payload: { threadId: 't1', traceId: '1' } } as never);
    t.incoming({ type: 'message.delivered', payload: { threadId: 't1', traceId: 1 } } as never);
    expect(t.emit.mock.calls).toEqual([['delivered', { traceId: 1 }]]);
  });

  it("stores received messages when they arrive and reports them; drops another thread's", async () => {
    const t = parts();
    const message = { threadId: 't1', messages: [{ responses: [{ type: 'text', payload: { text: 'hello' } }] }] };
    t.incoming({ type: 'message.received', payload: { ...message, threadId: 'other' } } as never);
    t.incoming({ type: 'message.received', payload: message } as never);
    await t.journal.flushed();
    expect((await t.store.load(10))!.entries.map((entry) => entry.text)).toEqual(['hello']);
    expect(t.emit).toHaveBeenCalledWith('message', message);
    expect(t.logger.warn).toHaveBeenCalledWith(expect.stringContaining('another thread (other)'));
    expect(t.state.activated).toBe(true);
  });

  it('a message of 12,000 responses: the first 100 stored and shown in one change, the last counting the rest', async () => {
    const t = parts();
    const responses = Array.from({ length: 12_000 }, (_, i) => ({ type: 'text', payload: { text: `r${i}` } }));
    const message = { threadId: 't1', messages: [{ responses }] };
    t.incoming({ type: 'message.received', payload: message } as never);
    await t.journal.flushed();
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
    const t = parts();
    await t.intake.enqueue(request('a'));
    t.outbox.flush(() => true);
    t.incoming({ type: 'error', message: 'refused: policy' } as never);
    expect(t.state.serviceError).toBe('refused: policy');
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
