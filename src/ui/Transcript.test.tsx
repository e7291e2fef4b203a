// @vitest-environment happy-dom
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE } from './Transcript.tsx';
import { ChatApp } from './App.tsx';
import type { ReceivedEntry, TranscriptEntry } from '../conversation/transcript.ts';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';

afterEach(cleanup);

function openApp(entries: readonly TranscriptEntry[] = []) {
  const t = fakeView(undefined, { open: true });
  t.client.entries.value = entries;
  const result = render(<ChatApp view={t.view} />);
  return { ...t, ...result, messages: () => [...result.container.querySelectorAll<HTMLElement>('[part~="message"]')] };
}

function setEntries(t: ReturnType<typeof fakeView>, entries: readonly TranscriptEntry[]) {
  return act(() => {
    t.client.entries.value = entries;
  });
}

describe('transcript', () => {
  it('is a polite log that announces additions only', () => {
    openApp();
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-relevant')).toBe('additions');
    expect(log.getAttribute('part')).toBe('transcript');
  });

  it('marks each visible entry with part, data-from and, for the visitor, data-status; events stay hidden', () => {
    const { messages } = openApp([
      userEntry('welcome', { hidden: true, status: 'delivered' }),
      received('Hello, how can I help?'),
      userEntry('pending one', { status: 'pending' }),
      userEntry('sent one', { status: 'sent' }),
      userEntry('delivered one', { status: 'delivered' }),
      userEntry('failed one', { status: 'failed' }),
      received('Sam here', { from: 'agent', name: 'Sam' }),
      received('from my other tab', { from: 'user' }),
    ]);
    const shown = messages();
    expect(shown.map((m) => [m.dataset.from, m.dataset.status])).toEqual([
      ['bot', undefined],
      ['user', 'pending'],
      ['user', 'sent'],
      ['user', 'delivered'],
      ['user', 'failed'],
      ['agent', undefined],
      ['user', 'delivered'],
    ]);
    expect(screen.getByRole('log').textContent).not.toContain('welcome');
    expect(shown[1]!.textContent).toContain('Sending…');
    expect(shown[2]!.textContent).toContain('Sent');
    expect(shown[3]!.textContent).toContain('Delivered');
    expect(shown[4]!.textContent).toContain('Not delivered');
    expect(shown[0]!.textContent).toContain('Bot'); // visually hidden author
  });

  it('offers Retry on a failed message only, calling client.retry with its traceId', () => {
    const t = openApp([userEntry('ok', { status: 'delivered', traceId: 41 }), userEntry('lost', { status: 'failed', traceId: 42 })]);
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(1);
    expect(t.messages()[1]!.contains(retries[0]!)).toBe(true);
    fireEvent.click(retries[0]!);
    expect(t.client.retry).toHaveBeenCalledWith(42);
  });

  it("shows an agent's name and picture, and only http(s) pictures", () => {
    const { messages } = openApp([
      received('hi', { from: 'agent', name: 'Sam', picture: 'https://cdn.example.com/sam.png' }),
      received('hi', { from: 'agent', name: 'Eve', picture: 'javascript:alert(1)' }),
      received('hi', { from: 'agent', name: 'Ida', picture: 'data:image/png;base64,iVBORw0KGgo=' }),
      received('hi', { from: 'agent', name: 'Max', picture: 'data:text/html,<script>alert(1)</script>' }),
      received('hi', { from: 'agent' }),
      received('hi', { from: 'bot', picture: 'https://cdn.example.com/bot.png' }),
    ]);
    const [sam, eve, ida, max, anonymous, bot] = messages();
    expect(sam!.textContent).toContain('Sam');
    const img = sam!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/sam.png');
    expect(img.getAttribute('alt')).toBe('');
    expect(eve!.textContent).toContain('Eve');
    expect(eve!.querySelector('img')).toBeNull();
    expect(ida!.querySelector('img')).toBeNull();
    expect(max!.querySelector('img')).toBeNull();
    expect(anonymous!.textContent).toContain('Agent');
    expect(bot!.querySelector('img')).toBeNull();
  });

  it('shows service text literally, never as HTML', () => {
    const hostile = '<img src=x onerror=alert(1)><b>bold</b> & <script>alert(2)</script>';
    const { messages } = openApp([received(hostile), userEntry('<i>mine</i>')]);
    const [bot, mine] = messages();
    expect(bot!.querySelector('.bubble')!.textContent).toBe(hostile);
    expect(bot!.querySelectorAll('img, b, script')).toHaveLength(0);
    expect(mine!.querySelector('i')).toBeNull();
    expect(mine!.textContent).toContain('<i>mine</i>');
  });

  it('keeps line breaks as text and marks a fallback for styling', () => {
    const { messages } = openApp([received('line one\nline two'), received('Sorry, this cannot be shown here.', { isFallback: true })]);
    const [multi, fallback] = messages();
    expect(multi!.querySelector('.bubble')!.textContent).toBe('line one\nline two');
    expect(fallback!.querySelector('.bubble')!.classList.contains('fallback')).toBe(true);
    expect(multi!.querySelector('.bubble')!.classList.contains('fallback')).toBe(false);
  });

  it('shows the time as HH:MM in a <time> with an ISO dateTime', () => {
    const at = Date.UTC(2024, 4, 1, 9, 5);
    const { messages } = openApp([received('hi', { at })]);
    const time = messages()[0]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2024-05-01T09:05:00.000Z');
    // Another day: its date first, heard but not seen (the day's separator shows it).
    expect(time.querySelector('.visually-hidden')!.textContent).toMatch(/2024, $/);
    expect(time.lastChild!.textContent).toMatch(/^\d{1,2}[:.]\d{2}( [AP]M)?$/);
  });

  it('appends new messages without re-creating the ones already shown', async () => {
    const first = received('first');
    const t = openApp([first]);
    const before = t.messages()[0];
    await setEntries(t, [first, userEntry('second', { status: 'pending' })]);
    expect(t.messages()).toHaveLength(2);
    expect(t.messages()[0]).toBe(before);
  });

  it('scrolls to the bottom when a message arrives', async () => {
    const t = openApp([received('first')]);
    const scroller = t.container.querySelector<HTMLElement>('.scroller')!;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 900 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 300 });
    await setEntries(t, [...t.client.entries.value, received('second')]);
    // At the next frame, once for all the messages drawn before it.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(scroller.scrollTop).toBe(900);
  });

  it('shows the typing indicator, outside the log, only while typing', async () => {
    const t = openApp([received('hi', { from: 'agent', name: 'Sam' })]);
    const typing = () => t.container.querySelector('[part~="typing"]');
    expect(typing()).toBeNull();
    await act(() => {
      t.client.typing.value = true;
    });
    expect(typing()).not.toBeNull();
    expect(screen.getByRole('log').contains(typing())).toBe(false);
    expect(document.querySelector('.typing-region')!.textContent).toBe('Sam is typing…');
    await act(() => {
      t.client.typing.value = false;
    });
    expect(typing()).toBeNull();
  });

  it('links URLs in messages safely', () => {
    openApp([received('See https://example.com/help, or javascript:alert(1) and www.example.org.')]);
    const links = within(screen.getByRole('log')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/help', 'https://www.example.org/']);
    expect(links.map((a) => a.textContent)).toEqual([
      'https://example.com/help (opens in a new tab)',
      'www.example.org (opens in a new tab)',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('log').textContent).toContain('javascript:alert(1)');
  });
});

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

describe('day separators', () => {
  // Wednesday 25 November 2026, 10:00 in the machine's time zone.
  const now = new Date(2026, 10, 25, 10, 0).getTime();
  const at = (daysAgo: number, hour: number) => new Date(2026, 10, 25 - daysAgo, hour, 5).getTime();

  it('names each day above its messages: the date, "Yesterday", "Today"; a time of another day is heard with its date', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    try {
      const { container } = openApp([
        received('last week', { at: at(7, 9) }),
        userEntry('still last week', { at: at(7, 18) }),
        received('yesterday', { at: at(1, 23) }),
        userEntry('today', { at: at(0, 0) }),
        received('today too', { at: at(0, 9) }),
      ]);
      const separators = [...container.querySelectorAll('[part~="day-separator"]')].map((p) => p.textContent);
      expect(separators).toEqual(['Wednesday, November 18', 'Yesterday', 'Today']);
      const times = [...container.querySelectorAll('[part~="message"] time')].map((time) => time.textContent);
      expect(times[0]).toMatch(/^Wednesday, November 18, \d\d:05/);
      expect(times[2]).toMatch(/^Yesterday, 23:05|^Yesterday, 11:05/);
      expect(times[3]).toMatch(/^\d\d:05/);
    } finally {
      vi.useRealTimers();
    }
  });
});
