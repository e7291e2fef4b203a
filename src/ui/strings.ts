// Every word the widget shows or announces. A page overrides any of them through the element's
// `strings` property; `{name}` placeholders are filled in by format().

export const defaultStrings = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  heading: 'Chat',
  transcriptLabel: 'Conversation',
  messageLabel: 'Message',
  messagePlaceholder: 'Write a message…',
  send: 'Send',
  /** Characters left, shown near the limit. */
  charactersLeft: '{count} characters left',
  /** Shown instead when the text is over the limit; sending is blocked until it is shortened. */
  charactersOver: '{count} characters too many',
  quickRepliesLabel: 'Suggested replies',
  /** Rich responses: a carousel's buttons and each card's place in it; what an image link does. */
  previous: 'Previous',
  next: 'Next',
  slide: '{index} of {count}',
  openImage: 'new tab',
  download: 'Download',
  openMap: 'Open map',
  /** The launcher's unread badge, read by screen readers with the button's name. */
  unread: '{count} unread',
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

  errorTitle: 'The chat is not available',
  errorHelp: 'Please try again later.',
  serviceError: 'The last message could not be processed: {message}',
  dismiss: 'Dismiss',
};

export type Strings = typeof defaultStrings;
export type StringKey = keyof Strings;

/** Fills `{name}` placeholders; unknown names stay as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The defaults with a page's overrides on top; anything that is not a string is ignored. */
export function mergeStrings(overrides: Partial<Record<string, unknown>> | undefined): Strings {
  const merged = { ...defaultStrings };
  if (!overrides) return merged;
  for (const key of Object.keys(defaultStrings) as StringKey[]) {
    const value = overrides[key];
    if (typeof value === 'string') merged[key] = value;
  }
  return merged;
}
