// One connection attempt: a fresh address, then a socket on it. The only code that opens or
// closes a socket. A dropped attempt reports nothing more, so late events from an old socket
// cannot disturb the one that replaced it.
import type { OutgoingFrame } from '../protocol/frames.ts';
import type { Logger } from '../protocol/parse.ts';
import type { AddressResult } from './address.ts';
import type { ConnectionError, ConnectionEvent } from './machine.ts';

/** The part of the browser's WebSocket the connection uses. */
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

export interface Attempt {
  /** Sends on the socket; false when it is not open (yet or any more). */
  send(frame: OutgoingFrame): boolean;
  /** Aborts the address request, closes the socket and silences every handler. */
  drop(): void;
}

const OPEN = 1;

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
): Attempt {
  const controller = new AbortController();
  let socket: SocketLike | undefined;
  let live = true;
  let opened = false;
  const fail = (error: ConnectionError) => live && report({ type: opened ? 'lost' : 'failed', error });

  const open = (endpoint: string) => {
    if (!SocketClass) return fail({ kind: 'socket', message: 'this environment has no WebSocket', final: true });
    try {
      socket = new SocketClass(endpoint);
    } catch (error) {
      return fail({ kind: 'socket', message: `cannot open ${endpoint}: ${String(error)}`, final: false });
    }
    socket.onopen = () => {
      opened = true;
      if (live) report({ type: 'opened' });
    };
    socket.onmessage = (event) => live && receive(event.data);
    // Browsers give no detail here; the close event that follows carries what there is.
    socket.onerror = () => {};
    socket.onclose = (event) =>
      fail({
        kind: 'socket',
        message: `socket closed (code ${event.code ?? 'unknown'}${event.reason ? `, ${event.reason}` : ''})`,
        final: false,
      });
  };

  requestAddress(controller.signal).then(
    (result) => live && (result.ok ? open(result.endpoint) : fail(result.error)),
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
