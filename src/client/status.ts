// The connection's status as the client reports it: the holder's (shared by every tab), or an
// `error` for a configuration that cannot work; a `connection` event on each change of state.
import { computed, effect, type ReadonlySignal } from '@preact/signals-core';
import type { ConnectionError } from '../connection/machine.ts';
import type { ConnectionStateName, ConnectionStatus } from '../connection/status.ts';
import type { ChatClientEventMap } from '../conversation/events.ts';
import { checkOptions } from '../options/check-options.ts';
import type { ChatClientOptions } from '../options/client-options.ts';
import type { Logger } from '../protocol/parse.ts';

/** The configuration's problems as one final error, logged once; undefined when all is well. */
export function configurationError(options: Partial<ChatClientOptions>, logger: Logger): ConnectionError | undefined {
  const problems = checkOptions(options);
  if (problems.length === 0) return undefined;
  const error: ConnectionError = { kind: 'malformed', message: `Parley is not configured correctly: ${problems.join('; ')}.`, final: true };
  logger.error(`[parley] ${error.message}`);
  return error;
}

export function reportedStatus(
  shared: ReadonlySignal<ConnectionStatus>,
  configError: ConnectionError | undefined,
  emit: (type: 'connection', detail: ChatClientEventMap['connection']) => void,
): { status: ReadonlySignal<ConnectionStatus>; stop: () => void } {
  const status = computed<ConnectionStatus>(() => (configError ? { state: 'error', error: configError } : shared.value));
  let last: ConnectionStateName = status.value.state;
  const stop = effect(() => {
    const current = status.value;
    if (current.state === last) return;
    last = current.state;
    emit('connection', { state: current.state, status: current });
  });
  return { status, stop };
}
