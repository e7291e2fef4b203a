// One connection kept and brought back: keep-alive pings and dead sockets, reconnecting after a
// drop or a hidden tab, the console told once per reason, and offline (waiting, rechecking, stopping).
import { describe, expect, it, vi } from 'vitest';
import { fakeTimersFromZero, openConnection, settle, setup } from '../../test/connection-setup.ts';

fakeTimersFromZero();

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
