// The keep-alive of an open socket: a ping every interval, and after each ping a deadline by
// which anything at all must arrive. A socket can stay "OPEN" long after it died (a laptop
// that slept, a NAT that forgot it); this is how it is found out.
import type { Clock } from '../browser/clock.ts';
import type { ConnectionError } from './machine.ts';

export interface KeepAlive {
  /** Something arrived: the socket is alive. */
  received(): void;
  /** A message went out: the service confirms it at once, so silence from now on also means dead. */
  sent(): void;
  /** The tab came back and its timers may have slept: why the socket counts as dead, or undefined after a probing ping. */
  wake(): ConnectionError | undefined;
  /** Stops every timer. */
  stop(): void;
}

/**
 * Starts at once. `ping` sends a ping and says whether it went out; `dead` is called once a
 * ping's (or a sent message's) deadline passes with nothing received.
 */
export function startKeepAlive(
  clock: Clock,
  intervalMs: number,
  timeoutMs: number,
  ping: () => boolean,
  dead: (error: ConnectionError) => void,
): KeepAlive {
  let lastReceivedAt = clock.now();
  let pingTimer: unknown;
  let pongTimer: unknown; // armed by a ping, disarmed by anything received

  const disarm = () => {
    if (pongTimer !== undefined) clock.clearTimeout(pongTimer);
    pongTimer = undefined;
  };
  const arm = (after: string) => {
    if (pongTimer !== undefined) return; // the earlier deadline still stands
    pongTimer = clock.setTimeout(() => {
      pongTimer = undefined;
      dead({ kind: 'dead', message: `nothing received within ${timeoutMs} ms of ${after}`, final: false });
    }, timeoutMs);
  };
  const probe = () => ping() && arm('a ping');
  const schedule = () => {
    pingTimer = clock.setTimeout(() => {
      probe();
      schedule();
    }, intervalMs);
  };
  schedule();

  return {
    received() {
      lastReceivedAt = clock.now();
      disarm();
    },
    sent: () => arm('a message'),
    wake() {
      const silentFor = clock.now() - lastReceivedAt;
      if (silentFor > intervalMs + timeoutMs) return { kind: 'dead', message: `silent for ${silentFor} ms`, final: false };
      probe();
      return undefined;
    },
    stop() {
      clock.clearTimeout(pingTimer);
      disarm();
    },
  };
}
