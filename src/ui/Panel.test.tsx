// @vitest-environment happy-dom
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatApp } from './App.tsx';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';

afterEach(cleanup);

function openApp() {
  const t = fakeView(undefined, { open: true });
  const result = render(<ChatApp view={t.view} />);
  return { ...t, ...result };
}

describe('quick replies', () => {
  it('are buttons named by their labels in a labelled group under the latest message', async () => {
    const t = openApp();
    expect(screen.queryByRole('group')).toBeNull();
    const replies = [
      { label: 'Yes', value: 'yes', type: 'text' },
      { label: 'Talk to a human', value: 'handoff', type: 'event' },
    ];
    await act(() => {
      t.client.entries.value = [received('Ready?', { quickReplies: replies })];
      t.client.quickReplies.value = replies;
    });
    const group = screen.getByRole('group', { name: 'Suggested replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Yes', 'Talk to a human']);
    expect(screen.getByRole('log').contains(group)).toBe(false);
    // After the log, before the composer: under the latest message, and in that Tab order.
    const log = screen.getByRole('log');
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    expect(log.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(group.compareDocumentPosition(textbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a click sends the reply once, hides the set and puts focus in the message box', async () => {
    const t = openApp();
    const replies = [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ];
    await act(() => {
      t.client.quickReplies.value = replies;
    });
    const yes = screen.getByRole('button', { name: 'Yes' });
    yes.focus();
    fireEvent.click(yes);
    expect(t.client.sendQuickReply).toHaveBeenCalledWith(replies[0]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();
    // The client empties the set once the answer is in; a new set shows again.
    await act(() => {
      t.client.quickReplies.value = [];
    });
    await act(() => {
      t.client.quickReplies.value = [{ label: 'Again' }];
    });
    expect(screen.getByRole('button', { name: 'Again' })).toBeTruthy();
  });
});

describe('errors', () => {
  it('a connection that cannot work shows an explained error instead of the composer', async () => {
    const t = openApp();
    t.client.quickReplies.value = [{ label: 'Yes' }];
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    await act(() => {
      t.client.status.value = {
        state: 'error',
        error: { kind: 'http', status: 401, message: 'The service refused client-id (HTTP 401)', final: true },
      };
    });
    const alert = within(screen.getByRole('dialog')).getByRole('alert');
    expect(alert.textContent).toContain('The chat is not available');
    expect(alert.textContent).toContain('HTTP 401');
    expect(alert.textContent).toContain('Please try again later.');
    expect(alert.getAttribute('part')).toBe('error');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();
    expect(screen.getByRole('log')).toBeTruthy();
  });

  it('a service error is a dismissible notice, and the widget keeps working', async () => {
    const t = openApp();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => {
      t.client.serviceError.value = 'speech too long <b>x</b>';
    });
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('The last message could not be processed: speech too long <b>x</b>');
    expect(notice.querySelector('b')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(t.client.dismissError).toHaveBeenCalledTimes(1);
    await act(() => {
      t.client.serviceError.value = undefined;
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('keyboard', () => {
  it('Escape from anywhere in the panel closes it', () => {
    const t = openApp();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close chat' }), { key: 'Escape' });
    expect(t.view.setOpen).toHaveBeenCalledWith(false);
  });

  it('tabs through header, transcript, quick replies, then composer and Send', async () => {
    const t = openApp();
    const replies = [{ label: 'Yes' }];
    await act(() => {
      t.client.entries.value = [received('See https://example.com', { quickReplies: replies })];
      t.client.quickReplies.value = replies;
    });
    const focusable = [...screen.getByRole('dialog').querySelectorAll<HTMLElement>('button, a[href], textarea')].filter(
      (el) => !(el as HTMLButtonElement).disabled,
    );
    expect(focusable.map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual([
      'More options',
      'Close chat',
      'https://example.com (opens in a new tab)',
      'Yes',
      '',
    ]);
    expect(focusable.at(-1)!.tagName).toBe('TEXTAREA');
    // Only the scrolling transcript is made focusable (keyboard scrolling), and in document order.
    const tabindexed = [...screen.getByRole('dialog').querySelectorAll<HTMLElement>('[tabindex]')];
    expect(tabindexed.map((el) => [el.className, el.tabIndex])).toEqual([['scroller', 0]]);
  });
});

describe('review fixes', () => {
  it('restored history lands in a new log, so screen readers do not hear it as new messages', async () => {
    const t = fakeView(undefined, { open: true });
    t.client.loaded.value = false;
    t.client.entries.value = [received('Hello from yesterday')];
    render(<ChatApp view={t.view} />);
    const before = screen.getByRole('log');
    expect(before.textContent).toBe('');
    await act(() => {
      t.client.loaded.value = true;
    });
    const after = screen.getByRole('log');
    expect(after).not.toBe(before);
    expect(after.textContent).toContain('Hello from yesterday');
  });

  it('Dismiss and Retry now hand focus to the composer instead of dropping it', async () => {
    const t = openApp();
    await act(() => {
      t.client.serviceError.value = 'boom';
      t.client.status.value = { state: 'reconnecting', retryAt: Date.now() + 5_000 };
    });
    screen.getByRole('button', { name: 'Dismiss' }).click();
    expect(t.client.dismissError).toHaveBeenCalled();
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    screen.getByRole('button', { name: 'Retry now' }).click();
    expect(t.client.retryNow).toHaveBeenCalled();
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
  });

  it('announces connection changes in words, without the countdown', async () => {
    const t = openApp();
    await act(() => {
      t.client.status.value = { state: 'reconnecting', retryAt: Date.now() + 5_000 };
    });
    const live = screen.getAllByRole('status').find((el) => el.closest('header'));
    expect(live?.textContent).toBe('Reconnecting…');
  });

  it('an agent picture that does not load falls back to the initial', async () => {
    const t = openApp();
    await act(() => {
      t.client.entries.value = [received('Hi, Sam here', { from: 'agent', name: 'Sam', picture: 'https://cdn.test/sam.png' })];
    });
    const image = document.querySelector('img')!;
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
    await act(() => {
      fireEvent.error(image);
    });
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.avatar-initial')?.textContent).toBe('S');
  });
});

describe('a message that was not delivered', () => {
  it("shows the service's reason as text, and offers Retry and Delete", async () => {
    const t = openApp();
    await act(() => {
      t.client.entries.value = [userEntry('too spicy', { traceId: 7, status: 'failed', error: 'refused: <b>policy</b>' })];
    });
    const message = screen.getByRole('log').querySelector('[data-status="failed"]')!;
    expect(message.textContent).toContain('refused: <b>policy</b>');
    expect(message.querySelector('b')).toBeNull();
    fireEvent.click(within(message as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(t.client.retry).toHaveBeenCalledWith(7);
    fireEvent.click(within(message as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(t.client.discard).toHaveBeenCalledWith(7);
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
  });

  it('messages of an earlier conversation stay above a "New conversation" line', async () => {
    const t = openApp();
    await act(() => {
      t.client.entries.value = [
        userEntry('old question', { earlier: true }),
        received('old answer', { earlier: true }),
        userEntry('new question'),
      ];
    });
    const log = screen.getByRole('log');
    const separator = within(log).getByRole('separator');
    expect(separator.textContent).toBe('New conversation');
    const texts = [...log.querySelectorAll('[part~="message"], [role="separator"]')].map((el) =>
      el.getAttribute('role') === 'separator' ? '---' : el.querySelector('.bubble')?.textContent,
    );
    expect(texts).toEqual(['old question', 'old answer', '---', 'new question']);
  });
});
