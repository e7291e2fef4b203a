// The layout attributes whose wrong value would otherwise pass in silence: the widget goes on with
// the default and the console says what the attribute takes. One home for the values and the
// words; the layouts' part checks `layout` as it loads (inline.ts), the chat checks `launcher`
// as it mounts (chat/mount-chat.ts): the loader, which every page view pays for, checks neither.

const ALLOWED = {
  layout: ['launcher', 'inline'],
  launcher: ['button', 'none'],
} as const;

/** Says each of these attributes whose value is not one of those allowed. */
export function warnOfLayoutValues(element: Element, attributes: ReadonlyArray<keyof typeof ALLOWED>): void {
  for (const attribute of attributes) {
    const allowed: readonly string[] = ALLOWED[attribute];
    const value = element.getAttribute(attribute);
    if (value === null || allowed.includes(value)) continue;
    console.warn(
      `[parley] ${attribute}="${value}" is not one of ${allowed.map((name) => `"${name}"`).join(', ')}: the widget uses "${allowed[0]}"`,
    );
  }
}
