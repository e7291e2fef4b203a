// The npm entry's languages: each a chunk of its own (a dynamic import), so an app's bundler
// splits them and a visitor's browser fetches only the one it needs. The script-tag files get
// theirs from scripts/build-embed.ts instead.
import type { Translation } from './translation.ts';

type Chunk = () => Promise<{ default: Translation }>;

export const LANGUAGE_CHUNKS: Readonly<Record<string, Chunk>> = {
  ar: () => import('./languages/ar.ts'),
  bg: () => import('./languages/bg.ts'),
  cs: () => import('./languages/cs.ts'),
  da: () => import('./languages/da.ts'),
  de: () => import('./languages/de.ts'),
  el: () => import('./languages/el.ts'),
  es: () => import('./languages/es.ts'),
  fa: () => import('./languages/fa.ts'),
  fi: () => import('./languages/fi.ts'),
  fr: () => import('./languages/fr.ts'),
  he: () => import('./languages/he.ts'),
  hi: () => import('./languages/hi.ts'),
  hu: () => import('./languages/hu.ts'),
  id: () => import('./languages/id.ts'),
  it: () => import('./languages/it.ts'),
  ja: () => import('./languages/ja.ts'),
  ko: () => import('./languages/ko.ts'),
  nb: () => import('./languages/nb.ts'),
  nl: () => import('./languages/nl.ts'),
  pl: () => import('./languages/pl.ts'),
  pt: () => import('./languages/pt.ts'),
  'pt-BR': () => import('./languages/pt-BR.ts'),
  ro: () => import('./languages/ro.ts'),
  ru: () => import('./languages/ru.ts'),
  sk: () => import('./languages/sk.ts'),
  sv: () => import('./languages/sv.ts'),
  th: () => import('./languages/th.ts'),
  tr: () => import('./languages/tr.ts'),
  uk: () => import('./languages/uk.ts'),
  vi: () => import('./languages/vi.ts'),
  'zh-Hans': () => import('./languages/zh-Hans.ts'),
  'zh-Hant': () => import('./languages/zh-Hant.ts'),
};

/** A language's texts from its chunk; rejects for a language the widget does not have. */
export function loadLanguageChunk(tag: string): Promise<Translation> {
  const chunk = Object.hasOwn(LANGUAGE_CHUNKS, tag) ? LANGUAGE_CHUNKS[tag] : undefined;
  return chunk ? chunk().then((module) => module.default) : Promise.reject(new Error(`the widget has no "${tag}" texts`));
}
