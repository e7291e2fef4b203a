// Tests of the emulator's socket side (strict, as our widget tests run it), in-process, over real
// HTTP and real sockets; no browser: pings and the idle timer, strict validation, secret-mode
// sockets, and the bot's replies (their shape, matching, cards, handover, every open socket).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import {
  ask,
  connect,
  control,
  event,
  getJson,
  plainSocket,
  secretAddress,
  secretSocket,
  sendFrame,
  serveEmulator,
  sleep,
  stepOf,
  text,
  type Json,
} from './support/emulator-server.ts';

serveEmulator();

// ---------------- socket basics ----------------

test('ping gets pong; the idle timer closes a silent socket with 4000 "idle timeout"; pings keep it open', async () => {
  await control('config', { idleTimeoutMs: 400 });
  const pinger = await plainSocket();
  const silent = await plainSocket();
  pinger.send({ type: 'ping' });
  await pinger.waitType('pong');
  expect(pinger.raws[0]).toBe('{"type":"pong"}');
  const openedAt = Date.now();
  const silentClosed = silent.closed.then((c) => ({ ...c, after: Date.now() - openedAt }));
  for (let i = 0; i < 8; i++) {
    await sleep(150);
    pinger.send({ type: 'ping' });
  }
  const closed = await silentClosed;
  expect(closed).toMatchObject({ code: 4000, reason: 'idle timeout' });
  expect(closed.after).toBeGreaterThanOrEqual(300);
  expect(closed.after).toBeLessThan(900);
  expect(pinger.ws.readyState).toBe(WebSocket.OPEN);
  await pinger.waitType('pong', 9);
  expect((await pinger.closed).code).toBe(4000); // and once the pings stop, it goes too
});

test('strict validation: every violation answers an error frame and keeps the socket open', async () => {
  const c = await plainSocket();
  const t = randomUUID();
  const ok = { threadId: t, traceId: 1, speech: 'hello', originator: { role: 'external' } };
  const cases: [unknown, RegExp][] = [
    ['not json', /not valid JSON/],
    ['[1,2]', /JSON object/],
    [{ type: 'message.sned', payload: ok }, /unknown frame type "message.sned"/],
    [{ type: 'message.send' }, /payload is required/],
    [{ type: 'message.send', payload: ok, extra: 1 }, /unknown top-level key.*extra/],
    [sendFrame({ ...ok, foo: 'bar' }), /unknown key.*foo/],
    [sendFrame({ ...ok, threadId: '' }), /threadId/],
    [sendFrame({ ...ok, threadId: 42 }), /threadId/],
    [sendFrame({ ...ok, traceId: 1.5 }), /traceId must be an integer/],
    [sendFrame({ ...ok, traceId: '1' }), /traceId/],
    [sendFrame({ ...ok, speech: undefined }), /speech/],
    [sendFrame({ ...ok, speech: '   ' }), /speech must not be empty/],
    [sendFrame({ ...ok, attachment: { type: 'image', payload: { name: 'x' } } }), /attachment.type must be "event"/],
    [sendFrame({ ...ok, attachment: { type: 'event', payload: {} } }), /payload.attachment.payload.name/],
    [sendFrame({ ...ok, attachment: { type: 'event', payload: { name: 'x', extra: 1 } } }), /unknown key/],
    [sendFrame({ ...ok, originator: { role: 'user' } }), /originator.role must be "external" or "moderator"/],
    [sendFrame({ ...ok, originator: { role: 'external', userId: 'u1' } }), /unknown key.*userId/],
    [sendFrame({ ...ok, originator: { role: 'external', profile: { phoneNumber: '+3312' } } }), /phoneNumber/],
    [sendFrame({ ...ok, metadata: { language: 'en-US' } }), /2-letter/],
    [sendFrame({ ...ok, metadata: { timezone: '+2' } }), /metadata.timezone/],
    [sendFrame({ ...ok, metadata: { locale: 'en' } }), /unknown key.*locale/],
    [sendFrame({ ...ok, metadata: { params: { color: 'red' } } }), /metadata.params.color/],
    [sendFrame({ ...ok, metadata: { params: { color: [{ match: 'red' }] } } }), /value/],
    [sendFrame({ ...ok, nonce: 'abc' }), /nonce is only accepted on client-nonce/],
  ];
  for (const [frame, pattern] of cases) {
    const before = c.frames.length;
    c.send(frame);
    await c.waitFor(() => c.frames.length > before);
    const got = c.frames[before];
    expect(got, `for ${JSON.stringify(frame)}`).toEqual({ type: 'error', message: expect.stringMatching(pattern) });
  }
  expect(c.ws.readyState).toBe(WebSocket.OPEN);
  // Only errors so far: nothing was delivered.
  expect(c.frames.every((f) => f.type === 'error')).toBe(true);

  // The same socket still works, and the largest legal message passes.
  const full = {
    ...ok,
    speech: '\u{1F600}'.repeat(3000), // no 255 limit on the socket: that is the REST API's
    metadata: { language: 'en', timezone: 5.5, params: { color: [{ value: 'red', match: 'Red' }] } },
    originator: { name: 'Ada', role: 'external', profile: { firstName: 'Ada', gender: 'F', country: 'gb' }, metadata: { plan: 'pro' } },
  };
  const received = await ask(c, sendFrame(full));
  expect(received.payload.threadId).toBe(t);
  expect(received.payload.messages[0].params.color).toEqual([{ value: 'red', match: 'Red' }]);

  const log = (await getJson(`/__control/received?threadId=${t}`)).body;
  expect(log.length).toBeGreaterThan(5);
  expect(log.at(-1).error).toBeUndefined();
  expect(log[0].error).toBeDefined();
});

test('secret-mode socket: a nonce, where given, must be the current secret; threadId the address thread', async () => {
  const threadId = randomUUID();
  const { client, secret } = await secretSocket(threadId);
  const base = { threadId, traceId: 1, speech: 'hello', originator: { role: 'external' } };
  const expectError = async (payload: Record<string, unknown>, pattern: RegExp) => {
    const before = client.frames.length;
    client.send(sendFrame(payload));
    await client.waitFor(() => client.frames.length > before);
    expect(client.frames[before]).toEqual({ type: 'error', message: expect.stringMatching(pattern) });
  };
  await expectError({ ...base, nonce: 'wrong' }, /invalid nonce/);
  await expectError({ ...base, nonce: secret, threadId: 'another-thread' }, /does not match this connection's thread/);
  const received = await ask(client, sendFrame({ ...base, nonce: secret }));
  expect(received.payload.threadId).toBe(threadId);
  // Without a nonce (the spec's payloads "may carry" it), in strict mode too.
  const without = await ask(client, sendFrame({ ...base, traceId: 2 }));
  expect(without.payload.threadId).toBe(threadId);

  // A plain connection may not talk on a client-nonce thread.
  const plain = await plainSocket();
  plain.send(text(threadId, 'hello'));
  expect((await plain.waitType('error'))[0].message).toMatch(/protected by client-nonce/);
});

// ---------------- replies ----------------

test('delivered comes first and echoes threadId/traceId/speech; the reply has the full message shape', async () => {
  const c = await plainSocket();
  const t = randomUUID();
  c.send(text(t, 'How much does it cost?', 7));
  await c.waitType('message.received');
  // The whole sent payload comes back (real clients read more than the three fields of spec 4.2).
  expect(c.frames[0]).toEqual({
    type: 'message.delivered',
    payload: { threadId: t, traceId: 7, speech: 'How much does it cost?', originator: { role: 'external' } },
  });
  const received = c.frames[1];
  expect(received.type).toBe('message.received');
  const bot = { name: 'Parley Bot', role: 'bot', userId: 'bot' };
  expect(received.payload.originator).toEqual(bot);
  expect(received.payload.messages).toHaveLength(1);
  const m = received.payload.messages[0];
  expect(m).toMatchObject({
    silent: false,
    replyTo: 'How much does it cost?',
    originator: bot,
    flow: { flowId: 'flow-pricing', title: 'Pricing' },
    step: { stepId: 'pricing', title: 'Pricing', type: 'INTENT' },
  });
  expect(m.responses.length).toBe(2);
  for (const r of m.responses) {
    expect(r.type).toBe('text');
    expect(typeof r.payload.text).toBe('string');
    expect(r.delay).toBeGreaterThanOrEqual(800);
  }
  expect(m.fallback).toBe(m.responses.map((r: Json) => r.payload.text).join('\n'));
  expect(m.responses[1].payload.quickReplies).toEqual([
    { label: 'Yes please', value: 'yes', type: 'text' },
    { label: 'No thanks', value: 'no', type: 'text' },
  ]);

  // Without traceId the echo has none.
  c.send(text(t, 'hello'));
  await c.waitType('message.delivered', 2);
  expect(c.frames.filter((f) => f.type === 'message.delivered')[1].payload).toEqual({
    threadId: t,
    speech: 'hello',
    originator: { role: 'external' },
  });
});

test('matching: events by step title, intents by examples, contexts, disabled flows, unknown fallback', async () => {
  const c = await plainSocket();
  const t = randomUUID();

  const welcome = await ask(c, event(t, 'welcome'));
  const wm = welcome.payload.messages[0];
  expect(wm.step).toEqual({ stepId: 'welcome', title: 'welcome', type: 'EVENT' });
  expect(wm.params.event).toEqual([{ type: 'custom', value: { name: 'welcome' } }]);
  const quick = wm.responses.flatMap((r: Json) => r.payload.quickReplies ?? []);
  expect(quick.some((q: Json) => q.type === 'text')).toBe(true);
  expect(quick.some((q: Json) => q.type === 'event')).toBe(true);

  // Contextual steps are only eligible right after their context.
  expect(stepOf(await ask(c, text(t, 'yes')))).toBe('unknown');
  expect(stepOf(await ask(c, text(t, 'PRICING!')))).toBe('pricing'); // exact after normalising; the disabled flow's "pricing" never answers
  expect(stepOf(await ask(c, text(t, 'Yes, please')))).toBe('pricing-pro-yes');
  expect(stepOf(await ask(c, text(t, 'yes')))).toBe('unknown'); // context gone
  expect(stepOf(await ask(c, text(t, 'how much is the pro plan')))).toBe('pricing');
  expect(stepOf(await ask(c, text(t, 'no thanks')))).toBe('pricing-pro-no');

  expect(stepOf(await ask(c, text(t, 'When are you open?')))).toBe('opening-hours');
  expect(stepOf(await ask(c, text(t, 'what are your business hours')))).toBe('opening-hours');
  expect(stepOf(await ask(c, text(t, 'Hello')))).toBe('greeting');
  expect(stepOf(await ask(c, text(t, 'what can you do')))).toBe('help');
  expect(stepOf(await ask(c, text(t, 'qwerty zxcv')))).toBe('unknown');
  expect(stepOf(await ask(c, event(t, 'no-such-event')))).toBe('unknown');

  const unknown = await ask(c, text(t, 'the weather in Paris'));
  expect(unknown.payload.messages[0].step).toEqual({ stepId: 'unknown', title: 'Fallback', type: 'UNKNOWN' });
  const state = (await getJson('/__control/state')).body;
  expect(state.threads.find((x: Json) => x.threadId === t).lastStepId).toBe('unknown');

  for (const f of c.frames.filter((x) => x.type === 'message.received')) {
    expect(JSON.stringify(f)).not.toContain('DISABLED');
  }
});

test('card action, handover step and keepTyping', async () => {
  const c = await plainSocket();
  const t = randomUUID();

  const card = await ask(c, event(t, 'show_card', 'Show a card'));
  const cm = card.payload.messages[0];
  expect(cm.responses).toEqual([expect.objectContaining({ type: 'card' }), expect.objectContaining({ type: 'text' })]);
  expect(cm.fallback).toContain('Parley Pro');

  // Asking for a human hands the conversation over: the bot says so, then stays quiet.
  const handover = await ask(c, text(t, "I'd like to talk to a human please"));
  expect(handover.payload.messages[0].step.stepId).toBe('handover-intent');
  expect(handover.payload.originator.role).toBe('bot');
  await expect.poll(async () => (await getJson('/__control/state')).body.threads.find((x: Json) => x.threadId === t).botPaused).toBe(true);

  const b2 = c.frames.length;
  c.send(text(randomUUID(), 'where is my order?')); // another thread: this one's bot is paused
  await c.waitFor(() => c.frames.slice(b2).filter((f) => f.type === 'message.received').length >= 2, 1, 6000);
  const [typing, done] = c.frames.slice(b2).filter((f) => f.type === 'message.received');
  expect(typing.payload.messages[0].meta).toEqual({ keepTyping: true });
  expect(done.payload.messages[0].meta).toBeUndefined();
  expect(done.payload.messages[0].responses[0].payload.text).toContain('#1042');
});

test('replies reach every open socket of the thread; delivered only the sender', async () => {
  const threadId = randomUUID();
  const a = await secretSocket(threadId);
  const b = await secretAddress({ threadId, secret: a.secret });
  const tabB = await connect(b.body.payload.endpoint);
  const other = await secretSocket(randomUUID());
  a.client.send(sendFrame({ threadId, traceId: 1, speech: 'hours', nonce: a.secret, originator: { role: 'external' } }));
  await a.client.waitType('message.received');
  await tabB.waitType('message.received');
  expect(tabB.frames.map((f) => f.type)).toEqual(['message.received']);
  await sleep(100);
  expect(other.client.frames).toEqual([]);
});

test('a moderator message pauses the bot for the thread', async () => {
  const c = await plainSocket();
  const t = randomUUID();
  c.send(sendFrame({ threadId: t, traceId: 1, speech: 'I take it from here', originator: { name: 'Sam', role: 'moderator' } }));
  await c.waitType('message.delivered');
  c.send(text(t, 'pricing', 2));
  await c.waitType('message.delivered', 2);
  await sleep(150);
  expect(c.frames.filter((f) => f.type === 'message.received')).toEqual([]);
  const state = (await getJson('/__control/state')).body;
  expect(state.threads.find((x: Json) => x.threadId === t).botPaused).toBe(true);
});
