// Limits of the service that both sides check (spec 4.3, 8).

/**
 * The longest text message the widget sends, in characters. The spec's 255 is the REST API's
 * ("REST text message"); the socket sets none, and a visitor describing a problem must not be
 * cut off at a tweet's length.
 */
export const MAX_MESSAGE_LENGTH = 2_000;
/** The REST API's limit on a text message (spec 8): the emulator's REST side and its console keep it. */
export const MAX_SPEECH_LENGTH = 255;
/** The longest event name `sendEvent` takes: names are identifiers, not prose. */
export const MAX_EVENT_NAME_LENGTH = 255;

/** Characters as a person counts them (code points): an emoji is one, not two UTF-16 units. */
export function speechLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

// What the widget takes and draws of what the service sends (issue 26): enough for what people
// use (messaging apps draw about 10 cards and 13 quick replies, and cap texts at a few thousand
// characters), little enough that no task of the page takes long. What is not drawn stays in
// the stored transcript and the parley:message event; the panel says how much more there is.

/** A socket frame longer than this, in characters, is refused before it is parsed (4 MiB). */
export const MAX_FRAME_LENGTH = 4 * 1024 * 1024;
/** The entries one `message.received` makes: the responses after these are counted, not shown. */
export const MAX_ENTRIES_PER_MESSAGE = 100;
/** The cards of a carousel drawn. */
export const MAX_CARDS_DRAWN = 10;
/** The items of a list drawn. */
export const MAX_LIST_ITEMS_DRAWN = 10;
/** The buttons of one card, list or buttons template drawn. */
export const MAX_BUTTONS_DRAWN = 6;
/** The quick replies of a message drawn. */
export const MAX_QUICK_REPLIES_DRAWN = 13;
/** The characters of a message's text drawn at first, and the more each "Show more" draws. */
export const TEXT_CHUNK_LENGTH = 4_000;
/** The characters of a title, subtitle, label or name drawn (Messenger's longest template text). */
export const MAX_LABEL_LENGTH = 640;
/** The total typing delay of one `message.received`, in milliseconds. */
export const MAX_TYPING_DELAY_MS = 30_000;
