// Every translation against the English defaults: every key and no other, the same placeholders,
// plural forms the language really has, and small enough for its 1.5 kB file.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { defaultStrings, type StringKey } from './strings.ts';
import { LANGUAGE_CHUNKS, loadLanguageChunk } from './language-chunks.ts';
import { launcherNamesSource } from './launcher-names-source.ts';
import { LAUNCHER_NAMES } from './launcher-names.ts';
import { pluralForms } from './plural.ts';
import { LANGUAGES, type Translation } from './translation.ts';

const files = import.meta.glob<{ default: Translation }>('./languages/*.ts', { eager: true });
const translations = Object.fromEntries(Object.entries(files).map(([path, module]) => [path.replace(/^.*\/|\.ts$/g, ''), module.default]));
const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
const KEYS = Object.keys(defaultStrings).sort() as StringKey[];

describe('translations', () => {
  it('are the listed languages, a file each, each a chunk of the npm build', async () => {
    expect(Object.keys(translations).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(LANGUAGE_CHUNKS).sort()).toEqual([...LANGUAGES].sort());
    expect(await loadLanguageChunk('pt-BR')).toBe(translations['pt-BR']);
    await expect(loadLanguageChunk('tlh')).rejects.toThrow('the widget has no "tlh" texts');
    await expect(loadLanguageChunk('constructor')).rejects.toThrow(/no "constructor" texts/);
  });

  it("the loader's launcher names are the translations' (else: npx tsx scripts/make-launcher-names.ts)", async () => {
    expect(Object.keys(LAUNCHER_NAMES).sort()).toEqual([...LANGUAGES].sort());
    for (const tag of LANGUAGES) expect(LAUNCHER_NAMES[tag], tag).toBe(translations[tag]!.openChat);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(new URL('./launcher-names.ts', import.meta.url), 'utf8')).toBe(await launcherNamesSource());
  });

  describe.each(LANGUAGES)('%s', (tag) => {
    const translation = translations[tag]!;

    it('has every key of the English texts and no other, none empty', () => {
      expect(Object.keys(translation).sort()).toEqual(KEYS);
      for (const key of KEYS) expect(translation[key].trim(), key).toBe(translation[key]);
      for (const key of KEYS) expect(translation[key].length, key).toBeGreaterThan(0);
    });

    it('keeps the placeholders; counted texts name only forms the language has, "other" always', () => {
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
      for (const key of KEYS) {
        const english = placeholders(defaultStrings[key]);
        const forms = pluralForms(translation[key]);
        const texts = forms ? [...forms.values()] : [translation[key]];
        if (forms) {
          expect(forms.has('other'), `${key}: an "other" form`).toBe(true);
          for (const category of forms.keys()) expect(categories, `${key}: ${category}`).toContain(category);
        }
        for (const text of texts) {
          const used = placeholders(text);
          for (const name of used) expect(english, `${key}: {${name}}`).toContain(name);
          // Every placeholder but the count is kept in every form (a form may say "one" in words).
          for (const name of english) if (name !== 'count') expect(used, `${key}: {${name}}`).toContain(name);
        }
        const other = forms?.get('other') ?? translation[key];
        for (const name of english) expect(placeholders(other), `${key}: {${name}} in "other"`).toContain(name);
      }
    });

    it('fits in 1.5 kB gzipped', () => {
      expect(gzipSync(JSON.stringify(translation), { level: 9 }).length).toBeLessThanOrEqual(1536);
    });
  });
});
