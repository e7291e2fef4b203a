// @vitest-environment happy-dom
// The inline layout through the element (widget contract, "Layouts and the site's own triggers"):
// its chat file near the viewport, a region that takes no focus, connected on the first
// interaction inside it, placed where the script tag's data-target says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup } from '../../test/element-fixture.ts';
import type { ParleyChatElement } from '../loader/parley-chat.ts';

const CONFIG = { 'client-id': 'c1', 'base-url': 'https://service.test', layout: 'inline', heading: 'Help centre' };

/** An IntersectionObserver the test moves: `come()` says every watched element is near. */
const observed: Array<{ callback: IntersectionObserverCallback; elements: Element[]; live: boolean }> = [];
class FakeIntersectionObserver {
  readonly #entry: (typeof observed)[number];
  constructor(
    callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    this.#entry = { callback, elements: [], live: true };
    observed.push(this.#entry);
  }
  observe(element: Element) {
    this.#entry.elements.push(element);
  }
  disconnect() {
    this.#entry.live = false;
  }
}
function comeIntoView() {
  for (const entry of observed.filter((candidate) => candidate.live)) {
    entry.callback(
      entry.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      entry as unknown as IntersectionObserver,
    );
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  observed.length = 0;
});
afterEach(async () => {
  document.body.replaceChildren();
  await settle();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const region = (element: ParleyChatElement) => element.shadowRoot!.querySelector('[part~="panel"]');

describe('layout="inline"', () => {
  it('loads its chat when near the viewport: a region labelled by its title, no close button, no focus, no connection', async () => {
    const t = setup();
    const before = document.activeElement;
    const element = t.create(CONFIG);
    await settle();
    expect(region(element)).toBeNull(); // not near the viewport yet: nothing but the loader
    expect(observed[0]?.elements).toEqual([element]);

    comeIntoView();
    await settle();
    const panel = region(element)!;
    expect(panel.getAttribute('role')).toBe('region');
    expect(panel.querySelector(`#${panel.getAttribute('aria-labelledby')}`)!.textContent).toBe('Help centre');
    expect(element.shadowRoot!.querySelector('[part~="close"]')).toBeNull();
    expect(element.isOpen).toBe(false);
    expect(document.activeElement).toBe(before);
    expect(t.http.requests).toHaveLength(0);
    expect(element.dataset.connection).toBe('idle');
  });

  it('connects on the first interaction inside it, never before', async () => {
    const t = setup();
    const element = t.create(CONFIG);
    await settle();
    comeIntoView();
    await settle();
    expect(t.http.requests).toHaveLength(0);
    element.shadowRoot!.querySelector('textarea')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    await settle();
    expect(t.http.requests).toHaveLength(1);
    t.sockets.last().open();
    expect(element.dataset.connection).toBe('open');
  });

  it('where this browser has a thread, loads and connects at load', async () => {
    const t = setup();
    const first = t.create(CONFIG);
    await settle();
    comeIntoView();
    await settle();
    await first.send('my order is late');
    await settle();
    t.sockets.last().open();
    await settle();
    first.remove();
    await settle();
    sessionStorage.setItem('parley:session:c1', '{}'); // the loader's mark of a kept conversation (session mode)
    const again = t.create({ ...CONFIG, storage: 'session' });
    await settle();
    expect(region(again)).not.toBeNull();
    expect(t.http.requests).toHaveLength(2);
  });
});

describe("the script tag's data-target", () => {
  it('puts the element into the first element it matches', async () => {
    const t = setup();
    const help = Object.assign(document.createElement('section'), { id: 'help' });
    document.body.append(help);
    const element = t.create({ ...CONFIG, 'data-parley-embed': '#help' });
    await settle();
    expect(element.parentElement).toBe(help);
    expect(element.getAttribute('layout')).toBe('inline');
  });

  it('matching nothing, or not a selector: the launcher layout, and the console names the selector', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = setup();
    const missing = t.create({ ...CONFIG, 'data-parley-embed': '#nowhere' });
    const broken = t.create({ ...CONFIG, 'client-id': 'c2', 'data-parley-embed': '#[' });
    await settle();
    expect(error).toHaveBeenCalledWith('[parley] data-target="#nowhere" matches nothing on this page: the chat uses the launcher layout');
    expect(error).toHaveBeenCalledWith('[parley] data-target="#[" is not a CSS selector: the chat uses the launcher layout');
    expect([missing, broken].map((element) => element.getAttribute('layout'))).toEqual([null, null]);
    missing.open();
    await settle();
    expect(region(missing)!.getAttribute('role')).toBe('dialog');
    error.mockRestore();
  });

  it('an unknown layout: the launcher layout, said in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = setup();
    t.create({ ...CONFIG, layout: 'sidebar' });
    await settle();
    expect(warn).toHaveBeenCalledWith('[parley] layout="sidebar" is not one of "launcher", "inline": the widget uses "launcher"');
    warn.mockRestore();
  });
});
