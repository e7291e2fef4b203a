// The emulator's management and control APIs over real HTTP and real sockets, in-process and
// without a browser: the flows listing, and the failures, drops, held replies, blackhole and pushes
// the widget's specs inject.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import {
  ask,
  base,
  control,
  getJson,
  plainAddress,
  plainSocket,
  secretAddress,
  serveEmulator,
  service,
  sleep,
  stepOf,
  text,
  type Json,
} from './support/emulator-server.ts';

serveEmulator();

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
