// @vitest-environment happy-dom
// A long conversation in the transcript: only the latest page drawn, older ones revealed and loaded
// in place, history not announced, a flood kept bounded, and the unread count while reading.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE } from './Transcript.tsx';
import { ChatApp } from './App.tsx';
import type { ReceivedEntry, TranscriptEntry } from '../conversation/transcript.ts';
import { fakeView, received } from '../../test/fake-client.ts';
import { setEntries } from '../../test/transcript-entries.ts';

afterEach(cleanup);

describe('a long conversation', () => {
  const MESSAGE_PX = 50;
  const VIEWPORT_PX = 300;
  // happy-dom does no layout: here the scroller's content is as tall as its messages, and
  // scrollTop stays within what can be scrolled, as in a browser.
  function fakeLayout() {
    const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
    const inScroller = (el: HTMLElement, size: number) => (el.classList.contains('scroller') ? size : 0);
    const tops = new WeakMap<HTMLElement, number>();
    Object.defineProperty(proto, 'scrollTop', {
      configurable: true,
      get(this: HTMLElement) {
        return tops.get(this) ?? 0;
      },
      set(this: HTMLElement, value: number) {
        tops.set(this, Math.max(0, Math.min(value, this.scrollHeight - this.clientHeight)));
      },
    });
    Object.defineProperty(proto, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return inScroller(this, this.querySelectorAll('[part~="message"]').length * MESSAGE_PX);
      },
    });
    Object.defineProperty(proto, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return inScroller(this, VIEWPORT_PX);
      },
    });
    return () => {
      delete proto.scrollTop;
      delete proto.scrollHeight;
      delete proto.clientHeight;
    };
  }
  let restoreLayout: () => void = () => {};
  afterEach(() => restoreLayout());

  const thread = (count: number, prefix = 'm') => Array.from({ length: count }, (_, i) => received(`${prefix}${i}`));

  /** The first messages scroll into place in the next frame. */
  const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

  async function openLong(entries: readonly TranscriptEntry[], hasOlder = false) {
    restoreLayout = fakeLayout();
    const t = fakeView(undefined, { open: true });
    t.client.entries.value = entries;
    t.client.readSeq.value = Math.max(0, ...entries.map((entry) => entry.seq)); // all read: no divider
    t.client.hasOlder.value = hasOlder;
    const result = render(<ChatApp view={t.view} />);
    await nextFrame();
    const scroller = result.container.querySelector<HTMLElement>('.scroller')!;
    const texts = () => [...result.container.querySelectorAll('[part~="bubble"]')].map((b) => b.textContent);
    const history = () => [...screen.getByRole('log').querySelectorAll('[aria-live="off"] [part~="bubble"]')].map((b) => b.textContent);
    /** The visitor scrolls to the very top. */
    const scrollToTop = () =>
      act(async () => {
        scroller.scrollTop = 0;
        fireEvent.scroll(scroller);
      });
    return { ...t, ...result, scroller, texts, history, scrollToTop };
  }

  it('new messages below while the visitor reads older ones: one button with their count, one announcement, a jump to the latest', async () => {
    const { vi } = await import('vitest');
    const t = await openLong(thread(40));
    await act(async () => {
      t.scroller.scrollTop = 500; // reading older ones, not so near the top that more come in
      fireEvent.scroll(t.scroller);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const heard = () => t.scroller.querySelector('[role="status"][data-new-messages]')!.textContent;
      for (let i = 0; i < 5; i++) {
        await setEntries(t, [...t.client.entries.value, received(`new ${i}`)]);
        await act(() => void vi.advanceTimersByTime(300));
        expect(heard()).toBe(''); // nothing said while they keep coming
      }
      const button = screen.getByRole('button', { name: /5 unread messages/ });
      expect(t.scroller.scrollTop).toBe(500); // the visitor's place is kept
      await act(() => void vi.advanceTimersByTime(1_000));
      expect(heard()).toBe('5 unread messages'); // once, when they stopped
      await act(() => void vi.advanceTimersByTime(5_000));
      expect(heard()).toBe('5 unread messages');
      fireEvent.click(button);
      expect(t.scroller.scrollTop).toBe(t.scroller.scrollHeight - t.scroller.clientHeight);
      await act(() => void vi.advanceTimersByTime(0));
      expect(screen.queryByRole('button', { name: /unread messages/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opened with messages that came while it was closed: a divider above the first of them, in view', async () => {
    restoreLayout = fakeLayout();
    const t = fakeView(undefined, { open: true });
    const entries = thread(20);
    t.client.entries.value = entries;
    t.client.readSeq.value = entries[16]!.seq; // the last three are unread
    const result = render(<ChatApp view={t.view} />);
    await nextFrame();
    const divider = result.container.querySelector<HTMLElement>('[part~="unread-divider"]')!;
    expect(divider.textContent).toBe('3 unread messages');
    expect(divider.nextElementSibling!.textContent).toContain('m17');
    expect(result.container.querySelectorAll('[part~="unread-divider"]')).toHaveLength(1);
  });

  it(`renders only the latest ${PAGE} messages at first, scrolled to the newest`, async () => {
    const t = await openLong(thread(500));
    expect(t.texts()).toHaveLength(PAGE);
    expect(t.texts().at(-1)).toBe('m499');
    expect(t.texts()[0]).toBe(`m${500 - PAGE}`);
    expect(t.scroller.scrollTop).toBe(PAGE * MESSAGE_PX - VIEWPORT_PX);
  });

  it('reveals the next older messages near the top, keeping what the visitor reads in place', async () => {
    const t = await openLong(thread(200));
    const firstBefore = t.container.querySelector('[part~="message"]');
    await t.scrollToTop();
    expect(t.texts()).toHaveLength(2 * PAGE);
    expect(t.texts()[0]).toBe(`m${200 - 2 * PAGE}`);
    // The message that was at the top is the same element, and still at the top of the view.
    expect(t.container.querySelectorAll('[part~="message"]')[PAGE]).toBe(firstBefore);
    expect(t.scroller.scrollTop).toBe(PAGE * MESSAGE_PX);
    expect(t.client.loadOlder).not.toHaveBeenCalled();
  });

  it('asks the client for older messages once everything in memory shows, and keeps the place again', async () => {
    const older = thread(50, 'old');
    const t = await openLong(thread(60), true);
    t.client.loadOlder.mockImplementation(async () => {
      t.client.entries.value = [...older, ...t.client.entries.value];
      t.client.hasOlder.value = false;
    });
    await t.scrollToTop(); // the remaining 20 in memory
    expect(t.texts()).toHaveLength(60);
    expect(t.client.loadOlder).not.toHaveBeenCalled();
    await t.scrollToTop(); // storage
    expect(t.client.loadOlder).toHaveBeenCalledTimes(1);
    expect(t.texts()).toHaveLength(110);
    expect(t.texts()[0]).toBe('old0');
    expect(t.scroller.scrollTop).toBe(50 * MESSAGE_PX);
    await t.scrollToTop(); // nothing older is left
    expect(t.client.loadOlder).toHaveBeenCalledTimes(1);
  });

  it('does not announce history: it goes into a part of the log that is not live; new messages stay live', async () => {
    const t = await openLong(thread(100));
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-relevant')).toBe('additions');
    // What the panel showed at first was there before: history too (not announced, not animated).
    expect(t.history()).toEqual(Array.from({ length: PAGE }, (_, i) => `m${100 - PAGE + i}`));
    await t.scrollToTop();
    expect(t.history()).toEqual(Array.from({ length: 2 * PAGE }, (_, i) => `m${100 - 2 * PAGE + i}`));
    await setEntries(t, [...t.client.entries.value, received('news')]);
    const last = log.lastElementChild!;
    expect(last.textContent).toContain('news');
    expect(last.closest('[aria-live="off"]')).toBeNull();
    // Everything is still inside the one log, in order.
    expect(t.texts().at(-1)).toBe('news');
    expect(within(log).getAllByText(/^m\d+$/)).toHaveLength(2 * PAGE);
  });

  it('a flood while the visitor follows along keeps the log bounded; while they read older ones, nothing leaves', async () => {
    const t = await openLong(thread(10));
    let entries = t.client.entries.value;
    const rendered: number[] = [];
    for (let i = 0; i < 200; i++) {
      entries = [...entries, received(`flood ${i}`)];
      await setEntries(t, entries);
      rendered.push(t.texts().length);
    }
    expect(Math.max(...rendered)).toBe(3 * PAGE);
    expect(Math.min(...rendered.slice(PAGE))).toBe(PAGE);
    // The latest ones, in order, none missing.
    const shown = t.texts();
    expect(shown).toEqual(entries.slice(-shown.length).map((entry) => (entry as ReceivedEntry).text));
    await nextFrame();
    expect(t.scroller.scrollTop).toBe(t.scroller.scrollHeight - t.scroller.clientHeight);
    // Reading older ones (scrolled up): the messages that come add below, none leaves above.
    await act(async () => {
      t.scroller.scrollTop = 400;
      fireEvent.scroll(t.scroller);
    });
    const before = t.texts();
    for (let i = 0; i < 100; i++) {
      entries = [...entries, received(`later ${i}`)];
      await setEntries(t, entries);
    }
    expect(t.texts()).toEqual([...before, ...Array.from({ length: 100 }, (_, i) => `later ${i}`)]);
    expect(t.scroller.scrollTop).toBe(400);
    // Back to the latest: following again, the log is back to PAGE.
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /100 unread messages/ })));
    expect(t.texts()).toEqual(Array.from({ length: PAGE }, (_, i) => `later ${100 - PAGE + i}`));
    await setEntries(t, [...entries, received('last')]);
    expect(t.texts().at(-1)).toBe('last');
  });

  it('brings more at once when the messages shown do not fill the view', async () => {
    const t = await openLong(thread(PAGE + 3));
    // 40 messages of 50 px overflow 300 px: nothing more yet. A taller view is not filled by them.
    expect(t.texts()).toHaveLength(PAGE);
    cleanup();
    restoreLayout();
    restoreLayout = fakeLayout();
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 10_000 });
    const tall = fakeView(undefined, { open: true });
    tall.client.entries.value = thread(PAGE + 3);
    const { container } = render(<ChatApp view={tall.view} />);
    await nextFrame();
    expect(container.querySelectorAll('[part~="message"]')).toHaveLength(PAGE + 3);
  });
});
