// The shell around the pure state machine: it runs the machine's transitions, performs each
// state's effects and owns their timers. The socket itself lives in attempt.ts, the keep-alive
// in keep-alive.ts, the reaction to the browser in environment-reaction.ts.
import type { IncomingFrame, OutgoingFrame } from '../protocol/frames.ts';
import { parseIncomingFrame, type Logger } from '../protocol/parse.ts';
import type { AddressResult } from './address.ts';
import { beginAttempt, type Attempt } from './attempt.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.ts';
import type { Platform } from '../browser/platform.ts';
import { reactToEnvironment } from './environment-reaction.ts';
import { startKeepAlive, type KeepAlive } from './keep-alive.ts';
import { IDLE, transition, troubleKey, type ConnectionEvent, type ConnectionState } from './machine.ts';
import { documentPolicyWatch, type PolicyWatch } from './policy.ts';

export type { SocketConstructor, SocketLike } from '../browser/platform.ts';

export interface ConnectionTimings {
  /** A ping goes out this often while open (default 25 s, well inside the service's 50 s idle limit). */
  pingIntervalMs: number;
  /** After a ping, a connection that receives nothing for this long is dead (default 10 s). */
  pongTimeoutMs: number;
  /** Address request plus socket opening may take this long (default 15 s). */
  connectTimeoutMs: number;
  /** A connection open this long resets the backoff (default 10 s). */
  stableAfterMs: number;
  /**
   * While offline, the browser is asked this often whether it is online again, in case its
   * `online` event was missed (default 5 s). Its `false` is trusted: a browser that wrongly
   * says offline keeps the connection offline until it says otherwise.
   */
  offlineRecheckMs: number;
  backoff: BackoffOptions;
}

const DEFAULT_TIMINGS: ConnectionTimings = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 15_000,
  stableAfterMs: 10_000,
  offlineRecheckMs: 5_000,
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

/** `policy`: where the page's Content-Security-Policy refusals are heard (the document's by default). */
export function createConnection(options: ConnectionOptions, platform: Platform, policy: PolicyWatch = documentPolicyWatch()): Connection {
  const timings: ConnectionTimings = { ...DEFAULT_TIMINGS, ...options.timings };
  const { clock, random, environment, logger, WebSocket: SocketClass } = platform;

  let state: ConnectionState = IDLE;
  let attempt: Attempt | undefined; // from connecting through open
  let keepAlive: KeepAlive | undefined; // the open state's timers
  let timer: unknown; // the one timer of any other state
  let unsubscribe: (() => void) | undefined;
  const report = consoleReport(logger);
  const dispatch = serially(step);

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
    if (timer !== undefined) clock.clearTimeout(timer);
    keepAlive?.stop();
    timer = keepAlive = undefined;
    if (previous.kind === 'connecting' && next.kind === 'open') return; // the socket stays
    attempt?.drop();
    attempt = undefined;
  }

  function enter(next: ConnectionState): void {
    switch (next.kind) {
      case 'connecting':
        timer = clock.setTimeout(
          () =>
            dispatch({
              type: 'failed',
              error: { kind: 'timeout', message: `no connection within ${timings.connectTimeoutMs} ms`, final: false },
            }),
          timings.connectTimeoutMs,
        );
        attempt = beginAttempt(options.requestAddress, SocketClass, logger, dispatch, receive, { policy, clock });
        break;
      case 'open':
        report(next, 0);
        keepAlive = startKeepAlive(
          clock,
          timings.pingIntervalMs,
          timings.pongTimeoutMs,
          () => send({ type: 'ping' }),
          (error) => dispatch({ type: 'lost', error }),
        );
        break;
      case 'waiting': {
        const wait = Math.max(0, next.until - clock.now());
        timer = clock.setTimeout(() => dispatch({ type: 'retry' }), wait);
        report(next, wait);
        break;
      }
      case 'offline':
        recheckOnline();
        break;
      case 'closed':
        report(next, 0);
        break;
      default:
        break;
    }
  }

  // Browsers can miss the `online` event (across a sleep, a network change), and nothing else
  // would ever wake the offline state: ask again now and then.
  function recheckOnline(): void {
    timer = clock.setTimeout(() => (environment.isOnline() ? dispatch({ type: 'online' }) : recheckOnline()), timings.offlineRecheckMs);
  }

  function receive(data: unknown): void {
    if (state.kind !== 'open') return;
    keepAlive?.received();
    const frame = parseIncomingFrame(data, logger);
    if (!frame || frame.type === 'pong') return;
    try {
      options.onFrame(frame);
    } catch (error) {
      logger.error('[parley] a frame handler threw:', error);
    }
  }

  function send(frame: OutgoingFrame): boolean {
    const sent = state.kind === 'open' && !!attempt?.send(frame);
    if (sent && frame.type === 'message.send') keepAlive?.sent();
    return sent;
  }

  return {
    get state() {
      return state;
    },
    start() {
      unsubscribe ??= environment.subscribe((change) => reactToEnvironment(change, state, environment, keepAlive, dispatch));
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
    send,
  };
}

/** Runs each event after the current one's transition, never nested inside it. */
function serially(step: (event: ConnectionEvent) => void): (event: ConnectionEvent) => void {
  const queue: ConnectionEvent[] = [];
  let dispatching = false;
  return (event) => {
    queue.push(event);
    if (dispatching) return; // run after the current transition, never nested inside it
    dispatching = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) step(next);
    } finally {
      dispatching = false;
    }
  };
}

/** What the console is told as the connection enters a state (`wait`: the waiting state's delay). */
function consoleReport(logger: Logger): (state: ConnectionState, wait: number) => void {
  let everOpened = false;
  let reported: string | undefined; // the last failure told to the console
  return (state, wait) => {
    if (state.kind === 'open') {
      everOpened = true;
      if (reported !== undefined) logger.info?.('[parley] connected again');
      reported = undefined;
    } else if (state.kind === 'waiting') {
      // Once per reason, not once per retry: a console that says the same every few seconds
      // hides what changed. Never connected yet: likely a wrong base-url, an error the site owner sees.
      if (troubleKey(state.error) === reported) return;
      reported = troubleKey(state.error);
      const report = !everOpened && state.attempt === 1 ? logger.error : logger.warn;
      report.call(
        logger,
        `[parley] connection failed: ${state.error.message}; retrying in ${(wait / 1000).toFixed(1)} s (and with growing gaps while it fails)`,
      );
    } else if (state.kind === 'closed' && state.reason === 'fatal' && state.error) {
      logger.error(`[parley] cannot connect: ${state.error.message}`);
    }
  };
}
