// Message times as HH:MM the way the widget's language writes them, and as ISO for <time dateTime>.

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Makes the language's formatter. The first Intl object of a page loads the locale's data, which
 * can take tens of milliseconds: the element does it in a task of its own when messages are about
 * to show, rather than inside the task that renders them.
 */
export function prepareClock(language: string): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) formatters.set(language, (formatter = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' })));
  return formatter;
}

export function clockTime(at: number, language: string): string {
  return prepareClock(language).format(at);
}

export function isoTime(at: number): string {
  return new Date(at).toISOString();
}
