// The thread as the engine of the holding tab runs it, shared by the engine's parts (the intake
// of requests, the incoming frames): its stored record, and what the engine knows of it. Its
// compound changes are its own methods, so no part sets half of one.
import type { Clock } from '../browser/clock.ts';
import type { ThreadMeta } from '../store/contract.ts';

export interface ThreadState {
  meta: ThreadMeta;
  /** The thread has been used (connected or written to), so it is worth keeping. */
  activated: boolean;
  destroyed: boolean;
  /** The highest position handed out. */
  lastSeq: number;
  /** Requests already taken in this thread: a tab that resends after a hand-off is not sent twice. */
  taken: Set<string>;
  /** The last `error` frame's message, until dismissed. */
  serviceError: string | undefined;
  /** Positions only grow, whatever the clock does; time-based so a new holder continues above. */
  nextSeq(): number;
  /** Positions up to `seq` are in use (entries another holder or an earlier thread placed). */
  saw(seq: number): void;
  /** The stored thread continues: its record, the requests it took and its highest position. */
  resume(meta: ThreadMeta, taken: Set<string>, lastSeq: number): void;
  /** A new thread: nothing taken in it yet, no service error. */
  renew(meta: ThreadMeta): void;
}

export function threadState(meta: ThreadMeta, clock: Clock): ThreadState {
  return {
    meta,
    activated: false,
    destroyed: false,
    lastSeq: 0,
    taken: new Set(),
    serviceError: undefined,
    nextSeq() {
      return (this.lastSeq = Math.max(this.lastSeq + 1, clock.now()));
    },
    saw(seq) {
      this.lastSeq = Math.max(this.lastSeq, seq);
    },
    resume(meta, taken, lastSeq) {
      this.meta = meta;
      this.activated = true;
      this.taken = taken;
      this.lastSeq = lastSeq;
    },
    renew(meta) {
      this.meta = meta;
      this.taken = new Set();
      this.serviceError = undefined;
    },
  };
}
