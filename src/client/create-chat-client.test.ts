// The headless chat client, one page's life: what it sends (message.send's shape, events, quick
// replies, rich buttons), the outbox through outages, what it receives, and its connection status.
import { describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { connected, fakeTimersPerTest, sendFrames, settle, setup } from '../../test/chat-client-setup.ts';
import { createChatClient } from './create-chat-client.ts';
import { memoryStore } from '../store/memory-store.ts';

fakeTimersPerTest();

describe('sending', () => {
  it('builds message.send with threadId, increasing traceIds, external originator and browser metadata, nothing else', async () => {
    const t = setup();
    const socket = await connected(t);
    t.client.setUser({ name: 'Ada', profile: { email: 'ada@example.com' } });
    await t.client.send('  Hello there  ');
    await t.client.send('Second');
    const [first, second] = sendFrames(socket);
    expect(first).toEqual({
      threadId: t.client.threadId,
      traceId: 1,
      speech: 'Hello there',
      originator: { role: 'external', name: 'Ada', profile: { email: 'ada@example.com' } },
      metadata: { language: 'fr', timezone: 5.5 },
    });
    expect(second).toMatchObject({ traceId: 2, speech: 'Second' });
  });

  it('setUser and sendEvent refuse what the socket API would not take, and the next messages go out clean', async () => {
    const t = setup();
    const socket = await connected(t);
    t.client.setUser({ name: 'Ada' });
    expect(() => t.client.setUser({ name: 'Ada', profile: { phoneNumber: '+31612345678' } } as never)).toThrow('profile.phoneNumber');
    await expect(t.client.sendEvent('')).rejects.toThrow(TypeError);
    await t.client.send('still here');
    await t.client.sendEvent('plan-chosen', { plan: 'pro' });
    const sent = sendFrames(socket); // every frame passes the strict schema
    expect(sent.map((p) => p.speech)).toEqual(['still here', 'plan-chosen']);
    expect(sent[0]!.originator).toEqual({ role: 'external', name: 'Ada' });
  });

  it('uses the configured language over the browser one', async () => {
    const t = setup({ language: 'DE-at' });
    const socket = await connected(t);
    await t.client.send('Hallo');
    expect(sendFrames(socket)[0]!.metadata).toEqual({ language: 'de', timezone: 5.5 });
  });

  it("ignores blank text and refuses text over 2,000 characters (the socket sets no limit; 255 is the REST API's)", async () => {
    const t = setup();
    await expect(t.client.send('   ')).resolves.toBeUndefined();
    await expect(t.client.send('x'.repeat(2001))).rejects.toThrow(/2000/);
    await expect(t.client.send('x'.repeat(2000))).resolves.toMatchObject({ traceId: 1 });
  });

  it('moves a message pending -> sent -> delivered, and reports delivery once', async () => {
    const t = setup();
    const delivered: number[] = [];
    t.client.on('delivered', ({ traceId }) => delivered.push(traceId));
    const socket = await connected(t);
    const entry = await t.client.send('Hi');
    expect(t.client.entries.value.find((e) => e.id === entry!.id)).toMatchObject({ status: 'sent' });
    const echo = { type: 'message.delivered', payload: { threadId: t.client.threadId, traceId: 1, speech: 'Hi' } };
    socket.receive(echo);
    socket.receive(echo);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'delivered' });
    expect(delivered).toEqual([1]);
    // The spec shows traceId as a string in places: that confirms a message too.
    await t.client.send('Again');
    socket.receive({ type: 'message.delivered', payload: { traceId: '2' } });
    expect(t.client.entries.value[1]).toMatchObject({ status: 'delivered' });
  });

  it('event attachments: sendEvent puts the name in speech and attachment, params in metadata, and shows no bubble', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendEvent('checkout', { plan: 'pro' });
    expect(sendFrames(socket)[0]).toMatchObject({
      speech: 'checkout',
      attachment: { type: 'event', payload: { name: 'checkout' } },
      metadata: { params: { plan: [{ value: 'pro' }] } },
    });
    expect(t.client.entries.value[0]).toMatchObject({ hidden: true });
  });

  it('quick replies of type event send the label as speech and the value as the event name', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendQuickReply({ label: 'Talk to a human', value: 'handover', type: 'event' });
    await t.client.sendQuickReply({ label: 'Pricing', value: 'How much is it?', type: 'text' });
    const [event, textReply] = sendFrames(socket);
    expect(event).toMatchObject({ speech: 'Talk to a human', attachment: { type: 'event', payload: { name: 'handover' } } });
    expect(textReply).toMatchObject({ speech: 'How much is it?' });
    expect(textReply).not.toHaveProperty('attachment');
    expect(t.client.entries.value.map((e) => e.text)).toEqual(['Talk to a human', 'Pricing']);
  });

  it('a rich button: postback sends its value, event its name and params; the bubble shows the label', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.sendAction('Pro plan', { type: 'postback', text: 'I want the pro plan' });
    await t.client.sendAction('Book a demo', { type: 'event', name: 'book-demo', params: { plan: [{ value: 'pro' }] } });
    const [postback, event] = sendFrames(socket);
    expect(postback).toMatchObject({ speech: 'I want the pro plan' });
    expect(postback).not.toHaveProperty('attachment');
    expect(event).toMatchObject({
      speech: 'Book a demo',
      attachment: { type: 'event', payload: { name: 'book-demo' } },
      metadata: { params: { plan: [{ value: 'pro' }] } },
    });
    expect(t.client.entries.value.map((e) => [e.text, e.kind === 'user' && e.hidden])).toEqual([
      ['Pro plan', undefined],
      ['Book a demo', undefined],
    ]);
    await expect(t.client.sendAction('Site', { type: 'link', url: 'https://a.test/', newTab: true })).rejects.toThrow(TypeError);
  });
});

describe('the outbox', () => {
  it('keeps messages sent while the service is down and sends each once, in order, after it recovers', async () => {
    const t = setup();
    const first = await connected(t);
    first.drop();
    await t.client.send('one');
    await t.client.send('two');
    await t.client.send('three');
    expect(t.client.entries.value.map((e) => e.kind === 'user' && e.status)).toEqual(['pending', 'pending', 'pending']);
    await settle();
    const second = t.sockets.last();
    expect(second).not.toBe(first);
    second.open();
    expect(sendFrames(second).map((p) => [p.traceId, p.speech])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    for (const traceId of [1, 2, 3]) second.receive({ type: 'message.delivered', payload: { traceId } });
    second.drop();
    await settle();
    t.sockets.last().open();
    const allSends = t.sockets.sockets.flatMap(sendFrames);
    expect(allSends.map((p) => p.traceId)).toEqual([1, 2, 3]);
  });

  it('sends again, with the original traceId, what a dropped connection had not confirmed', async () => {
    const t = setup();
    const first = await connected(t);
    await t.client.send('lost in transit');
    await t.client.send('confirmed');
    first.receive({ type: 'message.delivered', payload: { traceId: 2 } });
    first.drop();
    await settle();
    const second = t.sockets.last();
    second.open();
    expect(sendFrames(second).map((p) => p.traceId)).toEqual([1]);
  });

  it('marks a message failed when it is not confirmed in time, and retry sends it with the same traceId', async () => {
    // A socket that stays open (no dead-socket deadline) but never confirms.
    const t = setup({ deliveryTimeoutMs: 20_000, timings: { pingIntervalMs: 1_000_000, pongTimeoutMs: 1_000_000 } });
    const socket = await connected(t);
    await t.client.send('anyone?');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'sent' });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'failed' });
    t.client.retry(1);
    expect(sendFrames(socket).map((p) => p.traceId)).toEqual([1, 1]);
    t.client.retry(1); // it is on its way again: a second retry must not send it twice
    expect(sendFrames(socket).map((p) => p.traceId)).toEqual([1, 1]);
    expect(t.client.entries.value[0]).toMatchObject({ status: 'sent' });
    expect(t.client.entries.value).toHaveLength(1);
  });

  it('retry after disconnect connects again and sends the message', async () => {
    const t = setup({ deliveryTimeoutMs: 20_000, timings: { pingIntervalMs: 1_000_000, pongTimeoutMs: 1_000_000 } });
    await connected(t);
    await t.client.send('anyone?');
    await vi.advanceTimersByTimeAsync(20_000);
    t.client.disconnect();
    expect(t.client.status.value.state).toBe('idle');
    t.client.retry(1);
    await settle();
    const socket = t.sockets.last();
    socket.open();
    await settle();
    expect(sendFrames(socket).map((p) => [p.traceId, p.speech])).toEqual([[1, 'anyone?']]);
  });
});

describe('receiving', () => {
  it('adds messages of this thread and reports them; drops other threads', async () => {
    const t = setup();
    const messages: unknown[] = [];
    t.client.on('message', (m) => messages.push(m));
    const socket = await connected(t);
    const reply = (threadId: string) => ({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: `to ${threadId}` } }] }] },
    });
    socket.receive(reply('someone-else'));
    socket.receive(reply(t.client.threadId));
    expect(t.client.entries.value.map((e) => e.text)).toEqual([`to ${t.client.threadId}`]);
    expect(messages).toHaveLength(1);
    expect(t.logger.warn).toHaveBeenCalledOnce();
  });

  it('shows an error frame, reports it, and keeps the connection', async () => {
    const t = setup();
    const errors: unknown[] = [];
    t.client.on('error', (e) => errors.push(e));
    const socket = await connected(t);
    socket.receive({ type: 'error', message: 'invalid nonce' });
    expect(t.client.serviceError.value).toBe('invalid nonce');
    expect(errors).toEqual([{ message: 'invalid nonce', source: 'service' }]);
    expect(t.client.status.value.state).toBe('open');
    t.client.dismissError();
    expect(t.client.serviceError.value).toBeUndefined();
  });
});

describe('connection status', () => {
  it('reports idle -> connecting -> open -> reconnecting -> open by name', async () => {
    const t = setup();
    const states: string[] = [];
    t.client.on('connection', ({ state }) => states.push(state));
    const socket = await connected(t);
    socket.drop();
    await settle();
    t.sockets.last().open();
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('a bad configuration is an explained error state that touches no network', async () => {
    const t = setup({ clientId: '', baseUrl: 'ftp://nope' });
    expect(t.client.status.value).toMatchObject({ state: 'error' });
    const status = t.client.status.value;
    expect(status.state === 'error' && status.error.message).toMatch(/client-id is missing.*base-url "ftp:\/\/nope"/);
    t.client.connect();
    await t.client.send('hello?');
    await settle();
    expect(t.http.requests).toHaveLength(0);
    expect(t.logger.error).toHaveBeenCalled();
  });

  it('401 from the address request is an error state, reported, and not retried', async () => {
    const sockets = fakeSocketClass();
    const http = fakeAddressFetch([{ status: 401 }]);
    const client = createChatClient({
      clientId: 'wrong',
      baseUrl: 'https://service.test',
      platform: fakePlatform({ fetch: http.fetch, WebSocket: sockets.SocketClass, random: Math.random }),
      tabs: false,
      store: memoryStore(),
    });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    client.connect();
    await settle();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(client.status.value).toMatchObject({ state: 'error', error: { status: 401 } });
    expect(http.requests).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('does nothing on the network, and stores nothing, until asked to connect', async () => {
    const t = setup();
    const write = vi.spyOn(t.store, 'write');
    const reserve = vi.spyOn(t.store, 'reserveTraceId');
    await t.client.ready;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.http.requests).toHaveLength(0);
    expect(write).not.toHaveBeenCalled();
    expect(reserve).not.toHaveBeenCalled();
    expect(t.client.status.value.state).toBe('idle');
  });

  it('destroy closes the socket and leaves no timer running', async () => {
    const t = setup();
    const socket = await connected(t);
    await t.client.send('bye');
    await t.client.destroy();
    expect(socket.closedByClient).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
    expect(t.env.listenerCount()).toBe(0);
  });
});
