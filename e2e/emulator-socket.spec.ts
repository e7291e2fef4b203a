// Tests of the emulator's socket side (strict, as our widget tests run it), in-process, over real
// HTTP and real sockets; no browser.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { createEmulator, type Emulator } from '../emulator/emulator.ts';
import { REPO_CLIENTS } from '../emulator/vite-plugin.ts';

let server: Server;
let service: Emulator;
let base: string;

test.beforeAll(async () => {
  service = createEmulator({ clients: REPO_CLIENTS, strict: true, quiet: true });
  server = createServer((req, res) => {
    service.handleRequest(req, res);
  });
  server.on('upgrade', (req, socket, head) => {
    if (!service.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await service.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.beforeEach(async () => {
  await control('reset');
});

// ---------------- helpers ----------------

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function control(verb: string, body: unknown = {}): Promise<Json> {
  const res = await fetch(`${base}/__control/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function getJson(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; res: Response }> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.json(), res };
}

function plainAddress(clientId = 'e2e', sessionId: string = randomUUID(), headers: Record<string, string> = {}) {
  return getJson(`/socket.info?sessionId=${encodeURIComponent(sessionId)}&clientId=${encodeURIComponent(clientId)}`, headers);
}

function secretAddress(o: { threadId: string; secret: string; clientId?: string; sessionId?: string; prefix?: string }) {
  const p = o.prefix ?? 'x-svc';
  return getJson('/sdk/socket.info', {
    [`${p}-secret`]: o.secret,
    [`${p}-threadid`]: o.threadId,
    [`${p}-clientid`]: o.clientId ?? 'e2e',
    [`${p}-sessionid`]: o.sessionId ?? randomUUID(),
  });
}

/** A test-side socket that records every frame and lets a test await the next ones. */
class Client {
  frames: Json[] = [];
  raws: string[] = [];
  private waiters: (() => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const raw = String(data);
      this.raws.push(raw);
      try {
        this.frames.push(JSON.parse(raw));
      } catch {
        this.frames.push({ unparsable: raw });
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** Waits until `count` frames matching `pred` have arrived (counting from the start). */
  async waitFor(pred: (f: Json) => boolean, count = 1, timeoutMs = 5000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.frames.filter(pred);
      if (hits.length >= count) return hits;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for frames; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
  waitType(type: string, count = 1, timeoutMs = 5000) {
    return this.waitFor((f) => f.type === type, count, timeoutMs);
  }
  close(): void {
    this.ws.close();
  }
}

function connect(endpoint: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint);
    const client = new Client(ws);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Resolves with the HTTP status that refused the upgrade (fails if the socket opened). */
function refusedStatus(endpoint: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint);
    ws.once('open', () => {
      ws.close();
      reject(new Error('socket unexpectedly opened'));
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    ws.on('error', () => {});
  });
}

async function plainSocket(clientId = 'e2e'): Promise<Client> {
  const { status, body } = await plainAddress(clientId);
  expect(status).toBe(200);
  return connect(body.payload.endpoint);
}

async function secretSocket(threadId: string, secret = ''): Promise<{ client: Client; secret: string }> {
  const { status, body } = await secretAddress({ threadId, secret });
  expect(status, JSON.stringify(body)).toBe(200);
  return { client: await connect(body.payload.endpoint), secret: body.secret };
}

const sendFrame = (payload: Record<string, unknown>) => ({ type: 'message.send', payload });
const text = (threadId: string, speech: string, traceId?: number) =>
  sendFrame({ threadId, speech, originator: { role: 'external' }, ...(traceId !== undefined ? { traceId } : {}) });
const event = (threadId: string, name: string, speech = name) =>
  sendFrame({ threadId, speech, attachment: { type: 'event', payload: { name } }, originator: { role: 'external' } });

/** Sends a frame and returns the first `message.received` that follows, checking delivered came first. */
async function ask(client: Client, frame: unknown): Promise<Json> {
  const before = client.frames.length;
  client.send(frame);
  await client.waitFor(() => client.frames.length > before + 1 && client.frames.slice(before).some((f) => f.type === 'message.received'));
  const fresh = client.frames.slice(before);
  expect(fresh[0]?.type, JSON.stringify(fresh)).toBe('message.delivered');
  return fresh.find((f) => f.type === 'message.received');
}

const stepOf = (received: Json) => received.payload.messages[0].step.stepId as string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------- HTTP basics ----------------

test('health answers 200 ok with CORS headers; preflight echoes requested headers', async () => {
  const plain = await getJson('/health');
  expect(plain.status).toBe(200);
  expect(plain.body).toEqual({ status: 'ok' });
  expect(plain.res.headers.get('access-control-allow-origin')).toBe('*');

  const withOrigin = await getJson('/health', { origin: 'https://site.example' });
  expect(withOrigin.res.headers.get('access-control-allow-origin')).toBe('https://site.example');

  const pre = await fetch(`${base}/sdk/socket.info`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://site.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-svc-secret,x-svc-threadid',
    },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get('access-control-allow-origin')).toBe('https://site.example');
  expect(pre.headers.get('access-control-allow-headers')).toBe('x-svc-secret,x-svc-threadid');
  expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, OPTIONS');
  expect(Number(pre.headers.get('access-control-max-age'))).toBeGreaterThan(0);

  const missing = await getJson('/nope');
  expect(missing.status).toBe(404);
  expect(missing.body.status).toBe('error');
});

// ---------------- address requests ----------------

test('plain address request: validation, clients, origins, unique sessionId, endpoint', async () => {
  expect((await getJson('/socket.info?clientId=e2e')).status).toBe(400);
  expect((await getJson(`/socket.info?sessionId=${randomUUID()}`)).status).toBe(400);
  const unknown = await plainAddress('nobody');
  expect(unknown.status).toBe(401);
  expect(unknown.body).toMatchObject({ status: 'error' });
  expect(typeof unknown.body.message).toBe('string');

  expect((await plainAddress('restricted')).status).toBe(403); // no Origin at all
  expect((await plainAddress('restricted', randomUUID(), { origin: 'https://evil.example' })).status).toBe(403);
  const allowed = await plainAddress('restricted', randomUUID(), { origin: 'https://allowed.example' });
  expect(allowed.status).toBe(200);
  expect(allowed.res.headers.get('access-control-allow-origin')).toBe('https://allowed.example');

  const sessionId = randomUUID();
  const ok = await plainAddress('demo', sessionId);
  expect(ok.status).toBe(200);
  expect(ok.body.status).toBe('ok');
  const host = new URL(base).host;
  expect(ok.body.payload.endpoint).toMatch(new RegExp(`^ws://${host.replace(/\./g, '\\.')}/ws\\?token=[\\w-]{16,}$`));
  const again = await plainAddress('demo', sessionId);
  expect(again.status).toBe(400);

  const https = await plainAddress('demo', randomUUID(), { 'x-forwarded-proto': 'https' });
  expect(https.body.payload.endpoint).toMatch(/^wss:\/\//);

  // A client with client-nonce enabled refuses plain requests.
  expect((await plainAddress('secret-only')).status).toBe(403);

  const state = (await getJson('/__control/state')).body;
  expect(state.addressRequests.map((r: Json) => r.status)).toEqual([400, 400, 401, 403, 403, 200, 200, 400, 200, 403]);
  expect(state.addressRequests[5]).toMatchObject({ mode: 'plain', clientId: 'restricted', origin: 'https://allowed.example' });
});

test('secret address request: first empty secret, then the current one; rotation; header prefix', async () => {
  const threadId = randomUUID();
  // Missing header -> 400.
  const missing = await getJson('/sdk/socket.info', { 'x-svc-secret': '', 'x-svc-threadid': threadId, 'x-svc-clientid': 'e2e' });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toContain('x-svc-sessionid');
  // First request of a thread must send an empty secret.
  const bogus = await secretAddress({ threadId, secret: 'made-up' });
  expect(bogus.status).toBe(401);
  expect(bogus.body).toEqual({ status: 'error', message: 'invalid secret' });
  expect((await secretAddress({ threadId, secret: '', clientId: 'nobody' })).status).toBe(401);

  const first = await secretAddress({ threadId, secret: '' });
  expect(first.status).toBe(200);
  expect(first.body.status).toBe('ok');
  expect(first.body.payload.endpoint).toMatch(/^ws:\/\/.+\/ws\?token=/);
  const secret: string = first.body.secret;
  expect(secret.length).toBeGreaterThanOrEqual(16);

  // Later requests: empty or wrong secret refused, current secret accepted (unchanged without rotation).
  expect((await secretAddress({ threadId, secret: '' })).status).toBe(401);
  expect((await secretAddress({ threadId, secret: secret + 'x' })).status).toBe(401);
  const second = await secretAddress({ threadId, secret });
  expect(second.status).toBe(200);
  expect(second.body.secret).toBe(secret);

  await control('config', { rotateSecret: true });
  const third = await secretAddress({ threadId, secret });
  expect(third.status).toBe(200);
  expect(third.body.secret).not.toBe(secret);
  expect((await secretAddress({ threadId, secret })).status).toBe(401); // the old one is dead
  const fourth = await secretAddress({ threadId, secret: third.body.secret });
  expect(fourth.status).toBe(200);

  await control('config', { headerPrefix: 'x-acme' });
  expect((await secretAddress({ threadId: randomUUID(), secret: '' })).status).toBe(400);
  expect((await secretAddress({ threadId: randomUUID(), secret: '', prefix: 'x-acme' })).status).toBe(200);

  const state = (await getJson('/__control/state')).body;
  expect(state.threads.find((t: Json) => t.threadId === threadId)?.secret).toBe(fourth.body.secret);
  expect(state.addressRequests.find((r: Json) => r.mode === 'secret' && r.status === 200)).toMatchObject({ threadId, secretSent: '' });
});

test('socket addresses are single-use, unknown tokens refused, expired tokens refused', async () => {
  const { body } = await plainAddress();
  const client = await connect(body.payload.endpoint);
  expect(await refusedStatus(body.payload.endpoint)).toBe(401);
  client.close();
  expect(await refusedStatus(body.payload.endpoint.replace(/token=.*/, 'token=nope'))).toBe(401);
  expect(await refusedStatus(body.payload.endpoint.replace(/\/ws\?/, '/elsewhere?'))).toBe(404);

  await control('config', { tokenTtlMs: 100 });
  const late = await plainAddress();
  await sleep(200);
  expect(await refusedStatus(late.body.payload.endpoint)).toBe(401);

  const state = (await getJson('/__control/state')).body;
  expect(state.upgradeRefusals.map((r: Json) => r.reason)).toEqual([
    expect.stringContaining('already used'),
    'unknown token',
    expect.stringContaining('no socket endpoint'),
    'token expired',
  ]);
});

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

// ---------------- management API ----------------

test('flows listing needs a Bearer key and honours limit/skip; disabled flows are listed', async () => {
  expect((await getJson('/v1/projects/parley-demo/flows')).status).toBe(401);
  expect((await getJson('/v1/projects/parley-demo/flows', { authorization: 'x' })).status).toBe(401);
  const all = await getJson('/v1/projects/parley-demo/flows', { authorization: `Bearer ${service.options.managementKey}` });
  expect(all.status).toBe(200);
  expect(Array.isArray(all.body)).toBe(true);
  expect(all.body.some((f: Json) => f.disabled === true)).toBe(true);
  for (const f of all.body)
    expect(Object.keys(f).sort()).toEqual(['brainId', 'createdAt', 'disabled', 'flowId', 'group', 'projectId', 'steps', 'title']);
  const page = await getJson('/v1/projects/parley-demo/flows?limit=2&skip=1', { authorization: `Bearer ${service.options.managementKey}` });
  expect(page.body.map((f: Json) => f.flowId)).toEqual(all.body.slice(1, 3).map((f: Json) => f.flowId));
  expect(
    (await getJson('/v1/projects/parley-demo/flows?limit=-1', { authorization: `Bearer ${service.options.managementKey}` })).status,
  ).toBe(400);
  // The projects are the flows file's: another id is not one (after the key check, which comes first).
  const unknown = await getJson('/v1/projects/p1/flows', { authorization: `Bearer ${service.options.managementKey}` });
  expect([unknown.status, unknown.body.message]).toEqual([404, 'no project "p1": the flows are those of "parley-demo"']);
});

// ---------------- control API ----------------

test('control address: fail, refuse and networkError, each for the next N requests', async () => {
  await control('address', { fail: 2, status: 503 });
  const f1 = await plainAddress();
  expect(f1.status).toBe(503);
  expect(f1.body.status).toBe('error');
  expect((await secretAddress({ threadId: randomUUID(), secret: '' })).status).toBe(503);
  expect((await plainAddress()).status).toBe(200);

  await control('address', { refuse: 1 });
  const refused = await plainAddress();
  expect(refused.status).toBe(200);
  expect(refused.body.status).toBe('error');
  expect(refused.body.payload).toBeUndefined();
  expect((await plainAddress()).body.status).toBe('ok');

  await control('address', { networkError: 1 });
  await expect(plainAddress()).rejects.toThrow();
  expect((await plainAddress()).status).toBe(200);

  await control('address', { fail: 1 });
  expect((await plainAddress()).status).toBe(500); // default status

  const bad = await fetch(`${base}/__control/address`, { method: 'POST', body: JSON.stringify({ fial: 1 }) });
  expect(bad.status).toBe(400);
});

test("control drop: close a thread's sockets with a code, or terminate them", async () => {
  const t = randomUUID();
  const a = await plainSocket();
  const b = await plainSocket();
  await ask(a, text(t, 'hello'));
  const res = await control('drop', { threadId: t, code: 4001, reason: 'maintenance' });
  expect(res.dropped).toBe(1);
  expect(await a.closed).toEqual({ code: 4001, reason: 'maintenance' });
  expect(b.ws.readyState).toBe(WebSocket.OPEN);
  await control('drop', { terminate: true });
  expect((await b.closed).code).toBe(1006);
  const state = (await getJson('/__control/state')).body;
  expect(state.openSockets).toBe(0);
  expect(state.connections.map((x: Json) => x.closeCode)).toEqual([4001, 1006]);
});

test('control replies: hold queues delivered and received until released, in order; delayMs delays them', async () => {
  const c = await plainSocket();
  const t = randomUUID();
  await control('replies', { hold: true });
  c.send(text(t, 'pricing', 1));
  c.send(text(t, 'hours', 2));
  await sleep(200);
  expect(c.frames).toEqual([]);
  expect((await getJson('/__control/state')).body.replies.held).toBe(4);
  c.send({ type: 'ping' });
  await c.waitType('pong'); // keep-alive is not held
  const released = await control('replies', { hold: false });
  expect(released.replies.held).toBe(0);
  await c.waitType('message.received', 2);
  expect(c.frames.filter((f) => f.type !== 'pong').map((f) => `${f.type}:${f.payload.traceId ?? stepOf(f)}`)).toEqual([
    'message.delivered:1',
    'message.received:pricing',
    'message.delivered:2',
    'message.received:opening-hours',
  ]);

  await control('replies', { delayMs: 400 });
  const before = c.frames.length;
  const sentAt = Date.now();
  c.send(text(t, 'help', 3));
  await c.waitFor(() => c.frames.length > before);
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(350);
  expect(c.frames[before].type).toBe('message.delivered');
});

test('control blackhole: open sockets go silent and never idle out; new sockets are normal', async () => {
  await control('config', { idleTimeoutMs: 300 });
  const dead = await plainSocket();
  const t = randomUUID();
  const res = await control('blackhole', { on: true });
  expect(res.affected).toBe(1);
  const fresh = await plainSocket();
  dead.send({ type: 'ping' });
  dead.send(text(t, 'pricing', 1));
  fresh.send({ type: 'ping' });
  await fresh.waitType('pong');
  await sleep(700); // well past the idle limit
  expect(dead.frames).toEqual([]);
  expect(dead.ws.readyState).toBe(WebSocket.OPEN);
  const log = (await getJson('/__control/received')).body;
  expect(log.filter((e: Json) => e.blackholed).length).toBe(2);
  // The fresh socket (no frames since its ping) idles out normally.
  expect((await fresh.closed).code).toBe(4000);
  // Switching it off restores the old socket, idle timer included.
  await control('blackhole', { on: false });
  dead.send({ type: 'ping' });
  await dead.waitType('pong');
  expect((await dead.closed).code).toBe(4000);
});

test('control push: frames or raw text to a thread or to everyone; received log; state; reset', async () => {
  const t = randomUUID();
  const a = await plainSocket();
  const b = await plainSocket();
  await ask(a, text(t, 'hello', 1));
  let r = await control('push', { threadId: t, frame: { type: 'message.received', payload: { threadId: t, messages: [] } } });
  expect(r.sent).toBe(1);
  await a.waitFor((f) => f.type === 'message.received' && f.payload.messages.length === 0);
  r = await control('push', { raw: '{"type":' });
  expect(r.sent).toBe(2);
  await a.waitFor((f) => f.unparsable === '{"type":');
  await b.waitFor((f) => f.unparsable === '{"type":');
  expect(b.frames.filter((f) => f.type === 'message.received')).toEqual([]);
  const bad = await fetch(`${base}/__control/push`, { method: 'POST', body: '{}' });
  expect(bad.status).toBe(400);

  b.send({ type: 'ping' });
  await b.waitType('pong');
  const all = (await getJson('/__control/received')).body;
  expect(all.map((e: Json) => e.raw)).toEqual([JSON.stringify(text(t, 'hello', 1)), '{"type":"ping"}']);
  expect(all[0]).toMatchObject({ threadId: t, frame: text(t, 'hello', 1) });
  expect((await getJson(`/__control/received?threadId=${t}`)).body).toHaveLength(1);

  const state = (await getJson('/__control/state')).body;
  expect(state.openSockets).toBe(2);
  expect(state.connections).toHaveLength(2);
  expect(state.connections[0]).toMatchObject({ mode: 'plain', clientId: 'e2e', threads: [t] });
  expect(state.threads).toEqual([{ threadId: t, lastStepId: 'greeting', botPaused: false }]);
  expect(state.addressRequests).toHaveLength(2);

  await control('reset');
  expect((await a.closed).code).toBe(1001);
  await b.closed;
  const after = (await getJson('/__control/state')).body;
  expect(after).toMatchObject({ addressRequests: [], connections: [], threads: [], openSockets: 0 });
});

test('control push raws: many raw frames in order, as text or binary; exactly one of frame, raw, raws', async () => {
  const a = await plainSocket();
  const b = await plainSocket();
  const raws = ['{"type":', 'null', '[[[]]]', JSON.stringify({ type: 'pong' })];
  let r = await control('push', { raws });
  expect(r.sent).toBe(raws.length * 2);
  await a.waitFor(() => a.raws.length >= raws.length);
  expect(a.raws).toEqual(raws);
  await b.waitFor(() => b.raws.length >= raws.length);

  const binary: Buffer[] = [];
  a.ws.on('message', (data, isBinary) => isBinary && binary.push(data as Buffer));
  r = await control('push', {
    raws: ['bin-1', 'bin-2'],
    binary: true,
    sessionId: (await getJson('/__control/state')).body.connections[0].sessionId,
  });
  expect(r.sent).toBe(2);
  await a.waitFor(() => a.raws.length >= raws.length + 2);
  expect(binary.map(String)).toEqual(['bin-1', 'bin-2']);

  for (const body of [{}, { raws: [] }, { raws: [1] }, { raw: 'x', raws: ['y'] }, { frame: {}, binary: true }, { raws: ['x'], extra: 1 }]) {
    const bad = await fetch(`${base}/__control/push`, { method: 'POST', body: JSON.stringify(body) });
    expect(bad.status, JSON.stringify(body)).toBe(400);
  }
  expect(b.raws).toHaveLength(raws.length);
});
