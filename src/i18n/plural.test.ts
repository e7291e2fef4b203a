import { describe, expect, it } from 'vitest';
import { formatIn, pluralForms, pluralText } from './plural.ts';

// "n unread messages" as each language writes it (the forms its plural rules name).
const UNREAD = {
  en: 'one:{count} unread message|other:{count} unread messages',
  pl: 'one:{count} nieprzeczytana wiadomość|few:{count} nieprzeczytane wiadomości|many:{count} nieprzeczytanych wiadomości|other:{count} nieprzeczytanej wiadomości',
  ru: 'one:{count} непрочитанное сообщение|few:{count} непрочитанных сообщения|many:{count} непрочитанных сообщений|other:{count} непрочитанного сообщения',
  ar: 'zero:لا رسائل غير مقروءة|one:رسالة واحدة غير مقروءة|two:رسالتان غير مقروءتين|few:{count} رسائل غير مقروءة|many:{count} رسالة غير مقروءة|other:{count} رسالة غير مقروءة',
};

describe('plural forms', () => {
  it.each([
    ['en', [0, 1, 2, 5, 21, 22], ['messages', 'message', 'messages', 'messages', 'messages', 'messages']],
    [
      'pl',
      [0, 1, 2, 5, 21, 22],
      ['nieprzeczytanych', 'nieprzeczytana', 'nieprzeczytane', 'nieprzeczytanych', 'nieprzeczytanych', 'nieprzeczytane'],
    ],
    ['ru', [0, 1, 2, 5, 21, 22], ['сообщений', 'сообщение', 'сообщения', 'сообщений', 'сообщение', 'сообщения']],
    ['ar', [0, 1, 2, 5, 21, 22], ['لا', 'واحدة', 'رسالتان', 'رسائل', 'رسالة', 'رسالة']],
  ] as const)('%s: the form for 0, 1, 2, 5, 21 and 22', (language, counts, words) => {
    const chosen = counts.map((count) => pluralText(UNREAD[language], count, language));
    chosen.forEach((text, i) => expect(text).toContain(words[i]));
  });

  it('fills the count as the language writes numbers, and leaves a text without forms as it is', () => {
    expect(formatIn('en', UNREAD.en, { count: 1 })).toBe('1 unread message');
    expect(formatIn('de', 'one:{count} Nachricht|other:{count} Nachrichten', { count: 1200 })).toBe('1.200 Nachrichten');
    expect(formatIn('pl', UNREAD.pl, { count: 22 })).toBe('22 nieprzeczytane wiadomości');
    expect(formatIn('en', '{count} new', { count: 3 })).toBe('3 new'); // a page's override without forms
    expect(formatIn('en', '{name} is typing…', { name: 'Ada' })).toBe('Ada is typing…');
    expect(formatIn('en', '{index} of {count}', { index: 2, count: 5 })).toBe('2 of 5');
    expect(pluralForms('Open chat')).toBeUndefined();
    expect(pluralText('one:{count} item|other:{count} items', 7, 'ja')).toBe('{count} items'); // Japanese has "other" only
  });
});
