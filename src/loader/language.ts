// The widget's language, as the loader decides it before anything else loads: the `language`
// attribute if set (along its fallbacks: "pt-BR" → pt-BR, pt), else the browser's languages in
// order; English when none is one of the widget's. The loader carries each language's name for
// the launcher; the rest of a language's texts is a file fetched with the chat.
import { chooseLanguage } from '../i18n/language-tags.ts';
import { setOrRemove } from './dom.ts';
import { LAUNCHER_NAMES } from '../i18n/launcher-names.ts';
import type { Translation } from '../i18n/translation.ts';
import { launcherStrings, mergeStrings } from '../i18n/launcher-strings.ts';

// English, built in, among them: a browser that prefers it gets it, not a language it lists later.
const AVAILABLE = new Set(['en', ...Object.keys(LAUNCHER_NAMES)]);

// Written right to left: such a language mirrors the widget (the `language` attribute's too, when
// its texts are not among the widget's: the conversation itself is in it).
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ug', 'ckb']);

export function widgetLanguage(attribute: string | null | undefined): string {
  const requested = attribute?.trim() ? [attribute] : (globalThis.navigator?.languages ?? []);
  return chooseLanguage(requested, AVAILABLE);
}

function isRightToLeft(...tags: Array<string | null | undefined>): boolean {
  return tags.some((tag) => RTL_LANGUAGES.has(tag?.trim().toLowerCase().split(/[-_]/)[0] ?? ''));
}

/** The texts shown, and the language they are in (counts, numbers and times follow it). */
export interface Words {
  language: string;
  /** Undefined for English, built in (or a language whose file could not load). */
  translation?: Translation;
}

export type LauncherWords = typeof launcherStrings;

/**
 * The loader's texts: the language's translation where it has arrived, else its launcher name
 * alone (the loader's own) over English; a page's overrides on top.
 */
export function launcherWords({ language, translation }: Words, overrides: Partial<Record<string, unknown>>): LauncherWords {
  const own = translation ?? { openChat: LAUNCHER_NAMES[language] };
  return mergeStrings(mergeStrings(launcherStrings, own), overrides);
}

/** The language of the texts shown on `frame`, and its direction (the `language` attribute's too). */
export function markLanguage(frame: Element, language: string, attribute: string | null): void {
  setOrRemove(frame, 'lang', language);
  setOrRemove(frame, 'dir', isRightToLeft(language, attribute) ? 'rtl' : null);
}
