// The connection status in words, for the panel's header.
import type { ConnectionStatus } from '../connection/status.ts';
import { say, type PanelStrings } from '../i18n/strings.ts';

/** Whole seconds left until `retryAt`, never below zero. */
function secondsUntil(retryAt: number, now: number): number {
  return Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/** A state's words are under `status` + its name (`open`: `statusOpen`); tsc checks each is a key. */
type WordsKey = `status${Capitalize<ConnectionStatus['state']>}`;

export function statusText(status: ConnectionStatus, strings: PanelStrings, now: number): string {
  const seconds = status.state === 'reconnecting' && status.retryAt !== undefined ? secondsUntil(status.retryAt, now) : 0;
  if (seconds > 0) return say(strings, 'statusReconnectingIn', { seconds });
  const key = `status${status.state[0]!.toUpperCase()}${status.state.slice(1)}` as WordsKey satisfies keyof PanelStrings;
  return strings[key];
}
