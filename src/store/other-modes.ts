// The stores of the storage modes other than IndexedDB's: this page's memory (storage="memory", or
// where the browser refuses IndexedDB) and this tab's session (storage="session"). A part of the
// chat, loaded when a conversation first needs one of them (other-modes-part.ts).
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import { memoryStore } from './memory-store.ts';
import { sessionStore } from './session-store.ts';

export type OtherMode = 'session' | 'memory';

export const otherModeStore = (mode: OtherMode, clientId: string, logger: Logger): ConversationStore =>
  mode === 'session' ? sessionStore(clientId, logger) : memoryStore(`parley:${clientId}`);
