// The teaser (widget contract, "Layouts and the site's own triggers"): after `teaser-delay`
// seconds, a small bubble by the launcher with the site's greeting and a "Dismiss" button. Its
// code comes with the layouts' file (layouts.ts), fetched only on pages with a teaser, the inline
// layout, or that call showTeaser(): every other page view pays nothing for it. It needs neither the chat nor a
// connection, is never sent nor kept in the transcript, and never takes focus.
import { hasConversation } from '../browser/storage-marks.ts';
import { slotKey } from '../browser/slot-keys.ts';
import { optionsFromAttributes } from '../loader/attributes.ts';
import type { Teaser, LayoutsHost } from '../loader/chat-host.ts';
import { CLOSE_ICON, el, icon } from '../loader/dom.ts';
import { sheetOf } from '../loader/styles.ts';
import { DISMISS_WORDS } from './dismiss-words.ts';
import css from './teaser.css?inline';

/** The most of the site's text drawn; longer ones end with an ellipsis. */
export const TEASER_MAX_LENGTH = 140;
const DEFAULT_DELAY_SECONDS = 3;

let sheet: CSSStyleSheet | undefined;

/** The site's text cut to TEASER_MAX_LENGTH characters as a reader counts them, then "…". */
export function clipTeaser(text: string): string {
  const trimmed = text.trim();
  const characters =
    typeof Intl.Segmenter === 'function' ? [...new Intl.Segmenter().segment(trimmed)].map((part) => part.segment) : [...trimmed];
  return characters.length > TEASER_MAX_LENGTH ? `${characters.slice(0, TEASER_MAX_LENGTH).join('').trimEnd()}…` : trimmed;
}

/** `teaser-delay` in seconds: a number of 0 or more; anything else is the default, said once. */
function teaserDelay(value: string | null): number {
  if (value === null || value.trim() === '') return DEFAULT_DELAY_SECONDS;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  console.warn(`[parley] teaser-delay="${value}" is not a number of seconds: the teaser shows after ${DEFAULT_DELAY_SECONDS}`);
  return DEFAULT_DELAY_SECONDS;
}

export function mountTeaser(host: LayoutsHost): Teaser {
  const { element, frame } = host;
  const root = element.shadowRoot!;
  if (!root.adoptedStyleSheets.includes((sheet ??= sheetOf(css)))) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  // The polite region is on the page before the bubble, so the greeting is announced, once.
  const announcer = el('span', { class: 'visually-hidden', role: 'status' });
  frame.append(announcer);

  let bubble: HTMLElement | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let opened = false;
  let dismissed = false;
  const storageKey = () => slotKey('teaser', optionsFromAttributes(element).clientId ?? '');
  element.addEventListener('parley:open', () => {
    opened = true;
    hide();
  });

  // The contract's rules, asked each time: the page may have changed since.
  async function allowed(): Promise<boolean> {
    if (opened || dismissed || element.isOpen) return false;
    if (element.getAttribute('launcher') === 'none' || element.getAttribute('layout') === 'inline') return false;
    if (wasDismissed(storageKey())) return false;
    const { clientId, storage } = optionsFromAttributes(element);
    return !(await hasConversation(clientId ?? '', storage));
  }

  async function show(text = element.getAttribute('teaser') ?? ''): Promise<void> {
    clearTimeout(timer);
    const shown = clipTeaser(String(text));
    if (!shown || !(await allowed()) || !element.isConnected) return;
    bubble?.remove();
    // The page's own word (the `strings` property's `dismiss`) over the widget's.
    const language = frame.getAttribute('lang') ?? 'en';
    const dismissLabel = element.strings.dismiss ?? DISMISS_WORDS[language] ?? DISMISS_WORDS.en!;
    bubble = drawBubble(shown, dismissLabel, { open: host.open, dismiss });
    frame.append(bubble);
    announcer.textContent = shown;
  }

  function hide(): void {
    clearTimeout(timer);
    bubble?.remove();
    bubble = undefined;
    announcer.textContent = '';
  }

  function dismiss(): void {
    hide();
    dismissed = true;
    // Kept for the browser session where the storage mode allows keeping anything.
    if (optionsFromAttributes(element).storage !== 'memory') remember(storageKey());
    host.intent();
  }

  const attribute = element.getAttribute('teaser');
  if (attribute !== null && !attribute.trim()) console.warn('[parley] the teaser attribute is empty: no teaser is shown');
  else if (attribute !== null) timer = setTimeout(() => void show(), teaserDelay(element.getAttribute('teaser-delay')) * 1000);
  return { show: (text) => void show(text), hide };
}

/** The bubble: the greeting (a button: it opens the panel) and "Dismiss". */
function drawBubble(text: string, dismissLabel: string, on: { open(): void; dismiss(): void }): HTMLElement {
  const open = el('button', { type: 'button', class: 'teaser-text' }, text);
  const dismiss = el(
    'button',
    { type: 'button', class: 'teaser-dismiss', part: 'teaser-dismiss', 'aria-label': dismissLabel },
    icon(CLOSE_ICON, true),
  );
  open.addEventListener('click', on.open);
  dismiss.addEventListener('click', on.dismiss);
  return el('div', { class: 'teaser', part: 'teaser' }, open, dismiss);
}

function wasDismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function remember(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused or full: dismissed for this page view only.
  }
}
