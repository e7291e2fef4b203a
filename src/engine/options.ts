// What the engine of the holding tab is given: the service's addresses, the platform,
// the store, the lead it runs under and the channels it reports on.
import type { Platform } from '../browser/platform.ts';
import type { ConnectionTimings } from '../connection/connection.ts';
import type { ChatClientEventMap } from '../conversation/events.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ConversationStore } from '../store/contract.ts';
import type { Op, ReplicaState } from '../conversation/replica.ts';

export interface EngineOptions {
  clientId: string;
  /** Resolved http(s) addresses. */
  baseUrl: string;
  sdkUrl?: string;
  headerPrefix?: string;
  threadId?: string;
  startEvent?: string;
  timings?: Partial<ConnectionTimings>;
  deliveryTimeoutMs: number;
  /** The browser's clock, network and console (the client's, resolved once). */
  platform: Platform;
  store: ConversationStore;
  /** The lead this engine runs under: higher than every earlier one (see tabs/coordinator.ts). */
  epoch?: number;
  /** Another tab leads now, under this epoch (the store refused a write): stop at once. */
  onSuperseded?: (epoch: number) => void;
  /** Messages this tab typed that are not safe yet (a hand-off): taken in first, keeping their traceIds. */
  carried?: SendRequest[];
  /** What this tab shows of the conversation: continued when storage cannot be read. */
  shown?: () => ReplicaState | undefined;
  /** Builds the start event's request (the tab's user and locale). */
  startEventRequest: (name: string) => SendRequest;
  /** Every change, for this tab and the others. */
  publish: (op: Op) => void;
  emit: <K extends keyof ChatClientEventMap>(type: K, detail: ChatClientEventMap[K]) => void;
}
