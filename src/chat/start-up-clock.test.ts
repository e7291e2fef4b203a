// @vitest-environment happy-dom
// What a panel's start-up leaves out of the way of the tap (issue 43): an Intl object costs a slow
// phone about a tenth of a second, so a panel the visitor just opened makes its messages' clock
// once the connection has started, not before (the head start's address, connection/
// early-address.ts, goes out before the panel is drawn). (A file of its own: the clock, once
// made, is kept for the module's life.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup, clearPage } from '../../test/element-fixture.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearPage();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the chat's start-up", () => {
  it("makes a just-opened panel's clock after its address request has gone, not before", async () => {
    const t = setup();
    // Storage that takes a while, as IndexedDB does: the connection starts only once it has been read.
    const load = t.store.load.bind(t.store);
    t.store.load = (limit) => new Promise((resolve) => setTimeout(() => resolve(load(limit)), 100));
    const requestsWhenMade: number[] = [];
    const Native = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (this: unknown, ...args: ConstructorParameters<typeof Native>) {
      requestsWhenMade.push(t.http.requests.length);
      return new Native(...args);
    } as unknown as typeof Native);
    const element = t.create();
    element.open();
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(t.http.requests.length).toBeGreaterThan(0);
    expect(requestsWhenMade.length).toBeGreaterThan(0);
    expect(requestsWhenMade[0]).toBeGreaterThan(0);
  });
});
