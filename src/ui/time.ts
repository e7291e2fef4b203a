// Message times as HH:MM in the visitor's locale, and as ISO for <time dateTime>.

let formatter: Intl.DateTimeFormat | undefined;

export function clockTime(at: number): string {
  formatter ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return formatter.format(at);
}

export function isoTime(at: number): string {
  return new Date(at).toISOString();
}
