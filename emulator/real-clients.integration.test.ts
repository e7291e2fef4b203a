// Clients written for the real service (emulator contract, "Real clients"), over real HTTP and a
// real WebSocket: the default mode serves what they do and logs each departure from the spec;
// `strict` refuses it. Also: frames for a thread with no open socket wait for its next socket.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from './index.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tid = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

/** A test-side socket that records every frame and lets a test await the next ones. */
class Client {
  frames: Json[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const raw = String(data);
      try {
        this.frames.push(JSON.parse(raw));
      } catch {
        this.frames.push({ unparsable: raw });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  of(type: string): Json[] {
    return this.frames.filter((f) => f.type === type);
  }
  /** Waits until `count` frames matching `pred` have arrived (counting from the start). */
  async waitFor(pred: (f: Json) => boolean, count = 1, timeoutMs = 3000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.frames.filter(pred);
      if (hits.length >= count) return hits;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for frames; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  waitType(type: string, count = 1, timeoutMs?: number): Promise<Json[]> {
    return this.waitFor((f) => f.type === type, count, timeoutMs);
  }
  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

function harness(emu: () => RunningEmulator) {
  const sockets: Client[] = [];

  async function getJson(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${emu().url}${path}`, { headers });
    return { status: res.status, body: await res.json() };
  }

  /** The vendor's address request: the four secret headers. */
  function secretAddress(o: { threadId: string; secret: string; sessionId?: string; clientId?: string }) {
    return getJson('/sdk/socket.info', {
      'x-svc-secret': o.secret,
      'x-svc-threadid': o.threadId,
      'x-svc-clientid': o.clientId ?? 'vendor-widget',
      'x-svc-sessionid': o.sessionId ?? randomUUID(),
    });
  }

  function plainAddress(sessionId: string = randomUUID(), clientId = 'web') {
    return getJson(`/socket.info?sessionId=${encodeURIComponent(sessionId)}&clientId=${encodeURIComponent(clientId)}`);
  }

  function connect(endpoint: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(endpoint);
      const client = new Client(ws);
      sockets.push(client);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  async function plainSocket(): Promise<Client> {
    const { status, body } = await plainAddress();
    expect(status, JSON.stringify(body)).toBe(200);
    return connect(body.payload.endpoint);
  }

  async function state(): Promise<Json> {
    return (await fetch(`${emu().url}/__control/state`)).json();
  }

  async function rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${emu().url}/rest/v1/${path}`, {
      method,
      headers: { authorization: emu().apiKey, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  }

  function closeAll(): void {
    for (const s of sockets.splice(0)) s.ws.terminate();
  }

  return { secretAddress, plainAddress, connect, plainSocket, state, rest, closeAll };
}

/** The kind of `message.send` the vendor's client sends: beyond spec 2.2 in four places. */
function vendorSend(threadId: string, nonce: string, traceId: number) {
  return {
    type: 'message.send',
    payload: {
      threadId,
      traceId,
      nonce,
      speech: 'welcome',
      attachment: { type: 'event', payload: { name: 'welcome', label: 'Get started' } },
      originator: {
        name: 'Visitor',
        role: 'external',
        profile: { firstName: 'Ann', description: 'returning customer' },
        metadata: { plan: 'pro' },
      },
      metadata: { language: 'en-US', timezone: 1, contexts: ['onboarding'], domain: 'shop.example' },
    },
  };
}

const textFrame = (threadId: string, speech: string, traceId?: number, nonce?: string) => ({
  type: 'message.send',
  payload: {
    threadId,
    speech,
    originator: { role: 'external' },
    ...(traceId !== undefined ? { traceId } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
  },
});

// =============================================================================================

describe('real clients, default mode: served and logged', () => {
  let emu: RunningEmulator;
  const h = harness(() => emu);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true });
  });
  afterAll(async () => {
    h.closeAll();
    await emu.close();
  });
  beforeEach(() => {
    h.closeAll();
    emu.reset();
  });

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

// =============================================================================================

describe('real clients, strict mode: refused', () => {
  let emu: RunningEmulator;
  const h = harness(() => emu);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, strict: true });
  });
  afterAll(async () => {
    h.closeAll();
    await emu.close();
  });
  beforeEach(() => {
    h.closeAll();
    emu.reset();
  });

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
