// @vitest-environment happy-dom
// The visitor opens the chat (issue 43): in plain mode its address is asked for at once, before
// storage is read and the tabs have chosen a holder, and the first socket uses it: one request,
// one address, used once. Secret mode waits for the thread's secret; an early address left too
// long is not used.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup } from '../../test/element-fixture.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
});

/** An element whose storage takes `ms` to read, as IndexedDB takes a while. */
function withSlowStorage(ms: number) {
  const t = setup();
  const load = t.store.load.bind(t.store);
  t.store.load = (limit) => new Promise((resolve) => setTimeout(() => resolve(load(limit)), ms));
  return t;
}

describe('an address asked for when the visitor opens the chat', () => {
  it('goes out before storage is read, and the first socket uses it: one request, one address', async () => {
    const t = withSlowStorage(500);
    const element = t.create();
    element.open();
    await settle();
    expect(t.http.requests).toHaveLength(1);
    expect(t.sockets.sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(t.sockets.sockets).toHaveLength(1);
    expect(t.sockets.last().url).toBe('ws://service.test/ws?token=1');
    expect(t.http.requests).toHaveLength(1);
  });

  it('is not asked for in secret mode (the request needs the thread), nor before the visitor opens the chat', async () => {
    const secret = withSlowStorage(500);
    const element = secret.create({ 'client-id': 'c1', 'base-url': 'https://service.test', 'sdk-url': 'https://sdk.test' });
    element.open();
    await settle();
    expect(secret.http.requests).toHaveLength(0);
    const closed = withSlowStorage(500);
    closed.create();
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(closed.http.requests).toHaveLength(0);
  });

  it('is left unused when the first attempt comes too late, and a fresh one is asked for', async () => {
    const t = withSlowStorage(25_000);
    const element = t.create();
    element.open();
    await settle();
    expect(t.http.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(25_000);
    await settle();
    expect(t.http.requests).toHaveLength(2);
    expect(t.sockets.last().url).toBe('ws://service.test/ws?token=2');
  });
});
