// What the socket side is given by the emulator.
import type { Clock } from '../core/clock.ts';
import type { EmulatorLog } from '../core/log.ts';
import type { BoundName } from '../safety/retention.ts';
import type { ThreadStore } from '../threads/threads.ts';
import type { AddressDesk } from './address.ts';
import type { SocketRecord } from './connections.ts';
import type { SendPayload } from './frames.ts';

export interface SocketDeps {
  desk: AddressDesk;
  threads: ThreadStore;
  clock: Clock;
  log: EmulatorLog;
  strict: boolean;
  prefix: string;
  idleTimeoutMs: () => number;
  /** A valid `message.send`, already checked against the connection's mode and nonce; a string is an error to answer. */
  onSend(rec: SocketRecord, payload: SendPayload): string | undefined;
  /** Open sockets changed (the console shows who is online). */
  onPresence(threadIds: Iterable<string>): void;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: BoundName): void;
}
