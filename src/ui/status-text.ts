// The connection status in words, for the panel's header.
import type { ConnectionStatus } from '../connection/status.ts';
import { format, type Strings } from './strings.ts';

/** Whole seconds left until `retryAt`, never below zero. */
export function secondsUntil(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

const WORDS = {
  idle: 'statusIdle',
  connecting: 'statusConnecting',
  open: 'statusOpen',
  reconnecting: 'statusReconnecting',
  offline: 'statusOffline',
  error: 'statusError',
} as const satisfies Record<ConnectionStatus['state'], keyof Strings>;

export function statusText(status: ConnectionStatus, strings: Strings, now: number): string {
  const seconds = status.state === 'reconnecting' && status.retryAt !== undefined ? secondsUntil(status.retryAt, now) : 0;
  return seconds > 0 ? format(strings.statusReconnectingIn, { seconds }) : strings[WORDS[status.state]];
}
