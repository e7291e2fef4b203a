// How the client makes the engine of a lead (this tab holds the socket): the client's options
// resolved (addresses, defaults), the platform, wired to the lead's epoch and channels. Each
// option the engine takes is named: nothing of the client's options reaches it unchecked.
import type { Platform } from '../browser/platform.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import type { SharedEvent } from '../conversation/events.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { ConversationStore } from '../store/contract.ts';
import type { ReplicaState } from '../conversation/replica.ts';
import type { Lead } from '../tabs/coordinator.ts';
import { resolveHttpUrl } from '../util/http-url.ts';
import type { ChatClientOptions } from '../options/client-options.ts';

const DEFAULT_DELIVERY_TIMEOUT_MS = 20_000;

export interface EngineParts {
  platform: Platform;
  store: ConversationStore;
  /** The start event of a new thread, as a request. */
  startEvent: (name: string) => SendRequest;
  /** What this tab shows, if it shows a thread. */
  shown: () => ReplicaState | undefined;
}

export function engineFactory(options: ChatClientOptions, parts: EngineParts): (lead: Lead) => Engine {
  return (lead) =>
    createEngine({
      clientId: options.clientId,
      baseUrl: resolveHttpUrl(options.baseUrl ?? '') ?? '',
      sdkUrl: options.sdkUrl?.trim() ? resolveHttpUrl(options.sdkUrl) : undefined,
      headerPrefix: options.headerPrefix,
      threadId: options.threadId,
      startEvent: options.startEvent,
      timings: options.timings,
      deliveryTimeoutMs: options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
      platform: parts.platform,
      store: parts.store,
      startEventRequest: parts.startEvent,
      epoch: lead.epoch,
      carried: lead.carried,
      onSuperseded: lead.superseded,
      shown: parts.shown,
      publish: lead.publish,
      emit: (type, detail) => lead.emit({ type, detail } as SharedEvent),
    });
}
