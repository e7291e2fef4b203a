// @vitest-environment happy-dom
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatApp } from './App.tsx';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';
import { frameCss } from '../loader/frame-css.ts';
import { widgetCss } from './styles.ts';

afterEach(cleanup);

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
    await act(() => view.setOpen(true)); // the launcher's click (loader/launcher.ts)
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    await act(() => {}); // effects
    expect(document.activeElement).toBe(textbox);

    fireEvent.keyDown(textbox, { key: 'Escape' });
    expect(view.setOpen).toHaveBeenLastCalledWith(false);
    await act(() => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.focusLauncher).toHaveBeenCalledTimes(1);
  });

  it('the close button closes it and returns focus to the launcher', async () => {
    const { view } = fakeView(undefined, { open: true });
    render(<ChatApp view={view} />);
    const close = screen.getByRole('button', { name: 'Close chat' });
    close.focus();
    fireEvent.click(close);
    await act(() => {});
    expect(view.focusLauncher).toHaveBeenCalledTimes(1);
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
    expect(view.focusLauncher).not.toHaveBeenCalled();
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

describe('the stylesheets', () => {
  it('isolate the host and expose the documented custom properties', () => {
    const css = frameCss + widgetCss;
    expect(frameCss).toMatch(/:host\s*\{\s*all: initial !important;/);
    for (const name of ['accent', 'accent-contrast', 'bg', 'fg', 'font', 'radius', 'panel-width', 'panel-height']) {
      expect(frameCss).toContain(`var(--parley-${name},`);
    }
    for (const sheet of [frameCss, widgetCss]) expect(sheet).toContain('prefers-reduced-motion: reduce');
    expect(css).toContain('prefers-color-scheme: dark');
    expect(frameCss).toContain('max-width: 480px');
    expect(widgetCss).toMatch(/\.input \{[^}]*font-size: 16px;/);
    expect(widgetCss).toContain('white-space: pre-wrap');
  });
});
