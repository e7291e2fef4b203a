// One connection's life, up to its first open socket: a fresh address for each attempt, timeouts,
// the address request's failures (retried or final), and a page whose CSP refuses the service.
import { describe, expect, it, vi } from 'vitest';
import type { fakePolicyWatch } from '../../test/fakes.ts';
import { fakeTimersFromZero, openConnection, settle, setup } from '../../test/connection-setup.ts';
import type { SocketConstructor } from './connection.ts';

fakeTimersFromZero();

describe('connecting', () => {
  it('asks for a fresh address and connects to it at once', async () => {
    const t = setup();
    t.connection.start();
    expect(t.connection.state).toEqual({ kind: 'connecting', attempt: 0 });
    await settle();
    expect(t.http.requests).toHaveLength(1);
    expect(t.http.requests[0]!.url.searchParams.get('clientId')).toBe('c1');
    expect(t.http.requests[0]!.url.searchParams.get('sessionId')).toBe('session-1');
    expect(t.sockets.sockets.map((s) => s.url)).toEqual(['ws://service.test/ws?token=1']);
    t.sockets.last().open();
    expect(t.connection.state.kind).toBe('open');
  });

  it('never opens two sockets on one address: every attempt gets a new sessionId and address', async () => {
    const t = setup({ random: () => 0 });
    await openConnection(t);
    for (let i = 0; i < 5; i++) {
      t.sockets.last().drop();
      await settle();
      t.sockets.last().open();
    }
    const urls = t.sockets.sockets.map((s) => s.url);
    expect(urls).toHaveLength(6);
    expect(new Set(urls).size).toBe(6);
    const sessionIds = t.http.requests.map((r) => r.url.searchParams.get('sessionId'));
    expect(new Set(sessionIds).size).toBe(6);
  });

  it('stops cleanly while the address request is in flight', async () => {
    const t = setup({ script: ['hang'] });
    t.connection.start();
    await settle();
    t.connection.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.connection.state).toEqual({ kind: 'closed', reason: 'stopped' });
    expect(t.sockets.sockets).toHaveLength(0);
    expect(t.http.requests).toHaveLength(1);
  });

  it('closes a socket that is still connecting when stopped, and ignores its late open', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    const socket = t.sockets.last();
    t.connection.stop();
    expect(socket.closedByClient).toBeDefined();
    socket.open(); // arrives after the stop: nothing may happen
    expect(t.connection.state).toEqual({ kind: 'closed', reason: 'stopped' });
    expect(t.states.map((s) => s.kind)).toEqual(['connecting', 'closed']);
  });

  it('gives up an attempt that takes longer than the connect timeout', async () => {
    const t = setup({ script: ['hang'] });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(t.connection.state.kind).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'timeout' } });
  });
});

describe('failures of the address request', () => {
  for (const status of [400, 401, 403]) {
    it(`does not retry HTTP ${status}: a configuration error`, async () => {
      const t = setup({ script: [{ status, body: { status: 'error' } }] });
      t.connection.start();
      await settle();
      expect(t.connection.state).toMatchObject({ kind: 'closed', reason: 'fatal', error: { status, final: true } });
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(t.http.requests).toHaveLength(1);
      expect(t.logger.error).toHaveBeenCalledOnce();
    });
  }

  for (const status of [500, 502, 503, 429]) {
    it(`retries HTTP ${status} with backoff`, async () => {
      const t = setup({ script: [{ status }, { status }], random: () => 1 });
      t.connection.start();
      await settle();
      expect(t.connection.state).toMatchObject({ kind: 'waiting', attempt: 1, until: 500 });
      await vi.advanceTimersByTimeAsync(499);
      expect(t.http.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.http.requests).toHaveLength(2);
      expect(t.connection.state).toMatchObject({ kind: 'waiting', attempt: 2, until: 1_500 });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(t.http.requests).toHaveLength(3);
      t.sockets.last().open();
      expect(t.connection.state.kind).toBe('open');
    });
  }

  it('retries network errors, a status other than ok, and malformed bodies', async () => {
    const t = setup({
      script: ['network-error', { body: { status: 'error' } }, { body: { status: 'ok', payload: { endpoint: 'http://nope' } } }],
      random: () => 1,
    });
    t.connection.start();
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'status' } });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'malformed' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.connection.state.kind).toBe('connecting');
    expect(t.sockets.sockets).toHaveLength(1);
  });

  it('keeps the gaps within the backoff bounds, capped at 30 s', async () => {
    const t = setup({ script: Array.from({ length: 12 }, () => ({ status: 503 })), random: () => 1 });
    t.connection.start();
    await settle();
    const gaps: number[] = [];
    for (let i = 0; i < 10; i++) {
      const state = t.connection.state;
      if (state.kind !== 'waiting') throw new Error(`expected waiting, got ${state.kind}`);
      gaps.push(state.until - Date.now());
      await vi.advanceTimersByTimeAsync(state.until - Date.now());
    }
    expect(gaps).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('treats a socket that closes before opening as a failed attempt', async () => {
    const t = setup({ random: () => 1 });
    t.connection.start();
    await settle();
    t.sockets.last().drop(1006);
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'socket' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.sockets.sockets).toHaveLength(2);
  });
});

describe('a page whose Content-Security-Policy refuses the service (connect-src)', () => {
  type Page = ReturnType<typeof fakePolicyWatch>;
  /**
   * The browser's way: fetch rejects with a TypeError, and the refusal comes in an event of its
   * own, dispatched just before the rejection or in a task queued with it (Chromium: after).
   */
  const refusing =
    (when: 'before' | 'after') =>
    (scripted: typeof globalThis.fetch, page: Page): typeof globalThis.fetch =>
    (input, init) => {
      const url = String(input);
      if (when === 'before') page.refuse(url);
      else setTimeout(() => page.refuse(url), 0);
      return scripted(input, init);
    };
  const ADDRESS_REFUSED =
    "the page's Content-Security-Policy blocks https://service.test/socket.info (connect-src): add https://service.test and the service's wss:// socket address to connect-src";
  const SOCKET_REFUSED =
    "the page's Content-Security-Policy blocks the socket to ws://service.test (connect-src): add ws://service.test to connect-src";

  /** Nothing may bring it back: not time, not the page coming back to view, not Retry now. */
  async function expectNoRetry(t: ReturnType<typeof setup>) {
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    t.env.show();
    t.env.goOffline();
    t.env.goOnline();
    t.connection.retryNow();
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'closed', reason: 'fatal', error: { kind: 'policy' } });
  }

  for (const when of ['before', 'after'] as const) {
    it(`a refused address request (the refusal heard ${when} the TypeError) is an error state naming the directive and the address, never retried`, async () => {
      const t = setup({ script: ['network-error', 'network-error'], fetch: refusing(when) });
      t.connection.start();
      await settle();
      expect(t.connection.state).toEqual({
        kind: 'closed',
        reason: 'fatal',
        error: { kind: 'policy', message: ADDRESS_REFUSED, final: true },
      });
      expect(t.states.map((s) => s.kind)).toEqual(['connecting', 'closed']);
      await expectNoRetry(t);
      expect(t.http.requests).toHaveLength(1);
      expect(t.logger.error).toHaveBeenCalledOnce();
      expect(t.logger.error).toHaveBeenCalledWith(`[parley] cannot connect: ${ADDRESS_REFUSED}`);
      expect(t.logger.warn).not.toHaveBeenCalled();
      expect(t.page.listenerCount()).toBe(0);
    });
  }

  it('a refused socket (the refusal, then an error event and no close, as in Chromium) is the same error state', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    const socket = t.sockets.last();
    t.page.refuse(socket.url);
    socket.readyState = 3;
    socket.onerror?.({});
    expect(t.connection.state.kind).toBe('connecting'); // a task for the refusal to show
    await settle();
    expect(t.connection.state).toEqual({
      kind: 'closed',
      reason: 'fatal',
      error: { kind: 'policy', message: SOCKET_REFUSED, final: true },
    });
    await expectNoRetry(t);
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.http.requests).toHaveLength(1);
    expect(t.logger.error).toHaveBeenCalledExactlyOnceWith(`[parley] cannot connect: ${SOCKET_REFUSED}`);
    expect(socket.closedByClient).toBeDefined();
  });

  it('a refused socket whose error and close come before the refusal is the same error state', async () => {
    const t = setup();
    t.connection.start();
    await settle();
    const socket = t.sockets.last();
    setTimeout(() => t.page.refuse(socket.url), 0);
    socket.drop(1006);
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'closed', reason: 'fatal', error: { kind: 'policy', message: SOCKET_REFUSED } });
  });

  it('a socket constructor that throws for the refusal (a SecurityError), the refusal a task later, is the same error state', async () => {
    const t = setup({
      WebSocket: (page) =>
        class {
          constructor(url: string) {
            setTimeout(() => page.refuse(url), 0);
            throw new DOMException('The operation is insecure.', 'SecurityError');
          }
        } as unknown as SocketConstructor,
    });
    t.connection.start();
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'closed', reason: 'fatal', error: { kind: 'policy', message: SOCKET_REFUSED } });
  });

  it('an ordinary network failure still retries, whatever else the page refuses', async () => {
    const t = setup({
      script: ['network-error', 'network-error'],
      random: () => 1,
      fetch: (scripted, page) => (input, init) => {
        page.refuse('https://analytics.example/collect'); // the page's own
        page.refuse('https://service.test', 'img-src'); // a picture of the service's origin says nothing of its address
        page.refuse('wss://service.test/ws?token=9', 'connect-src'); // another address
        return scripted(input, init);
      },
    });
    t.connection.start();
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'network' } });
    // The backoff, then a task to hear refusals in (a fake timer set while others fire waits 1 ms).
    await vi.advanceTimersByTimeAsync(500 + 1);
    expect(t.http.requests).toHaveLength(2);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', attempt: 2, error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(1_000);
    t.sockets.last().open();
    expect(t.connection.state.kind).toBe('open');
    expect(t.page.listenerCount()).toBe(0); // an open socket listens for no refusal
  });

  it('an ordinary socket failure still retries', async () => {
    const t = setup({ random: () => 1 });
    t.connection.start();
    await settle();
    t.page.refuse('https://analytics.example/collect');
    t.sockets.last().drop(1006);
    await settle();
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'socket' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.sockets.sockets).toHaveLength(2);
  });
});
