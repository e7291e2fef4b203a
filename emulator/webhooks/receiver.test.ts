// The built-in receiver over real HTTP (port 0), mounted under /receiver as the emulator does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReceiver, type WebhookReceiver } from './receiver.ts';
import { listen, type LocalServer } from '../../test/emulator/test-server.ts';

let receiver: WebhookReceiver;
let server: LocalServer;
let base: string;
let now = 1_000;

beforeEach(async () => {
  receiver = createReceiver({ clock: { now: () => now, setTimeout: () => 0, clearTimeout: () => {} }, maxRecords: 5 });
  server = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (!path.startsWith('/receiver')) return res.writeHead(404).end();
    receiver.handle(req, res, path.slice('/receiver'.length));
  });
  base = `${server.url}/receiver`;
});

afterEach(() => server.close());

const post = (url: string, body: unknown, type = 'application/json') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': type, 'user-agent': 'test-agent' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('built-in webhook receiver', () => {
  it('records each POST with its time, headers and parsed body, and answers 200 {status: ok}', async () => {
    const res = await post(base, { id: 'evt_1', type: 'message', threadId: 't' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(receiver.received()).toEqual([
      {
        at: 1_000,
        headers: { 'content-type': 'application/json', 'user-agent': 'test-agent' },
        body: { id: 'evt_1', type: 'message', threadId: 't' },
        answered: 200,
      },
    ]);
  });

  it('keeps a body that is not JSON as text', async () => {
    await post(`${base}/`, 'not json', 'text/plain');
    expect(receiver.received()[0]!.body).toBe('not json');
  });

  it('lists what it got, newest last, filtered by ?type=', async () => {
    await post(base, { id: 'a', type: 'message' });
    now = 2_000;
    await post(base, { id: 'b', type: 'paused' });
    await post(base, { id: 'c', type: 'message' });
    const all = (await (await fetch(base)).json()) as { status: string; received: Array<{ body: { id: string } }> };
    expect(all.status).toBe('ok');
    expect(all.received.map((item) => item.body.id)).toEqual(['a', 'b', 'c']);
    const messages = (await (await fetch(`${base}?type=message`)).json()) as typeof all;
    expect(messages.received.map((item) => item.body.id)).toEqual(['a', 'c']);
  });

  it('fails the next N deliveries with the status asked for, then answers 200 again', async () => {
    const set = await post(`${base}/fail`, { count: 2, status: 503 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ status: 'ok', failNext: { count: 2, status: 503 } });
    const statuses = [];
    for (const id of ['a', 'b', 'c']) statuses.push((await post(base, { id, type: 'message' })).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(receiver.received().map((item) => item.answered)).toEqual([503, 503, 200]);
  });

  it('fails with 500 when no status is given; failNext() works from code too', async () => {
    await post(`${base}/fail`, { count: 1 });
    expect((await post(base, {})).status).toBe(500);
    receiver.failNext(1, 302);
    const res = await post(base, {});
    expect(res.status).toBe(302);
    expect(await res.json()).toMatchObject({ status: 'error' });
  });

  it('refuses a bad /fail body, naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ count: -1 }, /count/],
      [{ count: 1.5 }, /count/],
      [{}, /count/],
      [{ count: 1, status: 200 }, /status/],
      [{ count: 1, status: 600 }, /status/],
      [{ count: 1, extra: true }, /extra/],
      [[1], /object/],
      ['{nope', /JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${base}/fail`, body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { status: string; message: string };
      expect(json.status).toBe('error');
      expect(json.message).toMatch(message);
    }
    expect((await post(base, {})).status).toBe(200);
  });

  it('DELETE forgets what was received and the fail counter', async () => {
    await post(base, { id: 'a' });
    receiver.failNext(3);
    const res = await fetch(base, { method: 'DELETE' });
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(receiver.received()).toEqual([]);
    expect((await post(base, {})).status).toBe(200);
  });

  it('keeps at most maxRecords, dropping the oldest', async () => {
    for (let i = 1; i <= 7; i++) await post(base, { id: `e${i}` });
    expect(receiver.received().map((item) => (item.body as { id: string }).id)).toEqual(['e3', 'e4', 'e5', 'e6', 'e7']);
  });

  it('keeps at most its bytes, dropping the oldest, and says so to onDrop', async () => {
    let drops = 0;
    const small = createReceiver({ bound: { count: 100, bytes: 50_000, label: 'bodies' }, onDrop: () => drops++ });
    const local = await listen((req, res) => small.handle(req, res, ''));
    try {
      for (let i = 0; i < 5; i++) await post(local.url, { n: i, text: 'x'.repeat(10_000) });
      expect(small.received().map((r) => (r.body as { n: number }).n)).toEqual([3, 4]);
      expect(small.kept().bytes).toBeLessThanOrEqual(50_000);
      expect(drops).toBe(3);
    } finally {
      await local.close();
    }
  });

  it('answers preflights (DELETE included), 405 for other methods and 404 for unknown routes', async () => {
    const preflight = await fetch(base, {
      method: 'OPTIONS',
      headers: { origin: 'http://page.test', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://page.test');
    expect((await fetch(base, { method: 'PUT' })).status).toBe(405);
    expect((await fetch(`${base}/fail`)).status).toBe(405);
    const missing = await fetch(`${base}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 'error' });
  });
});
