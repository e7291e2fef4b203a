// @vitest-environment happy-dom
// The transcript as a polite log: each entry's parts, status and author, service text shown
// literally with safe links, new messages appended and scrolled to, typing, and the day separators.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatApp } from './App.tsx';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';
import { setEntries } from '../../test/transcript-entries.ts';

afterEach(cleanup);

function openApp(entries: readonly TranscriptEntry[] = []) {
  const t = fakeView(undefined, { open: true });
  t.client.entries.value = entries;
  const result = render(<ChatApp view={t.view} />);
  return { ...t, ...result, messages: () => [...result.container.querySelectorAll<HTMLElement>('[part~="message"]')] };
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
