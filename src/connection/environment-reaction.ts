// What a change in the browser around it means for the connection, as machine events.
import type { Environment } from '../browser/environment.ts';
import type { KeepAlive } from './keep-alive.ts';
import type { ConnectionEvent, ConnectionState } from './machine.ts';

/** Dispatches the events `change` means in `state`; `keepAlive` is the open socket's, if any. */
export function reactToEnvironment(
  change: 'online' | 'offline' | 'visible',
  state: ConnectionState,
  environment: Pick<Environment, 'isOnline'>,
  keepAlive: Pick<KeepAlive, 'wake'> | undefined,
  dispatch: (event: ConnectionEvent) => void,
): void {
  if (change !== 'visible') {
    dispatch({ type: change });
    return;
  }
  // Back in the foreground: timers may have slept with the tab, so check the connection now.
  if (state.kind === 'offline') {
    // Browsers can miss the `online` event across a sleep: ask again.
    if (environment.isOnline()) dispatch({ type: 'online' });
  } else if (state.kind === 'waiting') {
    // The rest of a backoff is not worth waiting for when the visitor is looking.
    dispatch({ type: 'retry' });
  } else if (state.kind === 'open') {
    // A socket silent for too long is replaced at once; a recent one is probed with a ping.
    const error = keepAlive?.wake();
    if (error) {
      dispatch({ type: 'lost', error });
      dispatch({ type: 'retry' });
    }
  }
}
