// Two small marks in Web Storage that the loader reads, synchronously and without opening
// IndexedDB, to know whether this browser already has a conversation here (then the chat loads
// at once, reconnects and counts unread messages) or not (then it waits for the visitor's intent).

import { slotKey } from './slot-keys.ts';

/**
 * True when the chat is needed at once. Where the browser refuses storage (an opaque origin,
 * storage blocked) nothing can have been kept: the chat waits for intent. The loader reads here
 * without src/browser/features.ts (every page view pays for its bytes): the chat says what is refused.
 */
export function hasConversation(clientId: string, storage?: string): boolean {
  // storage="memory" keeps nothing and reads nothing; "session" reads this tab's session only.
  if (storage === 'memory') return false;
  try {
    // localStorage: IndexedDB holds a conversation; sessionStorage: this tab's panel is open, or
    // its session keeps the conversation.
    return (
      (storage !== 'session' && localStorage.getItem(slotKey('thread', clientId)) === '1') ||
      sessionStorage.getItem(slotKey('open', clientId)) === '1' ||
      (storage === 'session' && !!sessionStorage.getItem(slotKey('session', clientId)))
    );
  } catch {
    return false;
  }
}
