// What the loader asks to know whether this browser already has a conversation here (then the
// chat loads at once, reconnects and counts unread messages) or not (then it waits for the
// visitor's intent): IndexedDB's list of databases, then two small marks in Web Storage; and the
// channel on which another tab's chat says it has just stored one.

import { slotKey } from './slot-keys.ts';

/** The IndexedDB database the chat keeps conversations in (store/indexeddb-store.ts). */
export const DATABASE_NAME = 'parley';

/**
 * Where a chat that has just stored a conversation for `clientId` says so, and the loaders of
 * the other tabs listen, to load theirs and share it: a BroadcastChannel, as a listener for
 * Web Storage's `storage` event would make every page view open both storage areas (about 1 ms).
 * An open channel keeps a page fit for the back/forward cache; a message while it is cached
 * evicts it, and going back loads it afresh, with the conversation.
 */
export const threadChannelName = (clientId: string): string => slotKey('thread', clientId);

/** Tells the other tabs' loaders that this browser now keeps a conversation for `clientId`. */
export function announceConversation(clientId: string): void {
  try {
    const channel = new BroadcastChannel(threadChannelName(clientId));
    channel.postMessage(1); // delivered even though the channel closes at once
    channel.close();
  } catch {
    // No BroadcastChannel here: the other tabs load theirs on intent.
  }
}

/**
 * True when the chat is needed at once. Where the browser refuses storage (an opaque origin,
 * storage blocked) nothing can have been kept: the chat waits for intent. The loader reads here
 * without src/browser/features.ts (every page view pays for its bytes): the chat says what is refused.
 */
export async function hasConversation(clientId: string, storage?: string): Promise<boolean> {
  // storage="memory" keeps nothing and reads nothing; "session" reads this tab's session only.
  // An opaque origin (a sandboxed frame) is refused all storage: nothing to ask.
  if (storage === 'memory' || globalThis.origin === 'null' || (storage !== 'session' && !(await chatRanHere()))) return false;
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

/**
 * Whether the chat ever ran in this browser for this site: it opens its database as it starts.
 * Asked of IndexedDB's list, which answers without blocking: the first read of Web Storage waits
 * for the browser process (about 1 ms of a page view's main thread), so a first visit, which has
 * no database, never reads it. Where the list is missing or refused, the marks decide. Never
 * asked in an opaque origin, where Chromium reports an uncaught rejection of its own even when
 * the refusal is caught.
 */
async function chatRanHere(): Promise<boolean> {
  try {
    return (await indexedDB.databases()).some((database) => database.name === DATABASE_NAME);
  } catch {
    return true;
  }
}
