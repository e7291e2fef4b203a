// What the parts of the holding tab's engine share (messages in, frames in, loading, new threads,
// the socket): its options, the thread and the pieces that keep it, in one object for all of them.
import type { Platform } from '../browser/platform.ts';
import type { EngineOptions } from './options.ts';
import type { IncomingDeps } from './frames-in.ts';
import type { IntakeDeps } from './take-requests.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ReplicaState } from '../conversation/replica.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';

export interface EngineCore extends IntakeDeps, IncomingDeps {
  options: EngineOptions;
  platform: Platform;
  /** The whole state of the thread, showing these entries. */
  stateOf: (entries: TranscriptEntry[], hasOlder: boolean, stored: boolean) => ReplicaState;
}

/** Takes a request in (take-requests.ts). */
export type Enqueue = (request: SendRequest) => Promise<void>;
