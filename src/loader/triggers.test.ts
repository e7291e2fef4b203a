// @vitest-environment happy-dom
// The site's own triggers: open({ draft }), any element with data-parley-open, and focus back to
// the element that opened the panel (widget contract, "Layouts and the site's own triggers").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup } from '../../test/element-fixture.ts';
import type { ParleyChatElement } from './parley-chat.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(async () => {
  document.body.replaceChildren();
  await settle(); // the elements' disconnection, which stops their page listener
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
});

const composer = (element: ParleyChatElement) => element.shadowRoot!.querySelector('textarea')!;
const launcher = (element: ParleyChatElement) => element.shadowRoot!.querySelector<HTMLButtonElement>('.launcher')!;
const closeButton = (element: ParleyChatElement) => element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="close"]')!;

/** A button of the page's own, focused as a click would focus it. */
function pageButton(attributes: Record<string, string> = {}): HTMLButtonElement {
  const button = document.createElement('button');
  for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
  document.body.append(button);
  button.focus();
  return button;
}

describe('open({ draft })', () => {
  it('opens the panel with the draft in the composer, focused, caret at the end, not sent', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    element.open({ draft: 'Where is my order 1234?' });
    await settle();
    t.sockets.last().open();
    await settle();
    const box = composer(element);
    expect(element.isOpen).toBe(true);
    expect(box.value).toBe('Where is my order 1234?');
    expect(element.shadowRoot!.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([23, 23]);
    expect(t.sockets.last().frames()).toEqual([]);
  });

  it('replaces what the composer holds when the panel is already open; no draft leaves it alone', async () => {
    const t = setup();
    const element = t.create();
    element.open({ draft: 'first' });
    await settle();
    element.open({ draft: 'second' });
    await settle();
    expect(composer(element).value).toBe('second');
    element.open();
    element.open({ draft: '   ' });
    await settle();
    expect(composer(element).value).toBe('second');
    // The visitor finishing that draft, and the same draft again: what they added stays.
    composer(element).value = 'second, and more';
    composer(element).dispatchEvent(new Event('input', { bubbles: true }));
    element.open({ draft: 'second' });
    await settle();
    expect(composer(element).value).toBe('second, and more');
  });

  it('a draft given before the chat has loaded waits for it', async () => {
    const t = setup();
    const element = t.create();
    element.open({ draft: 'early' }); // same task as the insertion: nothing of the chat yet
    expect(element.shadowRoot!.querySelector('textarea')).toBeNull();
    await settle();
    expect(composer(element).value).toBe('early');
  });
});

describe('data-parley-open', () => {
  it('any element carrying it opens the panel, its value a draft; the link is not followed', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    const link = document.createElement('a');
    link.href = '#contact';
    link.dataset.parleyOpen = 'About order 1234: ';
    link.append(Object.assign(document.createElement('span'), { textContent: 'Ask about this order' }));
    document.body.append(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.querySelector('span')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(element.isOpen).toBe(true);
    await settle();
    expect(composer(element).value).toBe('About order 1234: ');
  });

  it('an empty value opens without a draft; a click the page has already handled is left alone', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    const handled = pageButton({ 'data-parley-open': 'not this' });
    handled.addEventListener('click', (event) => event.preventDefault());
    handled.click();
    expect(element.isOpen).toBe(false);

    pageButton({ 'data-parley-open': '' }).click();
    expect(element.isOpen).toBe(true);
    await settle();
    expect(composer(element).value).toBe('');
  });

  it('works with launcher="none", and focus goes back to it when the panel closes', async () => {
    const t = setup();
    const element = t.create({ 'client-id': 'c1', 'base-url': 'https://service.test', launcher: 'none' });
    await settle();
    const opener = pageButton({ 'data-parley-open': '' });
    opener.click();
    await settle();
    expect(element.shadowRoot!.activeElement).toBe(composer(element));
    closeButton(element).focus();
    closeButton(element).click();
    await settle();
    expect(element.isOpen).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('stops listening once the element has left the page', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    element.remove();
    await settle();
    pageButton({ 'data-parley-open': 'hello' }).click();
    expect(element.isOpen).toBe(false);
  });
});

describe('launcher', () => {
  it('a value that is not "button" or "none" keeps the launcher, and the console says what it takes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup();
    const element = t.create({ 'client-id': 'c1', 'base-url': 'https://service.test', launcher: 'hidden' });
    element.open();
    await settle();
    expect(warn).toHaveBeenCalledWith('[parley] launcher="hidden" is not one of "button", "none": the widget uses "button"');
    warn.mockRestore();
  });
});

describe('focus on close', () => {
  it('goes back to the element that had it when open() was called, or to the launcher when that is gone', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    const own = pageButton();
    element.open();
    await settle();
    composer(element).focus();
    element.shadowRoot!.querySelector('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(document.activeElement).toBe(own);

    const gone = pageButton();
    element.toggle();
    await settle();
    gone.remove();
    composer(element).focus();
    closeButton(element).click();
    await settle();
    expect(element.shadowRoot!.activeElement).toBe(launcher(element));
  });
});
