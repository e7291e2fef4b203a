import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { systemClock } from '../browser/clock.ts';
import type { ReceivedPayload } from '../protocol/frames.ts';
import { MAX_ENTRIES_PER_MESSAGE, MAX_TYPING_DELAY_MS } from '../protocol/limits.ts';
import { createPlayer } from './player.ts';
import { restoreConversation } from './restore.ts';
import { quickReplyAction, toParams } from '../conversation/send-payloads.ts';
import { authorOf, expandReceived } from '../conversation/received-entries.ts';
import { activeQuickReplies, type ReceivedEntry, type TranscriptEntry, type UserEntry } from '../conversation/transcript.ts';

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
      payload([
        { fallback: 'A card about pricing', responses: [{ type: 'card', payload: {} }, { type: 'image', delay: 5 }, text('After')] },
      ]),
      ctx,
    );
    expect(result.entries.map((e) => [e.entry.text, e.entry.isFallback ?? false])).toEqual([
      ['A card about pricing', true],
      ['After', false],
    ]);
    // Each response that cannot be drawn is named in a warning.
    expect(ctx.logger.warn.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('a "card" payload is not valid (title:'),
      expect.stringContaining('a "image" payload is not valid'),
    ]);
    ctx.logger.warn.mockClear();
    const noFallback = expandReceived(payload([{ responses: [{ type: 'sticker' }] }]), ctx);
    expect(noFallback.entries).toEqual([]);
    expect(ctx.logger.warn.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('no template "sticker" for the web'),
      expect.stringContaining('has no fallback'),
    ]);
  });

  it("a template becomes a rich entry carrying the fallback; custom a hidden entry for the site's renderers; a bad one falls back and the rest shows", () => {
    const ctx = context();
    const image = { type: 'image', payload: { title: 'Our office', url: 'https://cdn.test/office.jpg' }, delay: 300 };
    const result = expandReceived(
      payload([
        {
          fallback: 'Our office: https://cdn.test/office.jpg',
          responses: [
            text('Here it is'),
            image,
            { type: 'custom', payload: { widget: 'calendar' } },
            { type: 'image', payload: { url: 'javascript:x' } },
            text('Anything else?'),
          ],
        },
      ]),
      ctx,
    );
    expect(result.entries.map((e) => [e.entry.text, e.entry.rich?.type, e.entry.isFallback ?? false, e.delay])).toEqual([
      ['Here it is', undefined, false, 0],
      ['Our office: https://cdn.test/office.jpg', 'image', false, 300],
      ['Our office: https://cdn.test/office.jpg', undefined, false, 0],
      ['Our office: https://cdn.test/office.jpg', undefined, true, 0],
      ['Anything else?', undefined, false, 0],
    ]);
    // Every response but text keeps its raw form and its message's fields, for the site's renderers.
    const [said, drawn, custom, broken] = result.entries.map((e) => e.entry);
    expect([said!.response, said!.hidden]).toEqual([undefined, undefined]);
    expect(drawn!.response).toBe(image);
    expect(custom).toMatchObject({ hidden: true, response: { type: 'custom', payload: { widget: 'calendar' } } });
    expect(broken!.response).toEqual({ type: 'image', payload: { url: 'javascript:x' } });
    expect(custom!.message).toEqual({
      fallback: 'Our office: https://cdn.test/office.jpg',
      originator: { name: 'Parley Bot', role: 'bot' },
    });
    expect(ctx.logger.warn).toHaveBeenCalledWith(expect.stringContaining('the url of a "image" must be an http(s) address'));
  });

  it('shows the fallback of a message with no responses', () => {
    expect(expandReceived(payload([{ fallback: 'Plain' }]), context()).entries.map((e) => e.entry.text)).toEqual(['Plain']);
  });

  it('keeps quick replies with their response, dropping unlabelled ones', () => {
    const replies = [
      { label: 'Yes', value: 'yes', type: 'text' },
      { label: ' ', value: 'x' },
    ];
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

  it('maps roles: bot, external and user are the visitor, anything else an agent with name and picture', () => {
    expect(['bot', 'external', 'moderator', 'user', 'supervisor', undefined].map(authorOf)).toEqual([
      'bot',
      'user',
      'agent',
      'user',
      'agent',
      'bot',
    ]);
    const [agent] = expandReceived(
      payload([
        {
          originator: { name: 'Sam', role: 'moderator', profile: { picture: 'https://x.test/sam.png' } },
          responses: [text('Hi, Sam here')],
        },
      ]),
      context(),
    ).entries;
    expect(agent!.entry).toMatchObject({ from: 'agent', name: 'Sam', picture: 'https://x.test/sam.png' });
  });

  it('reports keepTyping from the last message', () => {
    expect(expandReceived(payload([{ meta: { keepTyping: true }, responses: [text('Looking…')] }]), context()).keepTyping).toBe(true);
    expect(expandReceived(payload([{ responses: [text('Done')] }]), context()).keepTyping).toBe(false);
  });

  it('makes 100 entries of a message at most; the last counts the responses left out', () => {
    expect(MAX_ENTRIES_PER_MESSAGE).toBe(100);
    const logger = silentLogger();
    const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => text(`r${from + i}`));
    const result = expandReceived(
      payload([{ responses: many(60) }, { responses: [...many(60, 60), { type: 'custom', payload: {} }] }, { fallback: 'No responses' }]),
      { ...context(), logger },
    );
    expect(result.entries).toHaveLength(100);
    expect(result.entries.map((e) => e.entry.more)).toEqual([...Array(99).fill(undefined), 21]);
    expect(result.entries.at(-1)!.entry.text).toBe('r99');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('a message of 121 responses: the first 100 are shown'));
    expect(expandReceived(payload([{ responses: many(100) }]), context()).entries.at(-1)!.entry.more).toBeUndefined();
  });

  it('ignores delays that are not usable numbers of milliseconds', () => {
    const entries = expandReceived(payload([{ responses: [text('a', -5), text('b', Number.NaN), text('c', 10 ** 9)] }]), context()).entries;
    expect(entries.map((e) => e.delay)).toEqual([0, 0, MAX_TYPING_DELAY_MS]);
  });

  it('caps the total typing delay of one message.received at 30 s: later delays are shortened', () => {
    expect(MAX_TYPING_DELAY_MS).toBe(30_000);
    const responses = Array.from({ length: 10_000 }, (_, i) => text(`r${i}`, 60_000));
    const entries = expandReceived(payload([{ responses: responses.slice(0, 50) }, { responses: responses.slice(50) }]), context()).entries;
    expect(entries.reduce((sum, e) => sum + e.delay, 0)).toBe(30_000);
    const few = expandReceived(payload([{ responses: [text('a', 20_000), text('b', 20_000), text('c', 5)] }]), context()).entries;
    expect(few.map((e) => e.delay)).toEqual([20_000, 10_000, 0]);
  });
});

describe('transcript functions', () => {
  const user = (traceId: number, status: UserEntry['status']): UserEntry => ({
    kind: 'user',
    id: `u${traceId}`,
    traceId,
    text: `m${traceId}`,
    at: 0,
    seq: traceId,
    status,
  });

  it('offers the quick replies of the latest message only until the user answers', () => {
    const bot: TranscriptEntry = { kind: 'received', id: 'r', seq: 0, from: 'bot', at: 0, text: 'Pick', quickReplies: [{ label: 'A' }] };
    expect(activeQuickReplies([bot])).toEqual([{ label: 'A' }]);
    expect(activeQuickReplies([bot, { ...user(1, 'pending'), hidden: true }])).toEqual([{ label: 'A' }]);
    expect(activeQuickReplies([bot, user(1, 'pending')])).toEqual([]);
  });
});

describe('outgoing helpers', () => {
  it('quick replies: event types trigger the named event, others send their value or label', () => {
    expect(quickReplyAction({ label: 'Talk to us', value: 'handover', type: 'event' })).toEqual({
      speech: 'Talk to us',
      eventName: 'handover',
    });
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

describe('player', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
  });
  afterEach(() => vi.useRealTimers());

  function player() {
    const shown: ReceivedEntry[] = [];
    const p = createPlayer({ clock: systemClock, onReveal: (entries) => shown.push(...entries) });
    const receive = (message: ReceivedPayload) => {
      const expanded = expandReceived(message, context());
      p.enqueue(expanded.entries, expanded.keepTyping);
    };
    return { p, shown, receive, texts: () => shown.map((e) => e.text) };
  }

  it('reveals responses one after another, each after its delay, with typing shown meanwhile', () => {
    const { p, receive, texts } = player();
    receive(payload([{ responses: [text('One', 800), text('Two', 1_200, [{ label: 'OK' }])] }]));
    expect(texts()).toEqual([]);
    expect(p.typing.value).toBe(true);
    vi.advanceTimersByTime(799);
    expect(texts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['One']);
    expect(p.typing.value).toBe(true);
    vi.advanceTimersByTime(1_200);
    expect(texts()).toEqual(['One', 'Two']);
    expect(p.typing.value).toBe(false);
  });

  it('a second message never waits behind the first: what waits shows at once, in order', () => {
    const { p, receive, texts } = player();
    receive(payload([{ responses: [text('First', 1_000), text('Then', 1_000)] }]));
    vi.advanceTimersByTime(500);
    receive(payload([{ responses: [text('Second'), text('Last', 2_000)] }]));
    expect(texts()).toEqual(['First', 'Then', 'Second']);
    expect(p.typing.value).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(texts()).toEqual(['First', 'Then', 'Second', 'Last']);
    expect(p.typing.value).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a flood of messages with long delays shows typing for one capped message at most', () => {
    const { p, receive, shown } = player();
    for (let i = 0; i < 1_000; i++) receive(payload([{ responses: [text(`m${i}`, 60_000), text(`n${i}`, 60_000)] }]));
    // Everything but the last message is shown; its delays add up to 30 s.
    expect(shown).toHaveLength(1_998);
    expect(shown.map((e) => e.text).slice(-2)).toEqual(['m998', 'n998']);
    vi.advanceTimersByTime(29_999);
    expect(shown).toHaveLength(1_998);
    expect(p.typing.value).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown).toHaveLength(2_000);
    expect(shown.map((e) => e.text).slice(-2)).toEqual(['m999', 'n999']);
    expect(p.typing.value).toBe(false);
  });

  it('keeps typing while the service says keepTyping, and not for ever', () => {
    const { p, receive } = player();
    receive(payload([{ meta: { keepTyping: true }, responses: [text('Let me check')] }]));
    expect(p.typing.value).toBe(true);
    receive(payload([{ responses: [text('Found it')] }]));
    expect(p.typing.value).toBe(false);
    receive(payload([{ meta: { keepTyping: true }, responses: [text('Checking again')] }]));
    vi.advanceTimersByTime(60_000);
    expect(p.typing.value).toBe(false);
  });

  it('shows thousands of entries without a delay in one go, with no call stack as deep as they are many', () => {
    const { p, shown } = player();
    const entry = (text: string, delay = 0) => ({
      entry: { kind: 'received', id: text, seq: 0, at: 0, from: 'bot', text } as ReceivedEntry,
      delay,
    });
    p.enqueue([entry('first', 1_000), ...Array.from({ length: 50_000 }, (_, i) => entry(`r${i}`))], false);
    expect(shown).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(shown).toHaveLength(50_001);
    expect(shown.at(-1)!.text).toBe('r49999');
    expect(p.typing.value).toBe(false);
  });

  it('cancel drops what waits and leaves no timer', () => {
    const { p, receive, texts } = player();
    receive(payload([{ meta: { keepTyping: true }, responses: [text('Later', 5_000)] }]));
    p.cancel();
    vi.advanceTimersByTime(5_000);
    expect(texts()).toEqual([]);
    expect(p.typing.value).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('restoreConversation', () => {
  it('sends every undelivered message again, failed ones too, and remembers what was taken in', () => {
    const sent: UserEntry = { kind: 'user', id: 'utab.1', traceId: 2, seq: 20, text: 'b', at: 0, status: 'sent' };
    const failed: UserEntry = { kind: 'user', id: 'utab.0', traceId: 1, seq: 10, text: 'a', at: 0, status: 'failed' };
    const restored = restoreConversation({
      meta: { version: 2, threadId: 't', startEventQueued: true, readSeq: 0 },
      entries: [failed, { kind: 'received', id: 'r1', seq: 15, from: 'bot', at: 0, text: 'hi' }, sent],
      outbox: [
        { entry: failed, outgoing: { threadId: 't', traceId: 1, speech: 'a' } },
        { entry: sent, outgoing: { threadId: 't', traceId: 2, speech: 'b' } },
      ],
      hasOlder: false,
    });
    expect(restored.entries.map((e) => e.kind === 'user' && e.status)).toEqual(['pending', false, 'pending']);
    expect(restored.outbox.map((r) => r.entry.status)).toEqual(['pending', 'pending']);
    expect([...restored.taken].sort()).toEqual(['tab.0', 'tab.1']);
    expect(restored.lastSeq).toBe(20);
  });
});
