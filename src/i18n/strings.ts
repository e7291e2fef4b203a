// Every word the widget shows or announces, in English (built in; the other languages are files
// of src/i18n/languages/). A page overrides any of them through the element's `strings` property.
// `{name}` placeholders are filled in by say(); a counted text names its plural forms
// ("one:…|other:…", src/i18n/plural.ts).
import { formatIn } from './plural.ts';
import { launcherStrings, mergeStrings } from './launcher-strings.ts';

export const defaultStrings = {
  ...launcherStrings,
  /** The launcher's unread badge, read by screen readers with the button's name. */
  unread: 'one:{count} unread message|other:{count} unread messages',
  transcriptLabel: 'Conversation',
  messageLabel: 'Message',
  messagePlaceholder: 'Write a message…',
  send: 'Send',
  /** Characters left, shown near the limit. */
  charactersLeft: 'one:{count} character left|other:{count} characters left',
  /** Shown instead when the text is over the limit; sending is blocked until it is shortened. */
  charactersOver: 'one:{count} character too many|other:{count} characters too many',
  quickRepliesLabel: 'Suggested replies',
  /** After the cards, list items, buttons or quick replies drawn, when a message holds more. */
  more: 'and {count} more',
  /** Draws the next part of a long text. */
  showMore: 'Show more',
  /** Rich responses: a carousel's buttons and each card's place in it. */
  previous: 'Previous',
  next: 'Next',
  slide: '{index} of {count}',
  /** An image: said after its title on the picture that opens the viewer; the viewer's two buttons. */
  viewImage: 'enlarge',
  openImage: 'Open in a new tab',
  /** Said (not shown) after a link that opens a new tab: a message's link, a template's button, a file, a map. */
  newTab: 'opens in a new tab',
  closeImage: 'Close',
  download: 'Download',
  openMap: 'Open map',
  typing: '{name} is typing…',
  botName: 'Bot',
  agentName: 'Agent',
  you: 'You',

  statusIdle: 'Not connected',
  statusConnecting: 'Connecting…',
  statusOpen: 'Online',
  statusReconnecting: 'Reconnecting…',
  statusReconnectingIn: 'Reconnecting in {seconds} s…',
  statusOffline: 'Offline',
  statusError: 'Cannot connect',
  retryNow: 'Retry now',
  /** Under the status while the connection is being retried or the device is offline. */
  messagesKept: 'Your messages are kept and will be sent when the connection is back.',

  pending: 'Sending…',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  retry: 'Retry',
  /** Gives up a message that was not delivered. */
  discard: 'Delete',
  /** The line below the messages of an earlier conversation (one the service no longer continues). */
  newConversation: 'New conversation',

  errorHelp: 'Please try again later.',
  serviceError: 'The last message could not be processed: {message}',
  dismiss: 'Dismiss',

  /** The header's button that opens the panel's menu, and the menu's items. */
  moreOptions: 'More options',
  /** Downloads the conversation as a text file. */
  saveCopy: 'Save a copy',
  /** Asks for a confirmation in the panel, then deletes the conversation from this browser. */
  deleteConversation: 'Delete this conversation',
  /** The confirmation's explanation, and its two buttons. */
  deleteExplanation: 'This deletes the conversation from this browser. It cannot be undone.',
  deleteConfirm: 'Delete',
  cancel: 'Cancel',
};

export type Strings = typeof defaultStrings;
export type StringKey = keyof Strings;

/** The texts the panel shows and the language they are in, which counts, numbers and times follow. */
export type PanelStrings = Strings & { readonly language: string };

/**
 * The panel's texts: English, the chosen language's translation over it (none for English), a
 * page's overrides on top (anything that is not a string is ignored).
 */
export function panelStrings(
  language: string,
  translation: Partial<Strings> | undefined,
  overrides: Partial<Record<string, unknown>> | undefined,
): PanelStrings {
  return { ...mergeStrings(mergeStrings(defaultStrings, translation), overrides), language };
}

/** A text with its placeholders filled, in the form its count asks for: say(strings, 'slide', { index: 2, count: 5 }). */
export function say(strings: PanelStrings, key: StringKey, values: Record<string, string | number>): string {
  return formatIn(strings.language, strings[key], values);
}
