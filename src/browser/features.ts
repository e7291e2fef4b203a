// What the browser lets this page use, asked in one place. A sandboxed frame (an opaque origin),
// a cross-site frame whose storage the browser denies, and "block all cookies" make the Web
// Storage getters, indexedDB.open and Web Locks throw SecurityError. Here a refusal becomes
// "not available": said once in the console, never retried, never thrown at the host page.

export type Feature = 'localStorage' | 'sessionStorage' | 'IndexedDB' | 'Web Locks' | 'BroadcastChannel';

const refusals = new Set<Feature>();

/** Notes that the browser refused `feature`; what a page is refused is said in one line. */
export function refuse(feature: Feature): void {
  if (refusals.has(feature)) return;
  refusals.add(feature);
  // The refusals of one start come together: wait for the rest of this task's before saying them.
  if (refusals.size === 1) setTimeout(sayRefusals, 0);
}

export const isRefused = (feature: Feature): boolean => refusals.has(feature);

function sayRefusals(): void {
  const storage = [...refusals].some((name) => name !== 'Web Locks' && name !== 'BroadcastChannel');
  console.warn(
    `[parley] this browser refuses ${[...refusals].join(', ')} here (a sandboxed or cross-site frame, or storage blocked): ` +
      (storage ? 'the chat works in memory, in this page alone' : "this tab's chat works alone, not shared with the others"),
  );
}

/** An opaque origin (a sandboxed frame, a data: URL) is refused every storage, whatever the getters say. */
const opaque = (): boolean => globalThis.origin === 'null';

/** Web Storage that never throws: reads give undefined and writes false where it is refused or full. */
export interface SafeStorage {
  /** null: no such key; undefined: storage cannot be read here. */
  get(key: string): string | null | undefined;
  /** False: not kept (refused, or full). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

function storageArea(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  if (isRefused(kind)) return undefined;
  try {
    if (opaque()) throw new DOMException('opaque origin', 'SecurityError');
    return globalThis[kind] ?? undefined; // the getter is what throws
  } catch {
    refuse(kind);
    return undefined;
  }
}

/** `localStorage` or `sessionStorage`, each call asking the browser anew (tests swap them). */
export function webStorage(kind: 'localStorage' | 'sessionStorage'): SafeStorage {
  const attempt = <T>(action: (area: Storage) => T, otherwise: T): T => {
    const area = storageArea(kind);
    if (!area) return otherwise;
    try {
      return action(area);
    } catch (error) {
      if ((error as Error)?.name === 'SecurityError') refuse(kind);
      return otherwise; // full (QuotaExceededError): this write is lost, the next may land
    }
  };
  return {
    get: (key) => attempt<string | null | undefined>((area) => area.getItem(key), undefined),
    set: (key, value) => attempt((area) => (area.setItem(key, value), true), false),
    remove: (key) => attempt((area) => area.removeItem(key), undefined),
  };
}

/**
 * IndexedDB, where this page may use it. Where Web Storage is refused, so is IndexedDB (Chromium
 * opens it, then fails every request with "the user denied permission"): known before it is tried.
 */
export function indexedDbFactory(): IDBFactory | undefined {
  if (isRefused('IndexedDB')) return undefined;
  try {
    storageArea('localStorage');
    if (opaque() || isRefused('localStorage')) throw new DOMException('storage refused', 'SecurityError');
    return globalThis.indexedDB ?? undefined;
  } catch {
    refuse('IndexedDB');
    return undefined;
  }
}

/** True when `error` is the browser refusing a feature, not a passing failure. */
export const isRefusal = (error: unknown): boolean => (error as Error | undefined)?.name === 'SecurityError';

/** The part of `navigator.locks` Parley uses. */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean; ifAvailable?: boolean },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown>;
}

/**
 * Web Locks where this page may use them. They are refused wherever storage is (an opaque
 * origin, storage denied): known at once from Web Storage, before any request is made.
 */
export function lockManager(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks || isRefused('Web Locks')) return undefined;
  if (!storageArea('localStorage')) {
    refuse('Web Locks');
    return undefined;
  }
  return locks;
}
