// Webhook delivery over real HTTP on loopback: the real post, real receivers, real (scaled) time.
// A time scale of 0.0001 runs the 4-hour window in 1.44 s.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDispatcher, type WebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.ts';
import { postJson } from './post.ts';
import { createReceiver } from './receiver.ts';
import { listen, refusedPort, type LocalServer } from '../../test/emulator/test-server.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalServer> {
  const local = await listen(handler);
  cleanups.push(local.close);
  return local;
}

function dispatcher(url: string, options: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcher {
  const created = createWebhookDispatcher({ target: () => ({ url, verifyToken: 'secret' }), timeScale: 0.0001, ...options });
  cleanups.push(created.close);
  return created;
}

/** A receiver server that answers every request with `status` and keeps what it got. */
async function answering(status: number, headers: Record<string, string> = {}) {
  const got: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const local = await server((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(status, headers).end('ignored body');
    });
  });
  return { ...local, got };
}

describe('webhook delivery over real HTTP', () => {
  it('200: delivered at the first attempt, as JSON with our headers', async () => {
    const receiver = await answering(200);
    const hooks = dispatcher(`${receiver.url}/hook`);
    const emitted = hooks.emit('message', { threadId: 't1' })!;
    await hooks.idle();
    expect(hooks.records()[0]).toMatchObject({ id: emitted.id, state: 'delivered', attempts: [{ status: 200 }] });
    expect(receiver.got).toHaveLength(1);
    expect(receiver.got[0]!.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'parley-emulator' });
    expect(JSON.parse(receiver.got[0]!.body)).toEqual({ ...emitted.body });
    expect(JSON.parse(receiver.got[0]!.body)).toMatchObject({ id: emitted.id, type: 'message', verifyToken: 'secret', threadId: 't1' });
  });

  it('302: not followed (the Location never sees a request), retried, then failed at the window', async () => {
    const elsewhere = await answering(200);
    const redirecting = await answering(302, { Location: `${elsewhere.url}/moved` });
    const hooks = dispatcher(redirecting.url);
    hooks.emit('message', {});
    await hooks.idle();
    const [record] = hooks.records();
    expect(record!.state).toBe('failed');
    // 16 attempts when each fails at once; a loaded machine's slower round trips fit fewer in the window.
    expect(record!.attempts.length).toBeGreaterThan(8);
    expect(record!.attempts.length).toBeLessThanOrEqual(16);
    expect(record!.attempts.every((a) => a.status === 302 && a.error === 'redirect 302')).toBe(true);
    expect(redirecting.got).toHaveLength(record!.attempts.length);
    expect(elsewhere.got).toHaveLength(0);
  });

  it('500: the same id and the same bytes on all 16 attempts, given up at 1.44 s (4 h scaled)', async () => {
    const receiver = await answering(500);
    const hooks = dispatcher(receiver.url);
    const emitted = hooks.emit('paused', { threadId: 't1' })!;
    await hooks.idle();
    const [record] = hooks.records();
    expect(record!.state).toBe('failed');
    expect(record!.attempts.length).toBeGreaterThan(8);
    expect(receiver.got).toHaveLength(record!.attempts.length);
    expect(new Set(receiver.got.map((got) => got.body)).size).toBe(1);
    expect(JSON.parse(receiver.got[0]!.body).id).toBe(emitted.id);
    const lastOffset = record!.attempts.at(-1)!.at - record!.createdAt;
    expect(lastOffset).toBeGreaterThanOrEqual(1440);
    expect(lastOffset).toBeLessThan(1440 + 200);
  });

  it('500 twice then 200, to the built-in receiver: one id, three records, delivered', async () => {
    const builtIn = createReceiver();
    const local = await server((req, res) => builtIn.handle(req, res, '/'));
    builtIn.failNext(2);
    const hooks = dispatcher(local.url);
    const emitted = hooks.emit('message', { threadId: 't1' })!;
    await hooks.idle();
    expect(hooks.records()[0]!.state).toBe('delivered');
    expect(builtIn.received().map((got) => [(got.body as { id: string }).id, got.answered])).toEqual([
      [emitted.id, 500],
      [emitted.id, 500],
      [emitted.id, 200],
    ]);
  });

  it('a receiver that never answers: the attempt times out (real, unscaled timeout)', async () => {
    const silent = await server(() => {});
    const hooks = dispatcher(silent.url, { attemptTimeoutMs: 150, timeScale: 1 });
    hooks.emit('message', {});
    const started = Date.now();
    await until(() => hooks.records()[0]!.attempts.length === 1);
    const [record] = hooks.records();
    expect(record).toMatchObject({ state: 'retrying', attempts: [{ error: 'timeout' }] });
    expect(record!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(record!.nextAttemptAt! - record!.createdAt).toBeGreaterThanOrEqual(10_000);
  });

  it('a refused connection is a failure named "refused"', async () => {
    const port = await refusedPort();
    expect(await postJson(`http://127.0.0.1:${port}/`, '{}', { timeoutMs: 1000 })).toEqual({ error: 'refused' });
    const hooks = dispatcher(`http://127.0.0.1:${port}/`);
    hooks.emit('message', {});
    await hooks.idle();
    const [record] = hooks.records();
    expect(record!.state).toBe('failed');
    expect(record!.attempts).toHaveLength(16);
    expect(new Set(record!.attempts.map((a) => a.error))).toEqual(new Set(['refused']));
  });

  it('a 2xx whose body never ends is acknowledged at its headers; the socket is let go after the timeout', async () => {
    let closed = false;
    const endless = await server((req, res) => {
      req.resume();
      res.writeHead(200).write('partial');
      res.on('close', () => (closed = true));
    });
    expect(await postJson(endless.url, '{}', { timeoutMs: 100 })).toEqual({ status: 200 });
    await until(() => closed);
  });

  it('the real post never throws on a bad URL', async () => {
    expect(await postJson('not a url', '{}')).toEqual({ error: 'network: invalid URL' });
    expect(await postJson('ftp://x/', '{}')).toEqual({ error: 'network: unsupported protocol ftp:' });
  });

  it('ordering: a healthy receiver sees events in emission order', async () => {
    const receiver = await answering(200);
    const hooks = dispatcher(receiver.url);
    const ids = Array.from({ length: 50 }, (_, i) => hooks.emit('message', { n: i })!.id);
    await hooks.idle();
    expect(receiver.got.map((got) => JSON.parse(got.body).id)).toEqual(ids);
  });

  it('ordering: a retried event arrives after later events', async () => {
    const builtIn = createReceiver();
    const local = await server((req, res) => builtIn.handle(req, res, '/'));
    builtIn.failNext(1);
    const hooks = dispatcher(local.url, { timeScale: 0.01 }); // first retry after 100 ms
    hooks.emit('first', {});
    hooks.emit('second', {});
    await hooks.idle();
    expect(builtIn.received().map((got) => [(got.body as { type: string }).type, got.answered])).toEqual([
      ['first', 500],
      ['second', 200],
      ['first', 200],
    ]);
  });
});

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
