// Two small marks in Web Storage that the loader reads, synchronously and without opening
// IndexedDB, to know whether this browser already has a conversation here (then the chat loads
// at once, reconnects and counts unread messages) or not (then it waits for the visitor's intent).
import { indexedDbFactory, webStorage } from './browser/features.ts';

/** localStorage: '1' while IndexedDB holds a conversation for this clientId. */
export const threadMarkKey = (clientId: string) => `parley:thread:${clientId}`;
/** sessionStorage: '1' while this tab's panel is open (it stays open across reloads). */
export const panelOpenKey = (clientId: string) => `parley:open:${clientId}`;

/**
 * True when the chat is needed at once; also when the mark cannot be read but IndexedDB can
 * (IndexedDB decides then). Where the browser refuses all storage, nothing can have been kept.
 */
export function hasConversation(clientId: string): boolean {
  const mark = webStorage('localStorage').get(threadMarkKey(clientId));
  return mark === '1' || webStorage('sessionStorage').get(panelOpenKey(clientId)) === '1' || (mark === undefined && !!indexedDbFactory());
}
