import { describe, expect, it, vi } from 'vitest';
import { fakePolicyWatch, fakeSocketClass, silentLogger } from '../../test/fakes.ts';
import type { AddressResult } from './address.ts';
import type { SocketConstructor } from '../browser/platform.ts';
import { beginAttempt } from './attempt.ts';
import type { ConnectionEvent } from './machine.ts';

function setup(options: { address?: Promise<AddressResult>; SocketClass?: SocketConstructor | null } = {}) {
  const sockets = fakeSocketClass();
  const page = fakePolicyWatch();
  const logger = silentLogger();
  const events: ConnectionEvent[] = [];
  const received: unknown[] = [];
  let signal: AbortSignal | undefined;
  const attempt = beginAttempt(
    (s) => {
      signal = s;
      return options.address ?? Promise.resolve({ ok: true, endpoint: 'ws://service.test/ws', sessionId: 's1' });
    },
    options.SocketClass === null ? undefined : (options.SocketClass ?? sockets.SocketClass),
    logger,
    (event) => events.push(event),
    (data) => received.push(data),
    { policy: page.policy },
  );
  return { attempt, sockets, page, logger, events, received, signal: () => signal! };
}

/** Lets the address request's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('beginAttempt', () => {
  it('opens a socket on the address it was given, and reports when it opens', async () => {
    const t = setup();
    expect(t.sockets.sockets).toHaveLength(0);
    await settle();
    expect(t.sockets.sockets.map((s) => s.url)).toEqual(['ws://service.test/ws']);
    t.sockets.last().open();
    expect(t.events).toEqual([{ type: 'opened' }]);
  });

  it('reports a failed address request as failed', async () => {
    const error = { kind: 'http', message: 'nope', status: 503, final: false } as const;
    const t = setup({ address: Promise.resolve({ ok: false, error }) });
    await settle();
    expect(t.events).toEqual([{ type: 'failed', error }]);
    expect(t.sockets.sockets).toHaveLength(0);
  });

  it('reports a rejected address request as a network failure', async () => {
    const t = setup({ address: Promise.reject(new TypeError('Failed to fetch')) });
    await settle();
    expect(t.events).toEqual([{ type: 'failed', error: { kind: 'network', message: 'TypeError: Failed to fetch', final: false } }]);
  });

  it('fails for good where there is no WebSocket, and retryably where the constructor throws', async () => {
    const none = setup({ SocketClass: null });
    await settle();
    expect(none.events).toEqual([{ type: 'failed', error: expect.objectContaining({ kind: 'socket', final: true }) }]);
    const Throwing = class {
      constructor() {
        throw new SyntaxError('bad url');
      }
    } as unknown as SocketConstructor;
    const throwing = setup({ SocketClass: Throwing });
    await settle();
    await settle(); // a task for the page's CSP to say whether it refused the socket
    expect(throwing.events).toEqual([{ type: 'failed', error: expect.objectContaining({ kind: 'socket', final: false }) }]);
  });

  it('reports a close before the socket opened as failed (a task later, for a CSP refusal to show), and after it as lost', async () => {
    const early = setup();
    await settle();
    early.sockets.last().drop(1006);
    expect(early.events).toEqual([]);
    await settle();
    expect(early.events).toEqual([{ type: 'failed', error: { kind: 'socket', message: 'socket closed (code 1006)', final: false } }]);

    const late = setup();
    await settle();
    late.sockets.last().open();
    late.sockets.last().drop(1001, 'going away');
    expect(late.events).toEqual([
      { type: 'opened' },
      { type: 'lost', error: { kind: 'socket', message: 'socket closed (code 1001, going away)', final: false } },
    ]);
  });

  it('passes on what arrives, as it arrives', async () => {
    const t = setup();
    await settle();
    t.sockets.last().open();
    t.sockets.last().receive({ type: 'pong' });
    expect(t.received).toEqual(['{"type":"pong"}']);
  });

  it('sends only on an open socket, and says when it could not', async () => {
    const t = setup();
    expect(t.attempt.send({ type: 'ping' })).toBe(false);
    await settle();
    const socket = t.sockets.last();
    expect(t.attempt.send({ type: 'ping' })).toBe(false); // still connecting
    socket.open();
    expect(t.attempt.send({ type: 'ping' })).toBe(true);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    vi.spyOn(socket, 'send').mockImplementation(() => {
      throw new Error('InvalidStateError');
    });
    expect(t.attempt.send({ type: 'ping' })).toBe(false);
    expect(t.logger.warn).toHaveBeenCalledOnce();
  });

  it('drop aborts the address request and reports nothing when it settles', async () => {
    let resolve!: (result: AddressResult) => void;
    const t = setup({ address: new Promise((r) => (resolve = r)) });
    t.attempt.drop();
    expect(t.signal().aborted).toBe(true);
    resolve({ ok: true, endpoint: 'ws://service.test/ws', sessionId: 's1' });
    await settle();
    expect(t.sockets.sockets).toHaveLength(0);
    expect(t.events).toEqual([]);
  });

  it('drop closes the socket and silences it, even if an old handler is called late', async () => {
    const t = setup();
    await settle();
    const socket = t.sockets.last();
    const { onopen, onmessage, onclose } = socket;
    t.attempt.drop();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: 'client closing' });
    expect([socket.onopen, socket.onmessage, socket.onerror, socket.onclose]).toEqual([null, null, null, null]);
    onopen?.({});
    onmessage?.({ data: '{"type":"pong"}' });
    onclose?.({ code: 1006 });
    expect(t.events).toEqual([]);
    expect(t.received).toEqual([]);
    expect(t.attempt.send({ type: 'ping' })).toBe(false);
  });

  it("hears the page's refusals only until the socket opens or the attempt is dropped", async () => {
    const t = setup();
    expect(t.page.listenerCount()).toBe(1);
    await settle();
    t.sockets.last().open();
    expect(t.page.listenerCount()).toBe(0);
    const dropped = setup();
    dropped.attempt.drop();
    expect(dropped.page.listenerCount()).toBe(0);
  });

  it('tells a refused address request by the address it names, a task after the failure', async () => {
    const url = 'https://service.test/socket.info?sessionId=s1&clientId=c1';
    const error = { kind: 'network', message: `could not reach ${url}: Failed to fetch`, final: false } as const;
    const t = setup({ address: Promise.resolve({ ok: false, error, url }) });
    await settle();
    expect(t.events).toEqual([]);
    t.page.refuse(url);
    await settle();
    expect(t.events).toEqual([{ type: 'failed', error: expect.objectContaining({ kind: 'policy', final: true }) }]);
  });
});
