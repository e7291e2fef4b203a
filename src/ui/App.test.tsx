// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatApp } from './App.tsx';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';
import { widgetCss } from './styles.ts';

afterEach(cleanup);

const launcher = () => screen.getByRole('button', { name: 'Open chat' });

describe('launcher', () => {
  it('is the only thing shown while closed, named exactly "Open chat"', () => {
    const { view } = fakeView();
    const { container } = render(<ChatApp view={view} />);
    expect(launcher().getAttribute('part')).toBe('launcher');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('[part~="badge"]')).toBeNull();
    fireEvent.click(launcher());
    expect(view.setOpen).toHaveBeenCalledWith(true);
  });

  it('counts bot and agent messages that arrive while closed, not older history or the visitor', async () => {
    const t = fakeView();
    // Restored history that was read before (in this tab or another) does not count.
    const old = received('old', { at: Date.now() - 60_000 });
    t.client.entries.value = [old];
    t.client.readSeq.value = old.seq;
    const { container } = render(<ChatApp view={t.view} />);
    expect(container.querySelector('[part~="badge"]')).toBeNull();

    await act(() => {
      t.client.entries.value = [
        ...t.client.entries.value,
        received('one'),
        userEntry('mine'),
        received('two', { from: 'agent', name: 'Sam' }),
        received('echo', { from: 'user' }),
      ];
    });
    const button = launcher();
    expect(container.querySelector('[part~="badge"]')!.textContent).toBe('2');
    expect(button.textContent).toContain('2 unread');
    const description = container.querySelector(`#${CSS.escape(button.getAttribute('aria-describedby')!)}`);
    expect(description?.textContent).toBe('2 unread');

    // Opening reads them; closing again starts from zero.
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(container.querySelector('[part~="badge"]')).toBeNull();
    expect(launcher().getAttribute('aria-describedby')).toBeNull();
  });
});

describe('panel', () => {
  it('replaces the launcher with a dialog labelled by its title, and one close button', () => {
    const { view } = fakeView(undefined, { open: true, heading: 'Support' });
    const { container } = render(<ChatApp view={view} />);
    const dialog = screen.getByRole('dialog', { name: 'Support' });
    expect(dialog.getAttribute('part')).toBe('panel');
    expect(dialog.getAttribute('aria-modal')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close chat' })).toHaveLength(1);
    expect(container.querySelector('[part~="header"]')!.textContent).toContain('Support');
    expect(screen.getByRole('log').getAttribute('part')).toBe('transcript');
    expect(container.querySelector('[part~="composer"]')).not.toBeNull();
  });

  it('focuses the message box when the visitor opens it, and the launcher again after Escape', async () => {
    const { view } = fakeView();
    render(<ChatApp view={view} />);
    launcher().focus();
    fireEvent.click(launcher());
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    await act(() => {}); // effects
    expect(document.activeElement).toBe(textbox);

    fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(view.setOpen).toHaveBeenLastCalledWith(false);
    await act(() => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it('the close button closes it and returns focus to the launcher', async () => {
    const { view } = fakeView(undefined, { open: true });
    render(<ChatApp view={view} />);
    const close = screen.getByRole('button', { name: 'Close chat' });
    close.focus();
    fireEvent.click(close);
    await act(() => {});
    expect(document.activeElement).toBe(launcher());
  });

  it('takes no focus when it is open at load, and leaves focus alone when closed from outside', async () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const { view, open } = fakeView(undefined, { open: true });
    render(<ChatApp view={view} />);
    await act(() => {});
    expect(document.activeElement).toBe(outside);
    await act(() => {
      open.value = false;
    });
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('uses no style attribute anywhere (strict CSP)', async () => {
    const t = fakeView(undefined, { open: true });
    t.client.entries.value = [received('hi', { from: 'agent', name: 'Sam', picture: 'https://example.com/a.png' }), userEntry('yo')];
    t.client.typing.value = true;
    t.client.quickReplies.value = [{ label: 'A' }];
    const { container } = render(<ChatApp view={t.view} />);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
    expect(container.querySelectorAll('style')).toHaveLength(0);
  });
});

describe('widgetCss', () => {
  it('isolates the host and exposes the documented custom properties', () => {
    expect(widgetCss).toMatch(/:host\s*\{\s*all: initial !important;/);
    for (const name of ['accent', 'accent-contrast', 'bg', 'fg', 'font', 'radius', 'panel-width', 'panel-height']) {
      expect(widgetCss).toContain(`var(--parley-${name},`);
    }
    expect(widgetCss).toContain('prefers-color-scheme: dark');
    expect(widgetCss).toContain('prefers-reduced-motion: reduce');
    expect(widgetCss).toContain('max-width: 480px');
    expect(widgetCss).toMatch(/\.input \{[^}]*font-size: 16px;/);
    expect(widgetCss).toContain('white-space: pre-wrap');
  });
});
