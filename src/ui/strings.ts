// Every word the widget shows or announces. A page overrides any of them through the element's
// `strings` property; `{name}` placeholders are filled in by format().
import { format, launcherStrings, mergeStrings } from './launcher-strings.ts';

export { format };

export const defaultStrings = {
  ...launcherStrings,
  transcriptLabel: 'Conversation',
  messageLabel: 'Message',
  messagePlaceholder: 'Write a message…',
  send: 'Send',
  /** Characters left, shown near the limit. */
  charactersLeft: '{count} characters left',
  /** Shown instead when the text is over the limit; sending is blocked until it is shortened. */
  charactersOver: '{count} characters too many',
  quickRepliesLabel: 'Suggested replies',
  /** Rich responses: a carousel's buttons and each card's place in it. */
  previous: 'Previous',
  next: 'Next',
  slide: '{index} of {count}',
  /** An image: said after its title on the picture that opens the viewer; the viewer's two buttons. */
  viewImage: 'enlarge',
  openImage: 'Open in a new tab',
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
};

export type Strings = typeof defaultStrings;
export type StringKey = keyof Strings;

/** The defaults with a page's overrides on top; anything that is not a string is ignored. */
export function mergeChatStrings(overrides: Partial<Record<string, unknown>> | undefined): Strings {
  return mergeStrings(defaultStrings, overrides);
}
