// What the outside world sees of the connection: the contract's data-connection names plus
// `error` for a configuration the service refuses.
import type { ConnectionError, ConnectionState } from './machine.ts';

export type ConnectionStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'open' }
  /** Waiting to try again (`retryAt` is epoch ms), or trying again after a failure. */
  | { state: 'reconnecting'; retryAt?: number; error?: ConnectionError }
  | { state: 'offline' }
  /** Retrying cannot help: a wrong clientId, a domain not allowed, a bad configuration. */
  | { state: 'error'; error: ConnectionError };

export type ConnectionStateName = ConnectionStatus['state'];

export function statusOf(state: ConnectionState): ConnectionStatus {
  switch (state.kind) {
    case 'idle':
      return { state: 'idle' };
    case 'connecting':
      return state.attempt === 0 ? { state: 'connecting' } : { state: 'reconnecting' };
    case 'open':
      return { state: 'open' };
    case 'waiting':
      return { state: 'reconnecting', retryAt: state.until, error: state.error };
    case 'offline':
      return { state: 'offline' };
    case 'closed':
      return state.reason === 'fatal' && state.error ? { state: 'error', error: state.error } : { state: 'idle' };
  }
}
