// Clients written for the real service (emulator contract, "Real clients") over real HTTP and a
// real WebSocket, default mode: it serves what they do and logs each departure from the spec. Also:
// frames for a thread with no open socket wait for its next socket.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realClients, sleep, textFrame, tid, vendorSend, type Json } from '../test/emulator/real-clients.ts';

describe('real clients, default mode: served and logged', () => {
  const h = realClients();

  it('(a, b) a first secret header "null" gets the thread its secret; the same sessionId again is served', async () => {
    const threadId = tid();
    const sessionId = randomUUID();
    const first = await h.secretAddress({ threadId, secret: 'null', sessionId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status).toBe('ok');
    expect(first.body.secret).toEqual(expect.any(String));
    expect(first.body.secret).not.toBe('null');
    expect(first.body.payload.endpoint).toMatch(/^ws:\/\//);

    // A reconnect: the secret it was given, and the sessionId it kept.
    const second = await h.secretAddress({ threadId, secret: first.body.secret, sessionId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.secret).toBe(first.body.secret);
    await h.connect(second.body.payload.endpoint);

    // A secret from before an emulator restart, for a thread it never saw: a new thread.
    const restarted = await h.secretAddress({ threadId: tid('old'), secret: 'secret-from-before-the-restart' });
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect(restarted.body.secret).toEqual(expect.any(String));

    // The secret is still checked once the thread has one.
    expect((await h.secretAddress({ threadId, secret: 'null' })).status).toBe(401);

    // (g) each departure is logged.
    const departures = (await h.state()).departures;
    expect(departures).toEqual([
      expect.objectContaining({ where: 'address', subject: threadId, what: expect.stringContaining('"null"') }),
      expect.objectContaining({ where: 'address', subject: sessionId, what: expect.stringContaining('already used') }),
      expect.objectContaining({ where: 'address', what: expect.stringContaining('secret-from-before-the-restart') }),
    ]);
  });

  it("where the spec is looser: socket text past 255 characters, and a secret socket's message.send without nonce, are served without a departure", async () => {
    const threadId = tid();
    const address = await h.secretAddress({ threadId, secret: '' });
    const client = await h.connect(address.body.payload.endpoint);
    const long = 'x'.repeat(3000);
    client.send(textFrame(threadId, long, 1)); // no nonce
    const [delivered] = await client.waitType('message.delivered');
    expect(delivered.payload).toMatchObject({ threadId, traceId: 1, speech: long });
    expect(client.of('error')).toEqual([]);
    expect((await h.state()).departures.filter((d: { subject?: string }) => d.subject === threadId)).toEqual([]);
  });

  it('(b) the same sessionId on a plain address request is served too', async () => {
    const sessionId = randomUUID();
    expect((await h.plainAddress(sessionId)).status).toBe(200);
    const again = await h.plainAddress(sessionId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('ok');
    expect((await h.state()).departures).toEqual([expect.objectContaining({ where: 'address', subject: sessionId })]);
  });

  it('(c, d) a vendor message.send (contexts, domain, label, description, en-US) is delivered, echoed whole without the nonce, and answered', async () => {
    const threadId = tid();
    const address = await h.secretAddress({ threadId, secret: 'null' });
    const secret = address.body.secret as string;
    const socket = await h.connect(address.body.payload.endpoint);
    const frame = vendorSend(threadId, secret, 1);
    socket.send(frame);
    const [received] = await socket.waitType('message.received');
    expect(socket.of('error')).toEqual([]);
    expect(socket.frames[0].type).toBe('message.delivered');

    // (d) the whole payload comes back: what the vendor's client reads.
    const { nonce: _nonce, ...echo } = frame.payload;
    const delivered = socket.frames[0].payload;
    expect(delivered).toEqual(echo);
    expect(delivered).not.toHaveProperty('nonce');
    expect(delivered.metadata).toEqual({ language: 'en-US', timezone: 1, contexts: ['onboarding'], domain: 'shop.example' });
    expect(delivered.originator.profile.description).toBe('returning customer');

    // The bot answered the event as usual.
    expect(received.payload.threadId).toBe(threadId);
    expect(received.payload.messages[0].step.stepId).toBe('welcome');

    // (g) one departure naming each extra.
    const socketDepartures = (await h.state()).departures.filter((d: Json) => d.where === 'socket');
    expect(socketDepartures).toHaveLength(1);
    for (const word of ['contexts', 'domain', 'label', 'description', 'language']) expect(socketDepartures[0].what).toContain(word);
  });

  it('(e) frame types the spec does not list are ignored: no error frame, the socket stays usable', async () => {
    const socket = await h.plainSocket();
    const threadId = tid();
    socket.send({ type: 'activity.user.typing', payload: { threadId } });
    socket.send({ type: 'thread.noticed', payload: { threadId } });
    socket.send({ type: 'ping' });
    await socket.waitType('pong');
    expect(socket.frames).toEqual([{ type: 'pong' }]);
    socket.send(textFrame(threadId, 'pricing', 1));
    await socket.waitType('message.received');
    expect(socket.of('error')).toEqual([]);
    const departures = (await h.state()).departures.map((d: Json) => d.what);
    expect(departures).toEqual([expect.stringContaining('activity.user.typing'), expect.stringContaining('thread.noticed')]);
  });

  it('(f) a resend of a received (threadId, traceId) is acknowledged again and not answered twice', async () => {
    const threadId = tid();
    const address = await h.secretAddress({ threadId, secret: '' });
    const secret = address.body.secret as string;
    const socket = await h.connect(address.body.payload.endpoint);
    socket.send(textFrame(threadId, 'pricing', 5, secret));
    await socket.waitType('message.received');
    socket.send(textFrame(threadId, 'pricing', 5, secret)); // never saw the ack, say
    await socket.waitType('message.delivered', 2);
    await sleep(200);
    expect(socket.of('message.received')).toHaveLength(1);
    const [first, second] = socket.of('message.delivered');
    expect(second).toEqual(first);
    expect(second.payload).toMatchObject({ threadId, traceId: 5, speech: 'pricing' });

    // A lower traceId never seen is served in the default mode (and logged).
    socket.send(textFrame(threadId, 'opening hours', 3, secret));
    await socket.waitType('message.received', 2);
    expect(socket.of('error')).toEqual([]);
    expect((await h.state()).departures).toEqual([
      expect.objectContaining({ where: 'socket', what: expect.stringContaining('traceId 3') }),
    ]);
  });

  it('frames for a thread with no open socket wait for its next socket: the delayed reply after a reconnect', async () => {
    const threadId = tid();
    const first = await h.plainSocket();
    first.send(textFrame(threadId, 'where is my order', 1));
    const [lookUp] = await first.waitType('message.received');
    expect(lookUp.payload.messages[0].fallback).toBe('Let me look that up...');
    expect(lookUp.payload.messages[0].meta).toEqual({ keepTyping: true });
    await first.close(); // the page reloads before the second message (due 2.5 s later)
    await sleep(2700);

    const second = await h.plainSocket(); // a new address and a new socket
    await sleep(100);
    expect(second.frames).toEqual([]); // a plain socket hears a thread once it sends on it
    second.send(textFrame(threadId, 'hello', 2));
    const answers = await second.waitType('message.received', 2);
    const fallbacks = answers.map((f) => f.payload.messages[0].fallback);
    expect(fallbacks[0]).toBe('Your order #1042 shipped yesterday and arrives tomorrow.');
    expect(fallbacks[1]).toMatch(/^Hello!/);
    await sleep(150);
    expect(second.of('message.received')).toHaveLength(2); // the waiting frame went once
    expect(first.frames.filter((f) => f.type === 'message.received')).toHaveLength(1);

    // A third socket on the thread does not get it again.
    const third = await h.plainSocket();
    third.send(textFrame(threadId, 'pricing', 3));
    const [pricing] = await third.waitType('message.received');
    expect(pricing.payload.messages[0].fallback).toMatch(/two plans/);
    await sleep(100);
    expect(third.of('message.received')).toHaveLength(1);
  });

  it('a REST moderator message while no socket is open reaches the next socket', async () => {
    // Plain: delivered once the new socket sends on the thread.
    const threadId = tid();
    const first = await h.plainSocket();
    first.send(textFrame(threadId, 'hello', 1));
    await first.waitType('message.received');
    await first.close();
    const sent = await h.rest('POST', `messages/${threadId}`, {
      payload: { type: 'text', originator: { name: 'Sam', role: 'moderator' }, speech: 'Sam here, sorry for the wait.' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const second = await h.plainSocket();
    second.send(textFrame(threadId, 'are you there?', 2));
    const [fromSam] = await second.waitType('message.received');
    expect(fromSam.payload.originator).toMatchObject({ name: 'Sam', role: 'moderator', userId: 'agent-sam' }); // received originators carry a userId (spec 2.3)
    expect(fromSam.payload.messages[0].fallback).toBe('Sam here, sorry for the wait.');
    await second.waitType('message.delivered');
    await sleep(150);
    expect(second.of('message.received')).toHaveLength(1); // the bot is paused by the moderator

    // Secret: the new socket hears its thread from the start, so it gets it on opening.
    const secretThread = tid('s');
    const address = await h.secretAddress({ threadId: secretThread, secret: '' });
    const secret = address.body.secret as string;
    const a = await h.connect(address.body.payload.endpoint);
    a.send(textFrame(secretThread, 'hello', 1, secret));
    await a.waitType('message.received');
    await a.close();
    expect(
      (
        await h.rest('POST', `messages/${secretThread}`, {
          payload: { type: 'text', originator: { name: 'Sam', role: 'moderator' }, speech: 'Back to you.' },
        })
      ).status,
    ).toBe(200);
    const again = await h.secretAddress({ threadId: secretThread, secret });
    const b = await h.connect(again.body.payload.endpoint);
    const [waiting] = await b.waitType('message.received');
    expect(waiting.payload.messages[0].fallback).toBe('Back to you.');
  });
});
