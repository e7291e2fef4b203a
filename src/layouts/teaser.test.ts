// @vitest-environment happy-dom
// The teaser through the element, as a page uses it: the `teaser` attribute, showTeaser() and
// hideTeaser(), and the contract's rules (widget contract, "Layouts and the site's own triggers").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup } from '../../test/element-fixture.ts';
import { LANGUAGES } from '../i18n/translation.ts';
import type { ParleyChatElement } from '../loader/parley-chat.ts';
import { DISMISS_WORDS } from './dismiss-words.ts';
import { clipTeaser, TEASER_MAX_LENGTH } from './teaser.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(async () => {
  document.body.replaceChildren();
  await settle();
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
});

const GREETING = 'Need help choosing a bike?';
const CONFIG = { 'client-id': 'c1', 'base-url': 'https://service.test' };
const bubble = (element: ParleyChatElement) => element.shadowRoot!.querySelector<HTMLElement>('[part~="teaser"]');
const dismissButton = (element: ParleyChatElement) => element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="teaser-dismiss"]')!;
const announced = (element: ParleyChatElement) =>
  [...element.shadowRoot!.querySelectorAll('[role="status"]')].map((region) => region.textContent).filter(Boolean);

async function after(seconds: number) {
  await vi.advanceTimersByTimeAsync(seconds * 1000);
  await settle();
}

describe('the teaser attribute', () => {
  it('shows the greeting after 3 s, announced once, without the chat, a connection or focus', async () => {
    const t = setup();
    const before = document.activeElement;
    const element = t.create({ ...CONFIG, teaser: GREETING });
    await after(2.9);
    expect(bubble(element)).toBeNull();
    await after(0.1);
    expect(bubble(element)!.textContent).toBe(GREETING);
    expect(dismissButton(element).getAttribute('aria-label')).toBe('Dismiss');
    expect(announced(element)).toEqual([GREETING]);
    expect(document.activeElement).toBe(before);
    expect(element.shadowRoot!.querySelector('[part~="panel"]')).toBeNull();
    expect(t.http.requests).toHaveLength(0);
    expect(element.dataset.connection).toBe('idle');
  });

  it('waits teaser-delay seconds; a delay that is not a number is the default, said in the console', async () => {
    const t = setup();
    const later = t.create({ ...CONFIG, teaser: GREETING, 'teaser-delay': '10' });
    await after(9);
    expect(bubble(later)).toBeNull();
    await after(1);
    expect(bubble(later)).not.toBeNull();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wrong = t.create({ ...CONFIG, 'client-id': 'c2', teaser: GREETING, 'teaser-delay': 'soon' });
    await after(3);
    expect(bubble(wrong)).not.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('teaser-delay="soon"'));
    warn.mockRestore();
  });

  it('the bubble opens the panel and goes away for this page view', async () => {
    const t = setup();
    const element = t.create({ ...CONFIG, teaser: GREETING });
    await after(3);
    element.shadowRoot!.querySelector<HTMLButtonElement>('.teaser-text')!.click();
    await settle();
    expect(element.isOpen).toBe(true);
    expect(bubble(element)).toBeNull();
    element.close();
    element.showTeaser();
    await settle();
    expect(bubble(element)).toBeNull();
  });

  it('dismissing hides it for the browser session, counts as intent, and is kept only where the storage mode allows', async () => {
    const t = setup();
    const element = t.create({ ...CONFIG, teaser: GREETING });
    await after(3);
    dismissButton(element).click();
    await settle();
    expect(bubble(element)).toBeNull();
    expect(announced(element)).toEqual([]);
    expect(sessionStorage.getItem('parley:teaser:c1')).toBe('1');
    expect(element.threadId).toBeDefined(); // the chat loaded: intent
    expect(t.http.requests).toHaveLength(0); // but no connection before the panel opens

    element.remove();
    const again = t.create({ ...CONFIG, teaser: GREETING });
    await after(3);
    expect(bubble(again)).toBeNull();

    const memory = t.create({ ...CONFIG, 'client-id': 'c3', storage: 'memory', teaser: GREETING });
    await after(3);
    dismissButton(memory).click();
    expect(sessionStorage.getItem('parley:teaser:c3')).toBeNull();
  });

  it('is not shown where this browser has a conversation, with launcher="none" or layout="inline"', async () => {
    const t = setup();
    // A returning visitor (here in session mode, whose mark needs no IndexedDB to read).
    sessionStorage.setItem('parley:session:c1', '{}');
    const returning = t.create({ ...CONFIG, storage: 'session', teaser: GREETING });
    const none = t.create({ ...CONFIG, 'client-id': 'c2', launcher: 'none', teaser: GREETING });
    const inline = t.create({ ...CONFIG, 'client-id': 'c3', layout: 'inline', teaser: GREETING });
    await after(3);
    expect([returning, none, inline].map((element) => bubble(element)?.textContent ?? null)).toEqual([null, null, null]);
    none.showTeaser();
    returning.showTeaser();
    await settle();
    expect(bubble(none)).toBeNull();
    expect(bubble(returning)).toBeNull();
  });

  it('an empty teaser shows nothing, and the console says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup();
    const element = t.create({ ...CONFIG, teaser: '  ' });
    await after(5);
    expect(bubble(element)).toBeNull();
    expect(warn).toHaveBeenCalledWith('[parley] the teaser attribute is empty: no teaser is shown');
    warn.mockRestore();
  });

  it('says "Dismiss" in the widget\'s language', async () => {
    const t = setup();
    const element = t.create({ ...CONFIG, language: 'de', teaser: 'Brauchen Sie Hilfe?' });
    await after(3);
    expect(dismissButton(element).getAttribute('aria-label')).toBe('Ausblenden');
  });

  it('says the page\'s own word where the strings property overrides "dismiss"', async () => {
    const t = setup();
    const element = t.create({ ...CONFIG, language: 'de', teaser: 'Brauchen Sie Hilfe?' });
    element.strings = { dismiss: 'Nicht jetzt' };
    await after(3);
    expect(dismissButton(element).getAttribute('aria-label')).toBe('Nicht jetzt');
  });
});

describe('showTeaser() and hideTeaser()', () => {
  it("show the site's own text at the site's own moment, and hide it", async () => {
    const t = setup();
    const element = t.create();
    await settle();
    element.showTeaser('Before you go: 10% off today');
    await settle();
    expect(bubble(element)!.textContent).toBe('Before you go: 10% off today');
    element.hideTeaser();
    await settle();
    expect(bubble(element)).toBeNull();
  });

  it("hideTeaser() before the delay: the attribute's teaser does not come", async () => {
    const t = setup();
    const element = t.create({ ...CONFIG, teaser: GREETING });
    await settle();
    element.hideTeaser();
    await after(5);
    expect(bubble(element)).toBeNull();
  });
});

describe('the text', () => {
  it('is drawn up to 140 characters as a reader counts them, then an ellipsis', () => {
    expect(clipTeaser(`  ${GREETING}  `)).toBe(GREETING);
    expect(clipTeaser('a'.repeat(TEASER_MAX_LENGTH))).toBe('a'.repeat(TEASER_MAX_LENGTH));
    expect(clipTeaser('a'.repeat(TEASER_MAX_LENGTH + 1))).toBe(`${'a'.repeat(TEASER_MAX_LENGTH)}…`);
    // A family emoji is one character for a reader: never cut in the middle.
    const family = '👩‍👩‍👧';
    expect(clipTeaser(family.repeat(TEASER_MAX_LENGTH + 5))).toBe(`${family.repeat(TEASER_MAX_LENGTH)}…`);
  });

  it('"Dismiss" exists in every language of the widget', () => {
    expect(Object.keys(DISMISS_WORDS).sort()).toEqual(['en', ...LANGUAGES].sort());
  });
});
