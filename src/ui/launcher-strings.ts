// The texts the loader itself shows: the launcher, and the panel it draws when the rest of the
// chat cannot load. They live apart from the chat's texts so the loader carries only these.

export const launcherStrings = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  heading: 'Chat',
  /** The launcher's unread badge, read by screen readers with the button's name. */
  unread: '{count} unread',
  errorTitle: 'The chat is not available',
  /** The rest of the chat could not be loaded (offline, blocked, or changed on its server). */
  loadFailed: 'The chat could not be loaded.',
  tryAgain: 'Try again',
};

/** Fills `{name}` placeholders; unknown names stay as they are. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The defaults with a page's overrides on top; anything that is not a string is ignored. */
export function mergeStrings<T extends Record<string, string>>(defaults: T, overrides: Partial<Record<string, unknown>> | undefined): T {
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = overrides?.[key as string];
    if (typeof value === 'string') merged[key] = value as T[keyof T];
  }
  return merged;
}
