// Two small marks in Web Storage that the loader reads, synchronously and without opening
// IndexedDB, to know whether this browser already has a conversation here (then the chat loads
// at once, reconnects and counts unread messages) or not (then it waits for the visitor's intent).

import { slotKey } from './slot-keys.ts';

/**
 * True when the chat is needed at once. Where the browser refuses storage (an opaque origin,
 * storage blocked) nothing can have been kept: the chat waits for intent. The loader reads here
 * without src/browser/features.ts (every page view pays for its bytes): the chat says what is refused.
 */
export function hasConversation(clientId: string): boolean {
  try {
    // localStorage: IndexedDB holds a conversation; sessionStorage: this tab's panel is open.
    return localStorage.getItem(slotKey('thread', clientId)) === '1' || sessionStorage.getItem(slotKey('open', clientId)) === '1';
  } catch {
    return false;
  }
}
