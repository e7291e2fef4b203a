// The thin shell around the state machine: the only code that touches WebSocket, and the
// owner of the timers. Each attempt is an object; callbacks from any attempt that is no
// longer current are ignored, so late events from old sockets cannot disturb the new one.
import type { IncomingFrame, OutgoingFrame } from '../protocol/frames.ts';
import { parseIncomingFrame, type Logger } from '../protocol/parse.ts';
import type { AddressResult } from './address.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import { systemClock, type Clock } from './clock.ts';
import { browserEnvironment, type Environment } from './environment.ts';
import { IDLE, transition, type ConnectionError, type ConnectionEvent, type ConnectionState } from './machine.ts';

/** The part of the browser's WebSocket the shell uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type SocketConstructor = new (url: string) => SocketLike;

const OPEN = 1;

export interface ConnectionTimings {
  /** A ping goes out this often while open (default 25 s, well inside the service's 50 s idle limit). */
  pingIntervalMs: number;
  /** After a ping, a connection that receives nothing for this long is dead (default 10 s). */
  pongTimeoutMs: number;
  /** Address request plus socket opening may take this long (default 15 s). */
  connectTimeoutMs: number;
  /** A connection open this long resets the backoff (default 10 s). */
  stableAfterMs: number;
  backoff: BackoffOptions;
}

export const DEFAULT_TIMINGS: ConnectionTimings = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  stableAfterMs: 10_000,
  backoff: DEFAULT_BACKOFF,
};

export interface ConnectionOptions {
  /** Asks for a fresh single-use address; called once per attempt. */
  requestAddress(signal: AbortSignal): Promise<AddressResult>;
  /** Every valid frame except `pong`. */
  onFrame(frame: IncomingFrame): void;
  onStateChange?(state: ConnectionState, previous: ConnectionState): void;
  timings?: Partial<ConnectionTimings>;
}

export interface ConnectionDeps {
  WebSocket?: SocketConstructor;
  clock?: Clock;
  random?: () => number;
  environment?: Environment;
  logger?: Logger;
}

export interface Connection {
  readonly state: ConnectionState;
  /** Connects (from idle or closed); a no-op while already active. */
  start(): void;
  /** Closes the socket and stops every timer and retry. */
  stop(): void;
  /** Skips the rest of a backoff wait. */
  retryNow(): void;
  /** Sends on the open socket; false when there is none. */
  send(frame: OutgoingFrame): boolean;
}

interface Attempt {
  controller: AbortController;
  socket?: SocketLike;
}

export function createConnection(options: ConnectionOptions, deps: ConnectionDeps = {}): Connection {
  const timings: ConnectionTimings = { ...DEFAULT_TIMINGS, ...options.timings };
  const clock = deps.clock ?? systemClock;
  const random = deps.random ?? Math.random;
  const environment = deps.environment ?? browserEnvironment();
  const logger = deps.logger ?? console;
  const SocketClass = deps.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor | undefined);

  let state: ConnectionState = IDLE;
  let attempt: Attempt | undefined;
  let stateTimer: unknown; // the one timer of the current state
  let pongTimer: unknown; // armed by a ping, disarmed by anything received
  let lastReceivedAt = 0;
  let everOpened = false;
  let unsubscribe: (() => void) | undefined;
  const queue: ConnectionEvent[] = [];
  let dispatching = false;

  function dispatch(event: ConnectionEvent): void {
    queue.push(event);
    if (dispatching) return; // run after the current transition, never nested inside it
    dispatching = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) step(next);
    } finally {
      dispatching = false;
    }
  }

  function step(event: ConnectionEvent): void {
    const previous = state;
    const next = transition(previous, event, {
      now: clock.now(),
      delay: (failures) => backoffDelay(failures, random, timings.backoff),
      stableAfterMs: timings.stableAfterMs,
    });
    if (next === previous) return;
    state = next;
    leave(previous, next);
    enter(next);
    try {
      options.onStateChange?.(next, previous);
    } catch (error) {
      logger.error('[parley] a connection state listener threw:', error);
    }
  }

  function leave(previous: ConnectionState, next: ConnectionState): void {
    clearTimers();
    const keepsSocket = previous.kind === 'connecting' && next.kind === 'open';
    if (!keepsSocket) dropAttempt();
  }

  function enter(next: ConnectionState): void {
    switch (next.kind) {
      case 'connecting':
        beginAttempt();
        break;
      case 'open':
        everOpened = true;
        lastReceivedAt = clock.now();
        schedulePing();
        break;
      case 'waiting': {
        const wait = Math.max(0, next.until - clock.now());
        stateTimer = clock.setTimeout(() => dispatch({ type: 'retry' }), wait);
        // Never connected yet: likely a wrong base-url, worth an error the site owner sees.
        const report = !everOpened && next.attempt === 1 ? logger.error : logger.warn;
        report.call(logger, `[parley] connection failed: ${next.error.message}; retrying in ${(wait / 1000).toFixed(1)} s`);
        break;
      }
      case 'closed':
        if (next.reason === 'fatal' && next.error) logger.error(`[parley] cannot connect: ${next.error.message}`);
        break;
      default:
        break;
    }
  }

  function clearTimers(): void {
    if (stateTimer !== undefined) clock.clearTimeout(stateTimer);
    if (pongTimer !== undefined) clock.clearTimeout(pongTimer);
    stateTimer = pongTimer = undefined;
  }

  function dropAttempt(): void {
    const old = attempt;
    attempt = undefined;
    if (!old) return;
    old.controller.abort();
    const socket = old.socket;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(1000, 'client closing');
      } catch {
        // Closing a socket that never opened may throw in some engines; it is gone either way.
      }
    }
  }

  function beginAttempt(): void {
    const current: Attempt = { controller: new AbortController() };
    attempt = current;
    const isCurrent = () => attempt === current;
    const fail = (error: ConnectionError) => {
      if (isCurrent()) dispatch({ type: 'failed', error });
    };

    stateTimer = clock.setTimeout(
      () => fail({ kind: 'timeout', message: `no connection within ${timings.connectTimeoutMs} ms`, final: false }),
      timings.connectTimeoutMs,
    );

    options.requestAddress(current.controller.signal).then(
      (result) => {
        if (!isCurrent()) return;
        if (result.ok) openSocket(current, result.endpoint, fail);
        else fail(result.error);
      },
      (error: unknown) => fail({ kind: 'network', message: String(error), final: false }),
    );
  }

  function openSocket(current: Attempt, endpoint: string, fail: (error: ConnectionError) => void): void {
    if (!SocketClass) {
      fail({ kind: 'socket', message: 'this environment has no WebSocket', final: true });
      return;
    }
    let socket: SocketLike;
    try {
      socket = new SocketClass(endpoint);
    } catch (error) {
      fail({ kind: 'socket', message: `cannot open ${endpoint}: ${String(error)}`, final: false });
      return;
    }
    current.socket = socket;
    const isCurrent = () => attempt === current;
    socket.onopen = () => {
      if (isCurrent()) dispatch({ type: 'opened' });
    };
    socket.onmessage = (event) => {
      if (isCurrent() && state.kind === 'open') receive(event.data);
    };
    socket.onerror = () => {
      // Browsers give no detail here; the close event that follows carries what there is.
    };
    socket.onclose = (event) => {
      if (!isCurrent()) return;
      const error: ConnectionError = {
        kind: 'socket',
        message: `socket closed (code ${event.code ?? 'unknown'}${event.reason ? `, ${event.reason}` : ''})`,
        final: false,
      };
      dispatch(state.kind === 'open' ? { type: 'lost', error } : { type: 'failed', error });
    };
  }

  function receive(data: unknown): void {
    lastReceivedAt = clock.now();
    if (pongTimer !== undefined) {
      clock.clearTimeout(pongTimer);
      pongTimer = undefined;
    }
    const frame = parseIncomingFrame(data, logger);
    if (!frame || frame.type === 'pong') return;
    try {
      options.onFrame(frame);
    } catch (error) {
      logger.error('[parley] a frame handler threw:', error);
    }
  }

  function schedulePing(): void {
    stateTimer = clock.setTimeout(() => {
      ping();
      schedulePing();
    }, timings.pingIntervalMs);
  }

  function ping(): void {
    if (!sendRaw({ type: 'ping' })) return;
    if (pongTimer !== undefined) return; // the earlier ping's deadline still stands
    pongTimer = clock.setTimeout(() => {
      pongTimer = undefined;
      dispatch({
        type: 'lost',
        error: { kind: 'dead', message: `nothing received within ${timings.pongTimeoutMs} ms of a ping`, final: false },
      });
    }, timings.pongTimeoutMs);
  }

  function sendRaw(frame: OutgoingFrame): boolean {
    const socket = attempt?.socket;
    if (state.kind !== 'open' || !socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch (error) {
      logger.warn('[parley] could not send on the socket:', error);
      return false;
    }
  }

  function onEnvironment(change: 'online' | 'offline' | 'visible'): void {
    if (change !== 'visible') {
      dispatch({ type: change });
      return;
    }
    // Back in the foreground: timers may have slept with the tab, so check the socket now.
    if (state.kind === 'offline') {
      // Browsers can miss the `online` event across a sleep: ask again.
      if (environment.isOnline()) dispatch({ type: 'online' });
    } else if (state.kind === 'waiting') {
      dispatch({ type: 'retry' });
    } else if (state.kind === 'open') {
      const silentFor = clock.now() - lastReceivedAt;
      if (silentFor > timings.pingIntervalMs + timings.pongTimeoutMs) {
        dispatch({ type: 'lost', error: { kind: 'dead', message: `silent for ${silentFor} ms`, final: false } });
        dispatch({ type: 'retry' });
      } else {
        ping();
      }
    }
  }

  return {
    get state() {
      return state;
    },
    start() {
      unsubscribe ??= environment.subscribe(onEnvironment);
      dispatch({ type: 'start', online: environment.isOnline() });
    },
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      dispatch({ type: 'stop' });
    },
    retryNow() {
      dispatch({ type: state.kind === 'offline' && environment.isOnline() ? 'online' : 'retry' });
    },
    send: sendRaw,
  };
}
