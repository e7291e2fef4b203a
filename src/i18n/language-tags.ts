// Language tags as the widget meets them: BCP 47 from the `language` attribute and the browser,
// which may also say a POSIX locale (`C`, `en_US.UTF-8`) or a language with no two-letter code
// (`fil-PH`). What the service is told (`metadata.language`), and which of the widget's own
// languages a visitor gets.

/** A tag without a POSIX locale's charset and modifier ("de_DE.UTF-8@euro" → "de_DE"), if it is a language tag at all. */
function cleanTag(tag: string | null | undefined): string | undefined {
  const cleaned = (tag ?? '').trim().replace(/[.@].*$/, '');
  return /^[a-z]{2,3}([-_][a-z0-9]{1,8})*$/i.test(cleaned) ? cleaned : undefined;
}

/** A tag's parts, normalised ("pt_br" → pt, BR); undefined where it is no language tag ("C", ""). */
function parseTag(tag: string | null | undefined): { language: string; script?: string; region?: string } | undefined {
  const cleaned = cleanTag(tag);
  if (!cleaned) return undefined;
  const [language, ...subtags] = cleaned.split(/[-_]/);
  let script: string | undefined;
  let region: string | undefined;
  for (const subtag of subtags) {
    if (!script && !region && /^[a-z]{4}$/i.test(subtag)) script = subtag[0]!.toUpperCase() + subtag.slice(1).toLowerCase();
    else if (!region && /^([a-z]{2}|\d{3})$/i.test(subtag)) region = subtag.toUpperCase();
  }
  return { language: language!.toLowerCase(), ...(script ? { script } : {}), ...(region ? { region } : {}) };
}

/**
 * `metadata.language`: the two-letter ISO 639-1 code of the first tag that has one ("pt-BR" gives
 * "pt"); never a longer code cut short (`fil` is not `fi`), never a locale name such as `C`.
 * Undefined when no tag has one: the service is then told nothing.
 */
export function serviceLanguage(tags: ReadonlyArray<string | null | undefined>): string | undefined {
  for (const tag of tags) {
    const language = cleanTag(tag)?.split(/[-_]/)[0]!.toLowerCase();
    if (language?.length === 2) return language;
  }
  return undefined;
}

// Chinese is chosen by script; a region says which one its readers use.
const TRADITIONAL_REGIONS = new Set(['TW', 'HK', 'MO']);
// Norwegian: Bokmål is what "no" means in practice, and the nearer language for Nynorsk readers.
const SAME_AS: Record<string, string> = { no: 'nb', nn: 'nb' };

/** The tags to look for, most specific first: "pt-BR" → pt-BR, pt; "zh-TW" → zh-Hant. */
function candidates(tag: string): string[] {
  const parsed = parseTag(tag);
  if (!parsed) return [];
  const language = SAME_AS[parsed.language] ?? parsed.language;
  if (language === 'zh') return [`zh-${parsed.script ?? (parsed.region && TRADITIONAL_REGIONS.has(parsed.region) ? 'Hant' : 'Hans')}`];
  const found: string[] = [];
  if (parsed.script && parsed.region) found.push(`${language}-${parsed.script}-${parsed.region}`);
  if (parsed.script) found.push(`${language}-${parsed.script}`);
  if (parsed.region) found.push(`${language}-${parsed.region}`);
  found.push(language);
  return found;
}

/**
 * The widget's language for a visitor: the first of `requested` (the `language` attribute, then
 * the browser's languages, in order) that `available` has, along each tag's fallbacks; English
 * when none matches.
 */
export function chooseLanguage(requested: ReadonlyArray<string | null | undefined>, available: ReadonlySet<string>): string {
  for (const tag of requested) {
    for (const candidate of candidates(tag ?? '')) if (available.has(candidate)) return candidate;
  }
  return 'en';
}
