// Attributes of the page's layout whose wrong value would otherwise pass in silence: the widget
// goes on with the default and the console says what it takes. Here, in the chat, not in the
// loader every page view pays for: a page's developer sees it as soon as the chat opens.

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  launcher: ['button', 'none'],
};

/** Says, once per element and attribute, a value that is not one of those allowed. */
export function warnOfLayoutValues(element: Element): void {
  for (const [attribute, allowed] of Object.entries(ALLOWED)) {
    const value = element.getAttribute(attribute);
    if (value === null || allowed.includes(value)) continue;
    console.warn(`[parley] ${attribute}="${value}" is not one of ${allowed.map((name) => `"${name}"`).join(', ')}: the widget uses "${allowed[0]}"`);
  }
}
