// The names of the Web Storage keys the widget writes, one per slot, all `parley:<slot>:<clientId>`.
// Apart from slots.ts (where each lives and how it is read) because the loader needs the names
// only: every page view pays for its bytes.

/** thread, trace, chime: localStorage; open, draft, view, unsent, session, teaser: sessionStorage (slots.ts). */
export type SlotName = 'thread' | 'trace' | 'chime' | 'open' | 'draft' | 'view' | 'unsent' | 'session' | 'teaser';

export const slotKey = (name: SlotName, clientId: string): string => `parley:${name}:${clientId}`;
