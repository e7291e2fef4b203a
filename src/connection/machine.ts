// The connection's life as a named union and a pure transition function. The shell in
// connection.ts performs the effects of each state (a fetch, a socket, one timer); it never
// keeps flags of its own.

/** Why an attempt or a live connection failed. `final` failures are never retried. */
export interface ConnectionError {
  /** `policy`: the page's Content-Security-Policy refuses the connection. */
  kind: 'network' | 'http' | 'status' | 'malformed' | 'socket' | 'timeout' | 'dead' | 'policy';
  message: string;
  /** HTTP status of the address request, where there was one. */
  status?: number;
  final: boolean;
}

/** The same trouble again, whatever changes from one attempt to the next (an address's sessionId). */
export const troubleKey = (error: ConnectionError): string => `${error.kind} ${error.message.replace(/\?\S*/g, '')}`;

export type ConnectionState =
  /** Never started: nothing has touched the network. */
  | { kind: 'idle' }
  /** Requesting a fresh address and opening a socket on it. */
  | { kind: 'connecting'; attempt: number }
  /** The socket is open; `since` tells how long it has been up. */
  | { kind: 'open'; attempt: number; since: number }
  /** Backing off after a failure until `until`. */
  | { kind: 'waiting'; attempt: number; until: number; error: ConnectionError }
  /** The browser says it is offline: wait for `online`. */
  | { kind: 'offline'; attempt: number }
  /** Stopped by the page, or a final error (bad configuration) that retrying cannot fix. */
  | { kind: 'closed'; reason: 'stopped' | 'fatal'; error?: ConnectionError };

export type ConnectionEvent =
  | { type: 'start'; online: boolean }
  | { type: 'stop' }
  | { type: 'opened' }
  /** The attempt in progress failed before the socket opened. */
  | { type: 'failed'; error: ConnectionError }
  /** The open socket closed, or was found dead. */
  | { type: 'lost'; error: ConnectionError }
  /** Time to try again: the backoff ran out, or the tab came back to the foreground. */
  | { type: 'retry' }
  | { type: 'offline' }
  | { type: 'online' };

export interface TransitionContext {
  now: number;
  /** Backoff delay after `failures` consecutive failures. */
  delay(failures: number): number;
  /** A connection that stayed open this long resets the backoff. */
  stableAfterMs: number;
}

export const IDLE: ConnectionState = { kind: 'idle' };

/** Returns the next state, or the same object when the event means nothing in this state. */
export function transition(state: ConnectionState, event: ConnectionEvent, ctx: TransitionContext): ConnectionState {
  if (event.type === 'stop') {
    return state.kind === 'closed' && state.reason === 'stopped' ? state : { kind: 'closed', reason: 'stopped' };
  }
  switch (state.kind) {
    case 'idle':
    case 'closed':
      if (event.type !== 'start') return state;
      return event.online ? { kind: 'connecting', attempt: 0 } : { kind: 'offline', attempt: 0 };

    case 'connecting':
      switch (event.type) {
        case 'opened':
          return { kind: 'open', attempt: state.attempt, since: ctx.now };
        case 'failed':
          return event.error.final ? { kind: 'closed', reason: 'fatal', error: event.error } : waiting(state.attempt, event.error, ctx);
        case 'offline':
          return { kind: 'offline', attempt: state.attempt };
        default:
          return state;
      }

    case 'open':
      switch (event.type) {
        case 'lost': {
          // A connection that held for a while was healthy: start the backoff over.
          const stable = ctx.now - state.since >= ctx.stableAfterMs;
          return waiting(stable ? 0 : state.attempt, event.error, ctx);
        }
        case 'offline':
          return { kind: 'offline', attempt: 0 };
        default:
          return state;
      }

    case 'waiting':
      switch (event.type) {
        case 'retry':
        case 'online':
          return { kind: 'connecting', attempt: state.attempt };
        case 'offline':
          return { kind: 'offline', attempt: state.attempt };
        default:
          return state;
      }

    case 'offline':
      // Coming back online is news worth acting on at once, with a fresh backoff.
      return event.type === 'online' ? { kind: 'connecting', attempt: 0 } : state;
  }
}

function waiting(failures: number, error: ConnectionError, ctx: TransitionContext): ConnectionState {
  return { kind: 'waiting', attempt: failures + 1, until: ctx.now + ctx.delay(failures), error };
}
