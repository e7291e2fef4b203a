import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAddressFetch, fakeEnvironment, fakePolicyWatch, fakeSocketClass, silentLogger } from '../../test/fakes.ts';
import { requestAddress } from './address.ts';
import { createConnection, type ConnectionTimings, type SocketConstructor } from './connection.ts';
import type { ConnectionState } from './machine.ts';

interface SetupOptions {
  script?: Parameters<typeof fakeAddressFetch>[0];
  random?: () => number;
  timings?: Partial<ConnectionTimings>;
  online?: boolean;
  /** Wraps the scripted fetch (a page's CSP refusing it). */
  fetch?: (scripted: typeof globalThis.fetch, page: ReturnType<typeof fakePolicyWatch>) => typeof globalThis.fetch;
  /** Replaces the recorded socket class (one that throws). */
  WebSocket?: (page: ReturnType<typeof fakePolicyWatch>) => SocketConstructor;
}

function setup(options: SetupOptions = {}) {
  const sockets = fakeSocketClass();
  const http = fakeAddressFetch(options.script);
  const page = fakePolicyWatch();
  const fetch = options.fetch ? options.fetch(http.fetch, page) : http.fetch;
  const env = fakeEnvironment({ online: options.online ?? true });
  const logger = silentLogger();
  const frames: unknown[] = [];
  const states: ConnectionState[] = [];
  let sessions = 0;
  const connection = createConnection(
    {
      requestAddress: (signal) =>
        requestAddress(
          { mode: 'plain', baseUrl: 'https://service.test', clientId: 'c1' },
          { fetch, uuid: () => `session-${++sessions}`, signal },
        ),
      onFrame: (frame) => frames.push(frame),
      onStateChange: (state) => states.push(state),
      ...(options.timings ? { timings: options.timings } : {}),
    },
    {
      WebSocket: options.WebSocket?.(page) ?? sockets.SocketClass,
      random: options.random ?? (() => 0.5),
      environment: env.environment,
      policy: page.policy,
      logger,
    },
  );
  return { connection, sockets, http, page, env, logger, frames, states };
}

/** Lets the address request's promises settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

async function openConnection(t: ReturnType<typeof setup>) {
  t.connection.start();
  await settle();
  t.sockets.last().open();
  expect(t.connection.state.kind).toBe('open');
  return t.sockets.last();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

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

describe('keep-alive', () => {
  it('pings at exactly 25 s, and every 25 s after', async () => {
    const t = setup();
    const socket = await openConnection(t);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(socket.frames()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.frames()).toEqual([{ type: 'ping' }]);
    socket.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.frames()).toEqual([{ type: 'ping' }, { type: 'ping' }]);
  });

  it('keeps an idle connection whose pings are answered', async () => {
    const t = setup();
    const socket = await openConnection(t);
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(25_000);
      socket.receive({ type: 'pong' });
    }
    expect(t.connection.state.kind).toBe('open');
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.frames).toEqual([]); // pongs are not passed on
  });

  it('replaces a connection that stays silent after a ping (a laptop that slept)', async () => {
    const t = setup({ random: () => 0 });
    const socket = await openConnection(t);
    await vi.advanceTimersByTimeAsync(25_000 + 9_999);
    expect(t.connection.state.kind).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', error: { kind: 'dead' } });
    expect(socket.closedByClient).toBeDefined();
    // A zero delay scheduled inside a timer callback runs 1 ms later under fake timers.
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.http.requests).toHaveLength(2);
  });

  it('counts any frame, not only a pong, as a sign of life', async () => {
    const t = setup();
    const socket = await openConnection(t);
    await vi.advanceTimersByTimeAsync(25_000);
    await vi.advanceTimersByTimeAsync(5_000);
    socket.receive('not even json');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.connection.state.kind).toBe('open');
  });

  it('reconnects at once when a hidden tab comes back with a socket silent for too long', async () => {
    const t = setup({ random: () => 0.5 });
    const socket = await openConnection(t);
    t.env.hide();
    // The tab's timers were throttled: the clock moved, the ping timer did not run.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    t.env.show();
    expect(socket.closedByClient).toBeDefined();
    expect(t.connection.state.kind).toBe('connecting');
    await settle();
    expect(t.sockets.sockets).toHaveLength(2);
  });

  it('probes a recently active socket with a ping when the tab comes back', async () => {
    const t = setup();
    const socket = await openConnection(t);
    await vi.advanceTimersByTimeAsync(5_000);
    t.env.hide();
    t.env.show();
    expect(socket.frames()).toEqual([{ type: 'ping' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.connection.state.kind).toBe('waiting');
  });
});

describe('reconnecting', () => {
  it('reconnects after a drop with a new address', async () => {
    const t = setup({ random: () => 0.5 });
    const socket = await openConnection(t);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(25_000);
      socket.receive({ type: 'pong' });
    }
    t.sockets.last().drop(1001);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', attempt: 1, until: Date.now() + 250 });
    await vi.advanceTimersByTimeAsync(250);
    expect(t.http.requests).toHaveLength(2);
    t.sockets.last().open();
    expect(t.connection.state.kind).toBe('open');
  });

  it('ignores events from a socket that is no longer current', async () => {
    const t = setup({ random: () => 0 });
    const first = await openConnection(t);
    first.drop();
    await settle();
    const second = t.sockets.last();
    second.open();
    // The old socket speaks up late: its handlers were detached, and even if called they must do nothing.
    first.onclose?.({ code: 1006 });
    first.onmessage?.({ data: JSON.stringify({ type: 'error', message: 'old' }) });
    expect(t.connection.state.kind).toBe('open');
    expect(t.frames).toEqual([]);
    second.receive({ type: 'error', message: 'new' });
    expect(t.frames).toEqual([{ type: 'error', message: 'new' }]);
  });

  it('waits while offline and reconnects at once when back online', async () => {
    const t = setup();
    const socket = await openConnection(t);
    t.env.goOffline();
    expect(t.connection.state.kind).toBe('offline');
    expect(socket.closedByClient).toBeDefined();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(t.http.requests).toHaveLength(1);
    t.env.goOnline();
    expect(t.connection.state).toEqual({ kind: 'connecting', attempt: 0 });
    await settle();
    expect(t.http.requests).toHaveLength(2);
  });

  it('starts offline without touching the network', async () => {
    const t = setup({ online: false });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.connection.state.kind).toBe('offline');
    expect(t.http.requests).toHaveLength(0);
    t.env.goOnline();
    await settle();
    expect(t.http.requests).toHaveLength(1);
  });

  it('leaves offline when the tab comes back and the browser is online, even without an online event', async () => {
    const t = setup({ online: false });
    t.connection.start();
    t.env.show();
    expect(t.connection.state.kind).toBe('offline');
    t.env.setOnlineQuietly(true);
    t.env.show();
    expect(t.connection.state).toEqual({ kind: 'connecting', attempt: 0 });
  });

  it('skips the rest of a backoff when the tab becomes visible', async () => {
    const t = setup({ script: [{ status: 503 }, { status: 503 }, { status: 503 }], random: () => 1 });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(500 + 1_000);
    expect(t.connection.state).toMatchObject({ kind: 'waiting', until: Date.now() + 2_000 });
    t.env.show();
    expect(t.connection.state.kind).toBe('connecting');
  });

  it('tells the console once per reason, not once per retry, and again after it connected', async () => {
    const t = setup({
      script: [{ status: 503 }, { status: 503 }, { status: 503 }, 'network-error', 'network-error', { status: 503 }],
      random: () => 1,
    });
    t.connection.start();
    for (let i = 0; i < 6; i++) {
      await settle();
      const state = t.connection.state;
      if (state.kind === 'waiting') await vi.advanceTimersByTimeAsync(state.until - Date.now() + 1);
    }
    await settle();
    t.sockets.last().open();
    const told = [...vi.mocked(t.logger.error).mock.calls, ...vi.mocked(t.logger.warn).mock.calls].map((call) => String(call[0]));
    expect(told).toHaveLength(3); // 503 (three times), could not reach (twice, each with its own sessionId), 503 again
    expect(told[0]).toContain('503');
    expect(told[1]).toContain('could not reach https://service.test/');
    expect(told[2]).toContain('503');
    expect(t.connection.state.kind).toBe('open');
  });

  it('after stop, leaves no timer, socket or listener behind', async () => {
    const t = setup();
    const socket = await openConnection(t);
    t.connection.stop();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: 'client closing' });
    expect(t.env.listenerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends only while open', async () => {
    const t = setup();
    expect(t.connection.send({ type: 'ping' })).toBe(false);
    const socket = await openConnection(t);
    expect(t.connection.send({ type: 'ping' })).toBe(true);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
  });

  it('passes valid frames on and drops malformed ones with a warning', async () => {
    const t = setup();
    const socket = await openConnection(t);
    socket.receive('{broken');
    socket.receive({ type: 'typing.start', payload: {} });
    socket.receive({ type: 'message.received', payload: { threadId: 7 } });
    socket.receive({ type: 'message.delivered', payload: { threadId: 't', traceId: 1, speech: 'hi', extra: true } });
    expect(t.frames).toEqual([{ type: 'message.delivered', payload: { threadId: 't', traceId: 1 } }]);
    expect(t.logger.warn).toHaveBeenCalledTimes(3);
  });
});

describe('offline', () => {
  it('re-checks the browser every 5 s and connects when it is online again, even without an online event', async () => {
    const t = setup();
    await openConnection(t);
    t.env.goOffline();
    await vi.advanceTimersByTimeAsync(60_000); // the twelfth check just ran
    expect(t.connection.state.kind).toBe('offline');
    t.env.setOnlineQuietly(true); // the `online` event is missed
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.connection.state.kind).toBe('offline');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.connection.state).toEqual({ kind: 'connecting', attempt: 0 });
    await settle();
    t.sockets.last().open();
    expect(t.connection.state.kind).toBe('open');
    expect(t.http.requests).toHaveLength(2);
  });

  it('keeps one recheck timer while offline, takes offlineRecheckMs from the timings, and touches no network', async () => {
    const t = setup({ online: false, timings: { offlineRecheckMs: 8_000 } });
    t.connection.start();
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(8_000);
      expect(vi.getTimerCount()).toBe(1);
    }
    expect(t.http.requests).toHaveLength(0);
    t.env.setOnlineQuietly(true);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(t.connection.state.kind).toBe('offline');
    await vi.advanceTimersByTimeAsync(1);
    expect(t.connection.state.kind).toBe('connecting');
  });

  it('after stop while offline, leaves no timer or listener behind', async () => {
    const t = setup({ online: false });
    t.connection.start();
    expect(vi.getTimerCount()).toBe(1);
    t.connection.stop();
    expect(t.connection.state).toEqual({ kind: 'closed', reason: 'stopped' });
    expect(vi.getTimerCount()).toBe(0);
    expect(t.env.listenerCount()).toBe(0);
    t.env.setOnlineQuietly(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.http.requests).toHaveLength(0);
  });
});
