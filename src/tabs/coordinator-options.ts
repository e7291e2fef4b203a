// What the coordinator (coordinator.ts) is given, and what it gives the engine of a lead. Types
// only, so its parts (joining.ts, following.ts) can name them without an import circle.
import type { Engine } from '../engine/engine.ts';
import type { SharedEvent } from '../conversation/events.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ConversationStore } from '../store/contract.ts';
import type { Op, Replica } from '../conversation/replica.ts';
import type { Clock } from '../browser/clock.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ChannelConstructor } from './channel.ts';
import type { LockManagerLike, PageLifecycle } from './election.ts';

/** What sharing a conversation between tabs needs from the browser. */
export interface TabSupport {
  locks: LockManagerLike;
  Channel: ChannelConstructor;
  lifecycle: PageLifecycle;
}

/** What the engine of a lead needs from the coordinator. */
export interface Lead {
  publish: (op: Op) => void;
  emit: (event: SharedEvent) => void;
  epoch: number;
  /** Messages typed in this tab and not yet safe: taken in first, with the traceIds a former holder gave them. */
  carried: SendRequest[];
  /** The store refused a write: another tab leads, under this epoch. */
  superseded: (epoch: number) => void;
}

export interface CoordinatorOptions {
  /** Names the lock and the channel: one conversation per clientId. */
  name: string;
  tabId: string;
  /** Undefined: this tab works alone. */
  support: TabSupport | undefined;
  replica: Replica;
  /** Where typed messages wait for a holder. */
  store: Pick<ConversationStore, 'queue' | 'unqueue'>;
  createEngine: (lead: Lead) => Engine;
  /** Reports an event to this tab's page. */
  emit: (event: SharedEvent) => void;
  clock: Clock;
  /** Only a tab the visitor sees takes the lock from a silent holder (hidden tabs' timers are throttled). */
  isVisible: () => boolean;
  /** Told about messages between tabs that are ignored. */
  logger: Logger;
  /** This tab's part of forget(): what it keeps of the conversation (its store, its Web Storage keys). */
  forgetHere: () => Promise<void>;
}
