// One connection attempt: a fresh address, then a socket on it. The only code that opens or
// closes a socket. A dropped attempt reports nothing more, so late events from an old socket
// cannot disturb the one that replaced it.
import type { OutgoingFrame } from '../protocol/frames.ts';
import type { Logger } from '../protocol/parse.ts';
import type { SocketConstructor, SocketLike } from '../browser/platform.ts';
import type { AddressResult } from './address.ts';
import { systemClock, type Clock } from '../browser/clock.ts';
import type { ConnectionError, ConnectionEvent } from './machine.ts';
import { addressRefused, recordRefusals, socketRefused, type PolicyViolation, type PolicyWatch } from './policy.ts';

export interface Attempt {
  /** Sends on the socket; false when it is not open (yet or any more). */
  send(frame: OutgoingFrame): boolean;
  /** Aborts the address request, closes the socket and silences every handler. */
  drop(): void;
}

const OPEN = 1;

/** Where the page's refusals are heard (none by default), and the clock that waits for them. */
export interface AttemptContext {
  policy?: PolicyWatch;
  clock?: Clock;
}

const NO_POLICY: PolicyWatch = { subscribe: () => () => {} };

/**
 * Starts at once. Until dropped it reports `opened` when the socket opens, `lost` when an open
 * socket closes, `failed` for anything that goes wrong before, and passes on what arrives.
 */
export function beginAttempt(
  requestAddress: (signal: AbortSignal) => Promise<AddressResult>,
  SocketClass: SocketConstructor | undefined,
  logger: Logger,
  report: (event: ConnectionEvent) => void,
  receive: (data: unknown) => void,
  context: AttemptContext = {},
): Attempt {
  const controller = new AbortController();
  const clock = context.clock ?? systemClock;
  const refusals = recordRefusals(context.policy ?? NO_POLICY);
  let socket: SocketLike | undefined;
  let live = true;
  let opened = false;
  let check: unknown; // the timer of failWhenTold
  let pending: ConnectionError | undefined;
  const fail = (error: ConnectionError) => live && report({ type: opened ? 'lost' : 'failed', error });

  // A refusal by the page's CSP fails like a service out of reach, and the browser names it in an
  // event of its own, just before or just after: give it a task to arrive, then tell which it was.
  // A socket's error event brings no error of its own (the close that follows does, when one
  // comes): after it, only a refusal is told.
  const failWhenTold = (url: string, refusal: (violation: PolicyViolation) => ConnectionError, error?: ConnectionError) => {
    pending ??= error;
    if (check !== undefined) return;
    check = clock.setTimeout(() => {
      check = undefined;
      const violation = refusals.of(url);
      if (violation) fail(refusal(violation));
      else if (pending) fail(pending);
    }, 0);
  };

  const open = (endpoint: string) => {
    if (!SocketClass) return fail({ kind: 'socket', message: 'this environment has no WebSocket', final: true });
    const refused = (violation: PolicyViolation) => socketRefused(endpoint, violation);
    try {
      socket = new SocketClass(endpoint);
    } catch (error) {
      // Some browsers throw a SecurityError for a refused socket.
      return failWhenTold(endpoint, refused, { kind: 'socket', message: `cannot open ${endpoint}: ${String(error)}`, final: false });
    }
    socket.onopen = () => {
      opened = true;
      refusals.stop();
      if (live) report({ type: 'opened' });
    };
    socket.onmessage = (event) => live && receive(event.data);
    // Browsers give no detail here; the close event that follows carries what there is. A socket
    // the page's CSP refuses may have no close event at all (Chromium).
    socket.onerror = () => {
      if (!opened) failWhenTold(endpoint, refused);
    };
    socket.onclose = (event) => {
      const error: ConnectionError = {
        kind: 'socket',
        message: `socket closed (code ${event.code ?? 'unknown'}${event.reason ? `, ${event.reason}` : ''})`,
        final: false,
      };
      if (opened) fail(error);
      else failWhenTold(endpoint, refused, error);
    };
  };

  const failed = ({ error, url }: Extract<AddressResult, { ok: false }>) =>
    url ? failWhenTold(url, (violation) => addressRefused(url, violation), error) : fail(error);
  requestAddress(controller.signal).then(
    (result) => live && (result.ok ? open(result.endpoint) : failed(result)),
    (error: unknown) => fail({ kind: 'network', message: String(error), final: false }),
  );

  return {
    send(frame) {
      if (socket?.readyState !== OPEN) return false;
      try {
        socket.send(JSON.stringify(frame));
        return true;
      } catch (error) {
        logger.warn('[parley] could not send on the socket:', error);
        return false;
      }
    },
    drop() {
      live = false;
      controller.abort();
      refusals.stop();
      if (check !== undefined) clock.clearTimeout(check);
      if (!socket) return;
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(1000, 'client closing');
      } catch {
        // Closing a socket that never opened may throw in some engines; it is gone either way.
      }
    },
  };
}
