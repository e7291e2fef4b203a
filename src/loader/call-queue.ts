// The element's methods before the chat has arrived: each call waits for it, and the calls run
// in order once it is here (a send() made after a reset() goes to the new thread). A call made
// while the queued ones still run waits for them too. A function, not an object: the loader's
// bytes (every name of an object's members stays in the built file).
import type { ChatClient } from '../client/create-chat-client.ts';

/** A method call made before the chat arrived. */
export type QueuedCall = (client: ChatClient) => Promise<void>;

/**
 * Runs calls one after the other. `queued`: a call that waited for the chat, chained behind the
 * others; any other call runs at once unless queued ones are still running.
 */
export type InTurn = <T>(run: () => Promise<T>, queued?: boolean) => Promise<T>;

export function inTurns(): InTurn {
  /** Settles when the calls chained so far have run. */
  let turn: Promise<void> | undefined;
  return (run, queued) => {
    if (!turn && !queued) return run();
    const next = (turn ?? Promise.resolve()).then(run);
    const settled = (turn = next.then(
      () => undefined,
      () => undefined,
    ));
    void settled.then(() => {
      if (turn === settled) turn = undefined;
    });
    return next;
  };
}
