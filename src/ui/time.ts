// Message times as HH:MM in the visitor's locale, and as ISO for <time dateTime>.

let formatter: Intl.DateTimeFormat | undefined;

/**
 * Makes the formatter. The first Intl object of a page loads the locale's data, which can take
 * tens of milliseconds: the element does it in a task of its own when messages are about to show,
 * rather than inside the task that renders them.
 */
export function prepareClock(): Intl.DateTimeFormat {
  return (formatter ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }));
}

export function clockTime(at: number): string {
  return prepareClock().format(at);
}

export function isoTime(at: number): string {
  return new Date(at).toISOString();
}
