// Counted texts in every language. A text with plural forms names each form by its CLDR category,
// "one:{count} unread message|other:{count} unread messages" (Polish adds few and many, Arabic
// zero, two, few and many); `Intl.PluralRules` picks the form for the count in the language, and
// `Intl.NumberFormat` writes the number as that language does. A text without forms (a page's own
// override, say) serves every count.

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof CATEGORIES)[number];

const FORM = /^(zero|one|two|few|many|other):/;

/** The forms of a text, by category; undefined for a text without forms. */
export function pluralForms(text: string): Map<PluralCategory, string> | undefined {
  if (!FORM.test(text)) return undefined;
  const forms = new Map<PluralCategory, string>();
  for (const part of text.split('|')) {
    const match = FORM.exec(part);
    if (match) forms.set(match[1] as PluralCategory, part.slice(match[0].length));
  }
  return forms;
}

// One of each per language: making an Intl object costs far more than using it.
const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();
const once = <T>(made: Map<string, T>, language: string, make: () => T): T => {
  let found = made.get(language);
  if (!found) made.set(language, (found = make()));
  return found;
};

/** The form of `text` for `count` in `language` (`other` where the text lacks the one asked for). */
export function pluralText(text: string, count: number, language: string): string {
  const forms = pluralForms(text);
  if (!forms) return text;
  return forms.get(once(rules, language, () => new Intl.PluralRules(language)).select(count)) ?? forms.get('other') ?? text;
}

/** Fills `{name}` placeholders after choosing the form for `values.count`; numbers as `language` writes them. */
export function formatIn(language: string, text: string, values: Record<string, string | number>): string {
  const counted = typeof values.count === 'number' ? pluralText(text, values.count, language) : text;
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? once(numbers, language, () => new Intl.NumberFormat(language)).format(value) : value;
  });
}
