import { describe, expect, it } from 'vitest';
import { dayLabel } from './time.ts';

// Wednesday 25 November 2026, 10:00 in the machine's time zone.
const now = new Date(2026, 10, 25, 10, 0).getTime();
const day = (year: number, month: number, date: number, hour = 12) => new Date(year, month, date, hour).getTime();

describe('dayLabel', () => {
  it.each([
    ['en', ['Today', 'Yesterday', 'Wednesday, November 18', 'Thursday, December 25, 2025']],
    ['de', ['Heute', 'Gestern', 'Mittwoch, 18. November', 'Donnerstag, 25. Dezember 2025']],
    ['fr', ['Aujourd’hui', 'Hier', 'mercredi 18 novembre', 'jeudi 25 décembre 2025']],
    ['ja', ['今日', '昨日', '11月18日水曜日', '2025年12月25日木曜日']],
  ])('in %s: today, yesterday (also just after midnight), last week, last year', (language, expected) => {
    const labels = [day(2026, 10, 25, 0), day(2026, 10, 24, 23), day(2026, 10, 18), day(2025, 11, 25)].map((at) =>
      dayLabel(at, now, language),
    );
    expect(labels).toEqual(expected);
  });
});
