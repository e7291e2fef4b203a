// Message times as HH:MM the way the widget's language writes them, and as ISO for <time dateTime>;
// the days they fall on (the visitor's time zone) as "Today", "Yesterday" or the date.

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

const DAY_MS = 86_400_000;

/** Midnight of the day `at` falls on, in the visitor's time zone. */
export function dayStart(at: number): number {
  const date = new Date(at);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

const dayFormatters = new Map<string, [Intl.RelativeTimeFormat, Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/** "Today", "Yesterday", else the date ("Monday, 16 November"; the year when it is not this one), in the language. */
export function dayLabel(at: number, now: number, language: string): string {
  let formats = dayFormatters.get(language);
  if (!formats) {
    const date = { weekday: 'long', day: 'numeric', month: 'long' } as const;
    formats = [
      new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
      new Intl.DateTimeFormat(language, date),
      new Intl.DateTimeFormat(language, { ...date, year: 'numeric' }),
    ];
    dayFormatters.set(language, formats);
  }
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const daysAgo = Math.round((dayStart(now) - dayStart(at)) / DAY_MS);
  if (daysAgo === 0 || daysAgo === 1) {
    const word = formats[0].format(-daysAgo, 'day');
    return word[0]!.toLocaleUpperCase(language) + word.slice(1);
  }
  return formats[new Date(at).getFullYear() === new Date(now).getFullYear() ? 1 : 2].format(at);
}
