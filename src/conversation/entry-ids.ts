// A visitor's message has the id `u<rid>` in the transcript, where rid is the id of the request
// that sent it (client/drafts.ts): every tab and a reload find a message's request from its entry,
// and the other way round, with these two and nothing else.

/** The transcript id of the message a request sends. */
export const userEntryId = (rid: string): string => `u${rid}`;

/** The request id of a visitor's message, from its transcript id. */
export const requestIdOf = (entryId: string): string => entryId.slice(1);
