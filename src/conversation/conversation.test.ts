import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { systemClock } from '../connection/clock.ts';
import type { ReceivedPayload } from '../protocol/frames.ts';
import { createConversationModel, STORED_ENTRIES } from './model.ts';
import { quickReplyAction, toParams } from './outgoing.ts';
import { authorOf, expandReceived } from './received.ts';
import { activeQuickReplies, outbox, updateSendState, type TranscriptEntry, type UserEntry } from './transcript.ts';

function text(value: string, delay?: number, quickReplies?: Array<{ label: string; value?: string; type?: string }>) {
  return { type: 'text', payload: { text: value, ...(quickReplies ? { quickReplies } : {}) }, ...(delay !== undefined ? { delay } : {}) };
}

function payload(messages: ReceivedPayload['messages'], role = 'bot'): ReceivedPayload {
  return { threadId: 't1', originator: { name: 'Parley Bot', role }, messages };
}

const context = () => {
  let n = 0;
  return { now: 1_000, nextId: () => `r${n++}`, logger: silentLogger() };
};

describe('expandReceived', () => {
  it('turns each text response into an entry with its delay, in order', () => {
    const result = expandReceived(payload([{ responses: [text('One', 800), text('Two', 1_200), text('Three')] }]), context());
    expect(result.entries.map((e) => [e.entry.text, e.delay])).toEqual([
      ['One', 800],
      ['Two', 1_200],
      ['Three', 0],
    ]);
    expect(result.entries[0]!.entry).toMatchObject({ kind: 'received', from: 'bot', name: 'Parley Bot', at: 1_000 });
  });

  it('shows nothing for silent messages', () => {
    const result = expandReceived(payload([{ silent: true, fallback: 'x', responses: [text('hidden')] }]), context());
    expect(result.entries).toEqual([]);
  });

  it('shows the fallback, once, for responses it cannot render', () => {
    const ctx = context();
    const result = expandReceived(
      payload([{ fallback: 'A card about pricing', responses: [{ type: 'card', payload: {} }, { type: 'image', delay: 5 }, text('After')] }]),
      ctx,
    );
    expect(result.entries.map((e) => [e.entry.text, e.entry.isFallback ?? false])).toEqual([
      ['A card about pricing', true],
      ['After', false],
    ]);
    const noFallback = expandReceived(payload([{ responses: [{ type: 'card' }] }]), ctx);
    expect(noFallback.entries).toEqual([]);
    expect(ctx.logger.warn).toHaveBeenCalledOnce();
  });

  it('shows the fallback of a message with no responses', () => {
    expect(expandReceived(payload([{ fallback: 'Plain' }]), context()).entries.map((e) => e.entry.text)).toEqual(['Plain']);
  });

  it('keeps quick replies with their response, dropping unlabelled ones', () => {
    const replies = [{ label: 'Yes', value: 'yes', type: 'text' }, { label: ' ', value: 'x' }];
    const [entry] = expandReceived(payload([{ responses: [text('Sure?', 0, replies)] }]), context()).entries;
    expect(entry!.entry.quickReplies).toEqual([{ label: 'Yes', value: 'yes', type: 'text' }]);
  });

  it('drops a broken quick-reply list or item and still shows the text', () => {
    const broken = { type: 'text', payload: { text: 'Still here', quickReplies: 'none' } };
    const mixed = { type: 'text', payload: { text: 'Pick', quickReplies: [7, { label: 3 }, { label: 'Ok', value: 1, type: 'text' }] } };
    const [first, second] = expandReceived(payload([{ responses: [broken, mixed] }]), context()).entries;
    expect(first!.entry).toMatchObject({ text: 'Still here' });
    expect(first!.entry.quickReplies).toBeUndefined();
    expect(second!.entry.quickReplies).toEqual([{ label: 'Ok', type: 'text' }]);
  });

  it('maps roles: bot, external is the user, anything else an agent with name and picture', () => {
    expect(['bot', 'external', 'moderator', 'user', 'supervisor', undefined].map(authorOf)).toEqual([
      'bot',
      'user',
      'agent',
      'agent',
      'agent',
      'bot',
    ]);
    const [agent] = expandReceived(
      payload([{ originator: { name: 'Sam', role: 'moderator', profile: { picture: 'https://x.test/sam.png' } }, responses: [text('Hi, Sam here')] }]),
      context(),
    ).entries;
    expect(agent!.entry).toMatchObject({ from: 'agent', name: 'Sam', picture: 'https://x.test/sam.png' });
  });

  it('reports keepTyping from the last message', () => {
    expect(expandReceived(payload([{ meta: { keepTyping: true }, responses: [text('Looking…')] }]), context()).keepTyping).toBe(true);
    expect(expandReceived(payload([{ responses: [text('Done')] }]), context()).keepTyping).toBe(false);
  });

  it('ignores delays that are not usable numbers of milliseconds', () => {
    const entries = expandReceived(payload([{ responses: [text('a', -5), text('b', Number.NaN), text('c', 10 ** 9)] }]), context()).entries;
    expect(entries.map((e) => e.delay)).toEqual([0, 0, 60_000]);
  });
});

describe('transcript functions', () => {
  const user = (traceId: number, status: UserEntry['status']): UserEntry => ({
    kind: 'user',
    id: `u${traceId}`,
    traceId,
    text: `m${traceId}`,
    at: 0,
    status,
    outgoing: { threadId: 't', traceId, speech: `m${traceId}` },
  });

  it('outbox holds pending and sent messages, oldest first, not delivered or failed ones', () => {
    const entries: TranscriptEntry[] = [user(3, 'pending'), user(1, 'sent'), user(2, 'delivered'), user(4, 'failed')];
    expect(outbox(entries).map((e) => e.traceId)).toEqual([1, 3]);
  });

  it('delivery is final; unknown traceIds change nothing', () => {
    const entries: TranscriptEntry[] = [user(1, 'sent')];
    const delivered = updateSendState(entries, 1, 'delivered');
    expect(delivered[0]).toMatchObject({ status: 'delivered' });
    expect(updateSendState(delivered, 1, 'failed')).toBe(delivered);
    expect(updateSendState(delivered, 1, 'sent')).toBe(delivered);
    expect(updateSendState(entries, 99, 'delivered')).toBe(entries);
  });

  it('offers the quick replies of the latest message only until the user answers', () => {
    const bot: TranscriptEntry = { kind: 'received', id: 'r', from: 'bot', at: 0, text: 'Pick', quickReplies: [{ label: 'A' }] };
    expect(activeQuickReplies([bot])).toEqual([{ label: 'A' }]);
    expect(activeQuickReplies([bot, { ...user(1, 'pending'), hidden: true }])).toEqual([{ label: 'A' }]);
    expect(activeQuickReplies([bot, user(1, 'pending')])).toEqual([]);
  });
});

describe('outgoing helpers', () => {
  it('quick replies: event types trigger the named event, others send their value or label', () => {
    expect(quickReplyAction({ label: 'Talk to us', value: 'handover', type: 'event' })).toEqual({ speech: 'Talk to us', eventName: 'handover' });
    expect(quickReplyAction({ label: 'Pricing', value: 'pricing please', type: 'text' })).toEqual({ speech: 'pricing please' });
    expect(quickReplyAction({ label: 'Pricing' })).toEqual({ speech: 'Pricing' });
  });

  it('params: wraps plain values, keeps the spec shape', () => {
    expect(toParams({ plan: 'pro', seats: [{ value: 3, match: 'three' }] })).toEqual({
      plan: [{ value: 'pro' }],
      seats: [{ value: 3, match: 'three' }],
    });
  });
});

describe('conversation model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  const model = () => createConversationModel({ clock: systemClock, logger: silentLogger(), newThreadId: () => 'thread-1' });

  it('reveals responses one after another, each after its delay, with typing shown meanwhile', () => {
    const m = model();
    m.receive(payload([{ responses: [text('One', 800), text('Two', 1_200, [{ label: 'OK' }])] }]));
    expect(m.entries.value).toEqual([]);
    expect(m.typing.value).toBe(true);
    expect(m.quickReplies.value).toEqual([]);
    vi.advanceTimersByTime(799);
    expect(m.entries.value).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(m.entries.value.map((e) => e.text)).toEqual(['One']);
    expect(m.typing.value).toBe(true);
    vi.advanceTimersByTime(1_200);
    expect(m.entries.value.map((e) => e.text)).toEqual(['One', 'Two']);
    expect(m.typing.value).toBe(false);
    expect(m.quickReplies.value).toEqual([{ label: 'OK' }]);
  });

  it('keeps the order of a second message that arrives while the first is still playing', () => {
    const m = model();
    m.receive(payload([{ responses: [text('First', 1_000)] }]));
    m.receive(payload([{ responses: [text('Second')] }]));
    expect(m.entries.value).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(m.entries.value.map((e) => e.text)).toEqual(['First', 'Second']);
  });

  it('keeps typing while the service says keepTyping, and not for ever', () => {
    const m = model();
    m.receive(payload([{ meta: { keepTyping: true }, responses: [text('Let me check')] }]));
    expect(m.typing.value).toBe(true);
    m.receive(payload([{ responses: [text('Found it')] }]));
    expect(m.typing.value).toBe(false);
    m.receive(payload([{ meta: { keepTyping: true }, responses: [text('Checking again')] }]));
    vi.advanceTimersByTime(60_000);
    expect(m.typing.value).toBe(false);
  });

  it('numbers outgoing messages with increasing traceIds and keeps them through a snapshot', () => {
    const m = model();
    const a = m.addOutgoing({ speech: 'a' }, { text: 'a' });
    const b = m.addOutgoing({ speech: 'b' }, { text: 'b' });
    expect([a.traceId, b.traceId]).toEqual([1, 2]);
    expect(b.outgoing).toEqual({ speech: 'b', threadId: 'thread-1', traceId: 2 });
    m.setStatus(1, 'sent');
    const restored = model();
    restored.restore(m.snapshot());
    // What was on the socket when the page went away is sent again.
    expect(restored.outbox.value.map((e) => [e.traceId, e.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
    expect(restored.addOutgoing({ speech: 'c' }, { text: 'c' }).traceId).toBe(3);
  });

  it('stores the latest 500 entries, and every undelivered message however old', () => {
    const m = model();
    const first = m.addOutgoing({ speech: 'never confirmed' }, { text: 'never confirmed' });
    for (let i = 0; i < 600; i++) m.receive(payload([{ responses: [text(`reply ${i}`)] }]));
    const stored = m.snapshot().entries;
    expect(stored).toHaveLength(STORED_ENTRIES + 1);
    expect(stored[0]).toMatchObject({ traceId: first.traceId, status: 'pending' });
    expect(stored.at(-1)!.text).toBe('reply 599');
  });

  it('saves responses still waiting for their delay as shown', () => {
    const m = model();
    m.receive(payload([{ responses: [text('Later', 5_000)] }]));
    expect(m.snapshot().entries.map((e) => e.text)).toEqual(['Later']);
  });

  it('reset starts an empty thread and cancels pending reveals', () => {
    const m = model();
    m.addOutgoing({ speech: 'a' }, { text: 'a' });
    m.receive(payload([{ responses: [text('Later', 5_000)] }]));
    m.reset('thread-2');
    vi.advanceTimersByTime(5_000);
    expect(m.entries.value).toEqual([]);
    expect(m.thread.value).toEqual({ threadId: 'thread-2', nextTraceId: 1, startEventQueued: false });
    expect(vi.getTimerCount()).toBe(0);
  });
});
