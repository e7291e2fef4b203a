// Language tags as the widget meets them: BCP 47 from the `language` attribute and the browser,
// which may also say a POSIX locale (`C`, `en_US.UTF-8`) or a language with no two-letter code
// (`fil-PH`). What the service is told (`metadata.language`), and which of the widget's own
// languages a visitor gets. Small on purpose: the loader carries the choice.

// language, then an optional script and region; whatever follows (variants, a POSIX charset) is
// ignored. "C", "POSIX" and "" are no language tags.
const TAG = /^([a-z]{2,3})(?:[-_]([a-z]{4}))?(?:[-_]([a-z]{2}|\d{3}))?(?:[-_.@]|$)/i;

/**
 * `metadata.language`: the two-letter ISO 639-1 code of the first tag that has one ("pt-BR" gives
 * "pt"); never a longer code cut short (`fil` is not `fi`), never a locale name such as `C`.
 * Undefined when no tag has one: the service is then told nothing.
 */
export function serviceLanguage(tags: ReadonlyArray<string | null | undefined>): string | undefined {
  for (const tag of tags) {
    const language = TAG.exec(tag?.trim() ?? '')?.[1]!.toLowerCase();
    if (language?.length === 2) return language;
  }
  return undefined;
}

// Chinese is chosen by script; a region says which one its readers use. Norwegian: Bokmål is what
// "no" means in practice, and the nearer language for Nynorsk readers.
const TRADITIONAL_REGIONS = ['TW', 'HK', 'MO'];
const SAME_AS: Record<string, string> = { no: 'nb', nn: 'nb' };

/** The tags to look for, most specific first: "pt-BR" → pt-BR, pt; "zh-TW" → zh-Hant. */
function candidates(tag: string): string[] {
  const match = TAG.exec(tag.trim());
  if (!match) return [];
  const code = match[1]!.toLowerCase();
  const language = SAME_AS[code] ?? code;
  const script = match[2] && match[2][0]!.toUpperCase() + match[2].slice(1).toLowerCase();
  const region = match[3]?.toUpperCase();
  if (language === 'zh') return [`zh-${script || (TRADITIONAL_REGIONS.includes(region!) ? 'Hant' : 'Hans')}`];
  return [script && `${language}-${script}`, region && `${language}-${region}`, language].filter((found): found is string => !!found);
}

/**
 * The widget's language for a visitor: the first of `requested` (the `language` attribute, or
 * the browser's languages, in order) that `available` has, along each tag's fallbacks; English
 * when none matches.
 */
export function chooseLanguage(requested: ReadonlyArray<string | null | undefined>, available: ReadonlySet<string>): string {
  for (const tag of requested) {
    for (const candidate of candidates(tag ?? '')) if (available.has(candidate)) return candidate;
  }
  return 'en';
}
