// The socket of the holding tab: it asks for the thread's address (a refused secret moves the
// conversation to a new thread), hands received frames on, sends the outbox whenever it is open
// and tells the page's developer why it is in trouble.
import type { AddressResult } from '../connection/address.ts';
import { createConnection, type Connection } from '../connection/connection.ts';
import { troubleKey, type ConnectionState } from '../connection/machine.ts';
import { statusOf } from '../connection/status.ts';
import type { IncomingFrame } from '../protocol/frames.ts';
import type { EngineCore } from './core.ts';
import type { ThreadMeta } from '../store/contract.ts';
import { requestThreadAddress } from './thread-address.ts';

export interface EngineSocket {
  connection: Connection;
  /** Sends what the outbox holds, if the socket is open. */
  flush(): void;
}

/**
 * `handleFrame` takes every valid frame but pongs (frames-in.ts), `saveMeta` a newer secret, and
 * `continueInNewThread` moves the conversation on when the service refuses the thread's secret
 * (new-thread.ts).
 */
export function engineSocket(
  { options, platform, state, outbox, publish, logger, emit }: EngineCore,
  handleFrame: (frame: IncomingFrame) => void,
  saveMeta: (next: Partial<ThreadMeta>) => void,
  continueInNewThread: () => void,
): EngineSocket {
  // The technical reason for the page's developer, in parley:error: once per reason while it is
  // retried (the panel tells the visitor in words), and when it is given up.
  let troubleReported: string | undefined;
  function reportTrouble(state: ConnectionState): void {
    if (state.kind === 'open') troubleReported = undefined;
    const failed = (state.kind === 'waiting' || (state.kind === 'closed' && state.reason === 'fatal')) && state.error;
    if (!failed || (state.kind === 'waiting' && troubleKey(failed) === troubleReported)) return;
    troubleReported = troubleKey(failed);
    emit('error', { message: failed.message, source: 'connection' });
  }

  const connection = createConnection(
    {
      requestAddress: askForAddress,
      onFrame: handleFrame,
      onStateChange(state, previous) {
        if (previous.kind === 'open') outbox.connectionLost();
        if (state.kind === 'open') flush();
        reportTrouble(state);
        publish({ op: 'status', status: statusOf(state) });
      },
      timings: options.timings,
    },
    platform,
  );

  async function askForAddress(abort: AbortSignal): Promise<AddressResult> {
    const thread = state.meta;
    const { result, newSecret, secretRefused } = await requestThreadAddress(options, platform, thread, abort);
    // A newer secret from any response replaces the thread's nonce.
    if (newSecret && state.meta.threadId === thread.threadId) saveMeta({ nonce: newSecret });
    if (!secretRefused || result.ok) return result;
    // The service no longer accepts this thread's secret, and retrying cannot change that:
    // continue in a new thread rather than stay locked out on every reload.
    logger.warn("[parley] the service refused this thread's secret; continuing in a new thread");
    continueInNewThread();
    return { ok: false, error: { ...result.error, final: false } };
  }

  function flush(): void {
    if (connection.state.kind !== 'open') return;
    const { nonce } = state.meta;
    outbox.flush((record) =>
      connection.send({
        type: 'message.send',
        payload: options.sdkUrl && nonce ? { ...record.outgoing, nonce } : record.outgoing,
      }),
    );
  }

  return { connection, flush };
}
