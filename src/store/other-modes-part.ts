// The memory and session stores' code (other-modes.ts) arrives when a conversation first needs
// one, not with the chat: most keep theirs in IndexedDB. The npm element brings it with import()
// (define.ts), the headless client with itself (client/headless.ts), the script-tag build as a
// file of its own beside the chat's (embed/chat.ts); tests hand it over at once.
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import type * as OtherModesModule from './other-modes.ts';
import type { OtherMode } from './other-modes.ts';

export type OtherModesPart = typeof OtherModesModule;

let source: (() => Promise<OtherModesPart>) | undefined;
let asked: Promise<OtherModesPart> | undefined;
let arrived: OtherModesPart | undefined;

/** Where the code comes from, when first needed. */
export function otherModesFrom(load: () => Promise<OtherModesPart>): void {
  source = load;
}

/** The code is here (the headless client, tests). */
export function otherModesArrived(part: OtherModesPart): void {
  arrived = part;
}

/** The code, if it is here: what its stores keep lives in it, so without it there is nothing to forget. */
export const otherModesHere = (): OtherModesPart | undefined => arrived;

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

/** The mode's store: at once when its code is here, else once it is (asked for again after a failure). */
export function otherModeStore(mode: OtherMode, clientId: string, logger: Logger): ConversationStore | Promise<ConversationStore> {
  if (arrived) return arrived.otherModeStore(mode, clientId, logger);
  asked ??= (async () => (arrived = await source!()))().catch((error: unknown) => {
    asked = undefined;
    throw error;
  });
  return asked.then(
    (part) => part.otherModeStore(mode, clientId, logger),
    (error: unknown) => {
      logger.warn(
        '[parley] this conversation is kept nowhere: its store could not be loaded:',
        error instanceof Error ? error.message : error,
      );
      return keptNowhere;
    },
  );
}
