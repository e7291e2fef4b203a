// A translation of the widget's texts: every key of the English defaults (src/i18n/strings.ts),
// each a plain text or, where it counts something, its plural forms (src/i18n/plural.ts).
import type { StringKey } from './strings.ts';

export type Translation = Record<StringKey, string>;

/** The widget's languages besides English (built in): a file each in src/i18n/languages/. */
export const LANGUAGES = [
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-Hans',
  'zh-Hant',
] as const;
