// @vitest-environment happy-dom
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../connection/status.ts';
import { ChatApp } from './App.tsx';
import { fakeView } from '../../test/fake-client.ts';
import { statusText } from './status-text.ts';
import { panelStrings } from '../i18n/strings.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const statusOf = (container: Element) => container.querySelector('[part~="status"]')!.textContent;

describe('connection status in the header', () => {
  it.each<[ConnectionStatus, string]>([
    [{ state: 'idle' }, 'Not connected'],
    [{ state: 'connecting' }, 'Connecting…'],
    [{ state: 'open' }, 'Online'],
    [{ state: 'reconnecting' }, 'Reconnecting…'],
    [{ state: 'offline' }, 'Offline'],
    [{ state: 'error', error: { kind: 'http', message: 'HTTP 401', status: 401, final: true } }, 'Cannot connect'],
  ])('%j reads "%s"', (status, words) => {
    const t = fakeView(undefined, { open: true });
    t.client.status.value = status;
    const { container } = render(<ChatApp view={t.view} />);
    expect(statusOf(container)).toBe(words);
    expect(statusText(status, panelStrings('en', undefined, {}), Date.now())).toBe(words);
  });

  it('counts down to the next attempt every second, offers "Retry now", and stops its timer', async () => {
    const t = fakeView(undefined, { open: true });
    t.client.status.value = {
      state: 'reconnecting',
      retryAt: Date.now() + 5_000,
      error: { kind: 'network', message: 'Failed to fetch http://127.0.0.1:9/socket.info', final: false },
    };
    const { container, unmount } = render(<ChatApp view={t.view} />);
    expect(statusOf(container)).toBe('Reconnecting in 5 s…');
    // The visitor hears what happens to their messages; the address and the error are the console's.
    expect(container.querySelector('[part~="status-detail"]')!.textContent).toBe(
      'Your messages are kept and will be sent when the connection is back.',
    );
    expect(container.querySelector('[part~="header"]')!.textContent).not.toContain('127.0.0.1');

    await act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(statusOf(container)).toBe('Reconnecting in 5 s…');
    await act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(statusOf(container)).toBe('Reconnecting in 4 s…');
    await act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(statusOf(container)).toBe('Reconnecting…');

    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(t.client.retryNow).toHaveBeenCalledTimes(1);

    await act(() => {
      t.client.status.value = { state: 'open' };
    });
    expect(statusOf(container)).toBe('Online');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
    expect(vi.getTimerCount()).toBe(0);

    await act(() => {
      t.client.status.value = { state: 'reconnecting', retryAt: Date.now() + 2_000 };
    });
    expect(vi.getTimerCount()).toBe(1);
    await act(() => {
      unmount();
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("uses the page's strings", () => {
    const t = fakeView(undefined, { open: true, strings: { statusOpen: 'En ligne', closeChat: 'Fermer' } });
    const { container } = render(<ChatApp view={t.view} />);
    expect(statusOf(container)).toBe('En ligne');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
