// The memory and session stores' code (other-modes.ts) arrives when a conversation first needs
// one, not with the chat: most keep theirs in IndexedDB (parts/table.ts). The headless client
// brings it with itself (client/headless.ts).
import { part } from '../parts/part.ts';
import { WITHOUT_STORAGE } from '../parts/table.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import type * as OtherModesModule from './other-modes.ts';
import type { OtherMode } from './other-modes.ts';

export type OtherModesPart = typeof OtherModesModule;

const [stores, otherModesArrived, load] = part<OtherModesPart>('storage', WITHOUT_STORAGE);

/** The code is here (the headless client, tests). */
export { otherModesArrived };

/** The code, if it is here: what its stores keep lives in it, so without it there is nothing to forget. */
export const otherModesHere = (): OtherModesPart | undefined => stores.peek();

/** Where the code cannot load: the conversation goes on in the page, kept nowhere. */
const keptNowhere: ConversationStore = {
  load: async () => undefined,
  loadOlder: async () => [],
  write: async () => 'memory',
  reserveTraceId: async (_threadId, atLeast) => atLeast,
  dropThread: async () => {},
  queue: async () => false,
  unqueue: async () => {},
  queued: async () => [],
  clear: async () => {},
};

/** The mode's store: at once when its code is here, else once it is (said to `logger` where it cannot load). */
export function otherModeStore(mode: OtherMode, clientId: string, logger: Logger): ConversationStore | Promise<ConversationStore> {
  const here = stores.peek();
  if (here) return here.otherModeStore(mode, clientId, logger);
  return new Promise((resolve) => load(logger, (part) => resolve(part ? part.otherModeStore(mode, clientId, logger) : keptNowhere)));
}
