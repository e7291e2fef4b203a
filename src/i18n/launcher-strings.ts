// The texts the loader itself shows: the launcher, and the panel it draws when the rest of the
// chat cannot load. They live apart from the chat's texts so the loader carries only these.

export const launcherStrings = {
  openChat: 'Open chat',
  closeChat: 'Close chat',
  heading: 'Chat',
  errorTitle: 'The chat is not available',
  /** The rest of the chat could not be loaded (offline, blocked, or changed on its server). */
  loadFailed: 'The chat could not be loaded.',
  tryAgain: 'Try again',
};

/** The defaults with a page's overrides on top; anything that is not a string is ignored. */
export function mergeStrings<T extends Record<string, string>>(defaults: T, overrides: Partial<Record<string, unknown>> | undefined): T {
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const value = overrides?.[key as string];
    if (typeof value === 'string') merged[key] = value as T[keyof T];
  }
  return merged;
}
