// Fakes for unit tests: a socket the test opens, feeds and closes by hand, a scripted fetch,
// a browser environment whose online and visibility state the test sets, a page whose CSP
// refusals the test announces, a silent logger, and a platform made of them.
import { vi } from 'vitest';
import type { SocketConstructor, SocketLike } from '../src/connection/connection.ts';
import type { Environment } from '../src/browser/environment.ts';
import type { Platform } from '../src/browser/platform.ts';
import type { PolicyViolation, PolicyWatch } from '../src/connection/policy.ts';

export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  closedByClient: { code?: number; reason?: string } | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: socket is not open');
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedByClient = { code, reason };
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** A frame from the server: an object is sent as JSON, a string as it is. */
  receive(frame: object | string): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The server or the network closed the connection. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason });
  }

  /** The frames the client sent, parsed. */
  frames(): Array<{ type: string; payload?: Record<string, unknown> }> {
    return this.sent.map((data) => JSON.parse(data) as { type: string; payload?: Record<string, unknown> });
  }
}

/** A WebSocket class that records every socket it makes. */
export function fakeSocketClass() {
  const sockets: FakeSocket[] = [];
  const SocketClass = class extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  } as unknown as SocketConstructor;
  return {
    SocketClass,
    sockets,
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

interface RecordedRequest {
  url: URL;
  headers: Record<string, string>;
}

type Reply = { status?: number; body?: unknown } | 'network-error' | 'hang';

/**
 * A fetch for address requests. Each request takes the next scripted reply; when the script
 * runs out it answers a fresh endpoint `ws://service.test/ws?token=N`.
 */
export function fakeAddressFetch(script: Reply[] = [], extra: Record<string, unknown> = {}) {
  const requests: RecordedRequest[] = [];
  let tokens = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    requests.push({ url: new URL(String(input)), headers });
    const reply = script.shift() ?? { body: { status: 'ok', payload: { endpoint: `ws://service.test/ws?token=${++tokens}` }, ...extra } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function fakeEnvironment(initial: { online?: boolean; visible?: boolean } = {}) {
  let online = initial.online ?? true;
  let visible = initial.visible ?? true;
  const listeners = new Set<(change: 'online' | 'offline' | 'visible') => void>();
  const environment: Environment = {
    isOnline: () => online,
    isVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    environment,
    listenerCount: () => listeners.size,
    goOffline() {
      online = false;
      listeners.forEach((l) => l('offline'));
    },
    goOnline() {
      online = true;
      listeners.forEach((l) => l('online'));
    },
    /** The browser changed its mind without firing an event (it happens across a sleep). */
    setOnlineQuietly(value: boolean) {
      online = value;
    },
    hide() {
      visible = false;
    },
    show() {
      visible = true;
      listeners.forEach((l) => l('visible'));
    },
  };
}

/** A page whose Content-Security-Policy refusals the test announces, as securitypolicyviolation events would. */
export function fakePolicyWatch() {
  const listeners = new Set<(violation: PolicyViolation) => void>();
  const policy: PolicyWatch = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    policy,
    listenerCount: () => listeners.size,
    refuse(blockedURI: string, directive = 'connect-src') {
      listeners.forEach((l) => l({ blockedURI, directive }));
    },
  };
}

export function silentLogger() {
  return { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
}

/**
 * The platform a unit test hands the client: fake fetch, sockets, environment and a silent
 * logger, with no jitter (`random` is 0); `overrides` replaces any of them (an undefined member
 * is the real one). Clock, uuid and page protocol are the real ones unless given.
 */
export function fakePlatform(overrides: Partial<Platform> = {}): Partial<Platform> {
  return {
    fetch: fakeAddressFetch().fetch,
    WebSocket: fakeSocketClass().SocketClass,
    environment: fakeEnvironment().environment,
    logger: silentLogger(),
    random: () => 0,
    ...overrides,
  };
}
