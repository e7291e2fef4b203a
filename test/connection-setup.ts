// What the connection's unit tests (src/connection/connection.test.ts, connection-recovery.test.ts)
// share: a connection on fake sockets, address requests, environment and page, on fake timers.
import { resolvePlatform } from '../src/browser/platform.ts';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeAddressFetch, fakeEnvironment, fakePolicyWatch, fakeSocketClass, silentLogger } from './fakes.ts';
import { requestAddress } from '../src/connection/address.ts';
import { createConnection, type ConnectionTimings, type SocketConstructor } from '../src/connection/connection.ts';
import type { ConnectionState } from '../src/connection/machine.ts';

/** Every test of the file that calls this on fake timers, from 0 ms. */
export function fakeTimersFromZero(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

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

export function setup(options: SetupOptions = {}) {
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
    resolvePlatform({
      WebSocket: options.WebSocket?.(page) ?? sockets.SocketClass,
      random: options.random ?? (() => 0.5),
      environment: env.environment,
      logger,
    }),
    page.policy,
  );
  return { connection, sockets, http, page, env, logger, frames, states };
}

/** Lets the address request's promises settle without moving the clock. */
export async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** Starts the connection and opens its socket: the socket, open. */
export async function openConnection(t: ReturnType<typeof setup>) {
  t.connection.start();
  await settle();
  t.sockets.last().open();
  expect(t.connection.state.kind).toBe('open');
  return t.sockets.last();
}
