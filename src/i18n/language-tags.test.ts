import { describe, expect, it } from 'vitest';
import { chooseLanguage, serviceLanguage } from './language-tags.ts';

// The widget's languages as issue 17 lists them, and English.
const AVAILABLE = new Set(
  'en ar bg cs da de el es fa fi fr he hi hu id it ja ko nb nl pl pt pt-BR ro ru sk sv th tr uk vi zh-Hans zh-Hant'.split(' '),
);

// tag -> [the widget's language, metadata.language]
const TABLE: Array<[string, string, string | undefined]> = [
  ['pt-BR', 'pt-BR', 'pt'],
  ['pt-PT', 'pt', 'pt'],
  ['pt_br', 'pt-BR', 'pt'],
  ['zh-TW', 'zh-Hant', 'zh'],
  ['zh-HK', 'zh-Hant', 'zh'],
  ['zh-CN', 'zh-Hans', 'zh'],
  ['zh-SG', 'zh-Hans', 'zh'],
  ['zh', 'zh-Hans', 'zh'],
  ['zh-Hant-CN', 'zh-Hant', 'zh'],
  ['sr-Latn-RS', 'en', 'sr'],
  ['fil-PH', 'en', undefined],
  ['fil', 'en', undefined],
  ['C', 'en', undefined],
  ['C.UTF-8', 'en', undefined],
  ['POSIX', 'en', undefined],
  ['de_DE.UTF-8@euro', 'de', 'de'],
  ['', 'en', undefined],
  ['!!', 'en', undefined],
  ['en-US', 'en', 'en'],
  ['DE-at', 'de', 'de'],
  ['no', 'nb', 'no'],
  ['nb-NO', 'nb', 'nb'],
  ['nn', 'nb', 'nn'],
  ['he-IL', 'he', 'he'],
];

describe('language tags', () => {
  it.each(TABLE)('%j: the widget speaks %j, the service is told %j', (tag, widget, service) => {
    expect(chooseLanguage([tag], AVAILABLE)).toBe(widget);
    expect(serviceLanguage([tag])).toBe(service);
  });

  it('takes the first tag that matches, in order, for both', () => {
    expect(chooseLanguage(['C', 'fil-PH', 'sv-FI', 'de'], AVAILABLE)).toBe('sv');
    expect(serviceLanguage(['C', 'fil-PH', 'sv-FI', 'de'])).toBe('sv');
    expect(chooseLanguage([undefined, null, 'xx-YY', 'it'], AVAILABLE)).toBe('it');
    expect(chooseLanguage([], AVAILABLE)).toBe('en');
    expect(serviceLanguage([])).toBeUndefined();
  });
});
