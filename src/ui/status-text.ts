// The connection status in words, for the panel's header.
import type { ConnectionStatus } from '../connection/status.ts';
import { format, type Strings } from './strings.ts';

/** Whole seconds left until `retryAt`, never below zero. */
export function secondsUntil(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

export function statusText(status: ConnectionStatus, strings: Strings, now: number): string {
  switch (status.state) {
    case 'idle':
      return strings.statusIdle;
    case 'connecting':
      return strings.statusConnecting;
    case 'open':
      return strings.statusOpen;
    case 'reconnecting': {
      if (status.retryAt === undefined) return strings.statusReconnecting;
      const seconds = secondsUntil(status.retryAt, now);
      return seconds > 0 ? format(strings.statusReconnectingIn, { seconds }) : strings.statusReconnecting;
    }
    case 'offline':
      return strings.statusOffline;
    case 'error':
      return strings.statusError;
  }
}
