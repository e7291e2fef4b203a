// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Refusals are remembered for the page: each test gets the module afresh.
const fresh = async () => {
  vi.resetModules();
  return import('./features.ts');
};

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');

/** Makes a global's getter throw, as a sandboxed frame or "block all cookies" does. */
function refuseGlobal(name: string): void {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get: () => {
      throw securityError();
    },
  });
}

let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
const saved = new Map<string, PropertyDescriptor | undefined>();

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  for (const name of ['localStorage', 'sessionStorage', 'indexedDB', 'origin'])
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
});

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
  warn.mockRestore();
  vi.useRealTimers();
});

const parleyLines = () => warn.mock.calls.filter(([text]) => String(text).startsWith('[parley]'));

describe('browser features', () => {
  it('Web Storage whose getter throws reads as unreadable, writes as not kept, and is said once', async () => {
    refuseGlobal('localStorage');
    refuseGlobal('sessionStorage');
    const { webStorage } = await fresh();
    const local = webStorage('localStorage');
    expect(local.get('a')).toBeUndefined();
    expect(local.set('a', '1')).toBe(false);
    expect(() => local.remove('a')).not.toThrow();
    expect(webStorage('sessionStorage').get('a')).toBeUndefined();
    local.get('again');
    vi.runAllTimers();
    expect(parleyLines()).toHaveLength(1);
    expect(parleyLines()[0]![0]).toMatch(/refuses localStorage, sessionStorage .*in memory/);
  });

  it('a full storage loses that write only: no refusal is said', async () => {
    const items = new Map<string, string>();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
        removeItem: (key: string) => items.delete(key),
      },
    });
    const { webStorage, isRefused } = await fresh();
    expect(webStorage('localStorage').set('a', '1')).toBe(false);
    expect(webStorage('localStorage').get('a')).toBeNull();
    expect(isRefused('localStorage')).toBe(false);
    vi.runAllTimers();
    expect(parleyLines()).toHaveLength(0);
  });

  it('an opaque origin gets no storage, no IndexedDB and no Web Locks, in one line, before any of them is tried', async () => {
    Object.defineProperty(globalThis, 'origin', { configurable: true, value: 'null' });
    const open = vi.fn();
    Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: { open } });
    const request = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { webStorage, indexedDbFactory, lockManager } = await fresh();
    expect(webStorage('sessionStorage').get('x')).toBeUndefined();
    expect(indexedDbFactory()).toBeUndefined();
    expect(lockManager()).toBeUndefined();
    expect(open).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(parleyLines()).toHaveLength(1);
    for (const name of ['sessionStorage', 'localStorage', 'IndexedDB', 'Web Locks']) expect(parleyLines()[0]![0]).toContain(name);
    vi.unstubAllGlobals();
  });

  it('where Web Storage is refused, IndexedDB is too (Chromium opens it, then denies every request)', async () => {
    refuseGlobal('localStorage');
    const { indexedDbFactory } = await fresh();
    expect(indexedDbFactory()).toBeUndefined();
  });

  it('an IndexedDB getter that throws is not available', async () => {
    refuseGlobal('indexedDB');
    const { indexedDbFactory, isRefused } = await fresh();
    expect(indexedDbFactory()).toBeUndefined();
    expect(isRefused('IndexedDB')).toBe(true);
  });

  it('where storage works, everything is there and nothing is said', async () => {
    const { webStorage, indexedDbFactory, lockManager } = await fresh();
    const local = webStorage('localStorage');
    expect(local.set('parley:test', '1')).toBe(true);
    expect(local.get('parley:test')).toBe('1');
    local.remove('parley:test');
    expect(indexedDbFactory()).toBe(globalThis.indexedDB);
    vi.stubGlobal('navigator', { ...navigator, locks: { request: vi.fn() } });
    expect(lockManager()).toBeDefined();
    vi.runAllTimers();
    expect(parleyLines()).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});

describe('the store where IndexedDB is refused', () => {
  it('a SecurityError from IndexedDB is a refusal: said with the others, not as "storage failed", and the conversation goes on', async () => {
    const { indexedDbStore } = await import('../store/indexeddb-store.ts');
    const refused = (() => Promise.reject(securityError())) as unknown as Parameters<typeof indexedDbStore>[2] & (() => never);
    const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
    const store = indexedDbStore('refused-client', logger, () => refused);
    const meta = { version: 2 as const, threadId: 't', startEventQueued: false, readSeq: 0 };
    expect(await store.write('t', { meta })).toBe('memory');
    expect((await store.load(10))?.meta).toEqual(meta);
    expect(logger.warn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(parleyLines().map(([text]) => String(text))).toEqual([expect.stringContaining('IndexedDB')]);
  });
});
