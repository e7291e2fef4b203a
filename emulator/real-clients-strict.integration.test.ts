// Clients written for the real service (emulator contract, "Real clients") over real HTTP and a
// real WebSocket, strict mode: what the default mode serves and logs, it refuses.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { realClients, sleep, textFrame, tid, vendorSend } from '../test/emulator/real-clients.ts';

describe('real clients, strict mode: refused', () => {
  const h = realClients({ strict: true });

  it('(a) a first secret header "null" is 401', async () => {
    const answer = await h.secretAddress({ threadId: tid(), secret: 'null' });
    expect(answer.status).toBe(401);
    expect(answer.body.status).not.toBe('ok');
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body).not.toHaveProperty('secret');
  });

  it('(b) the same sessionId again is 400', async () => {
    const threadId = tid();
    const sessionId = randomUUID();
    const first = await h.secretAddress({ threadId, secret: '', sessionId });
    expect(first.status).toBe(200);
    const again = await h.secretAddress({ threadId, secret: first.body.secret, sessionId });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(sessionId);
    expect((await h.plainAddress(sessionId)).status).toBe(400);
  });

  it('(c) a vendor message.send gets an error frame and no answer; the socket stays open', async () => {
    const threadId = tid();
    const address = await h.secretAddress({ threadId, secret: '' });
    const socket = await h.connect(address.body.payload.endpoint);
    socket.send(vendorSend(threadId, address.body.secret, 1));
    const [error] = await socket.waitType('error');
    expect(error.message).toMatch(/invalid message\.send/);
    for (const word of ['contexts', 'domain', 'label', 'description', 'language']) expect(error.message).toContain(word);
    await sleep(150);
    expect(socket.of('message.delivered')).toEqual([]);
    expect(socket.of('message.received')).toEqual([]);
    // The same message as the spec shows it is served.
    socket.send(textFrame(threadId, 'pricing', 2, address.body.secret));
    const [received] = await socket.waitType('message.received');
    expect(received.payload.messages[0].fallback).toMatch(/two plans/);
    expect(socket.of('message.delivered')[0].payload).toEqual({
      threadId,
      speech: 'pricing',
      originator: { role: 'external' },
      traceId: 2,
    });
  });

  it('(e) an unknown frame type is an error frame', async () => {
    const socket = await h.plainSocket();
    socket.send({ type: 'activity.user.typing', payload: { threadId: tid() } });
    const [error] = await socket.waitType('error');
    expect(error.message).toContain('activity.user.typing');
    socket.send({ type: 'ping' });
    await socket.waitType('pong');
  });

  it('(f) a resend is still acknowledged once more and not answered; a lower traceId never seen is an error', async () => {
    const socket = await h.plainSocket();
    const threadId = tid();
    socket.send(textFrame(threadId, 'pricing', 5));
    await socket.waitType('message.received');
    socket.send(textFrame(threadId, 'pricing', 5));
    await socket.waitType('message.delivered', 2);
    socket.send(textFrame(threadId, 'opening hours', 3));
    const [error] = await socket.waitType('error');
    expect(error.message).toMatch(/traceId 3/);
    socket.send(textFrame(threadId, 'hours', 5)); // the same traceId for another message
    await socket.waitType('error', 2);
    await sleep(150);
    expect(socket.of('message.received')).toHaveLength(1);
    expect(socket.of('message.delivered')).toHaveLength(2);
  });

  it('(g) strict mode logs no departures: it refused them', async () => {
    await h.secretAddress({ threadId: tid(), secret: 'null' });
    const socket = await h.plainSocket();
    socket.send({ type: 'activity.user.typing' });
    await socket.waitType('error');
    expect((await h.state()).departures).toEqual([]);
  });
});
