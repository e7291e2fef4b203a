// @vitest-environment happy-dom
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatApp } from './App.tsx';
import { fakeView } from '../../test/fake-client.ts';

afterEach(cleanup);

function openApp() {
  const t = fakeView(undefined, { open: true });
  const result = render(<ChatApp view={t.view} />);
  const textbox = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  const type = (value: string) => fireEvent.input(textbox, { target: { value } });
  const counter = () => result.container.querySelector('[part~="counter"]');
  return { ...t, ...result, textbox, send, type, counter };
}

describe('composer', () => {
  it('has a labelled textbox with a placeholder, 16px by class, inside part="composer"', () => {
    const t = openApp();
    expect(t.textbox.tagName).toBe('TEXTAREA');
    expect(t.textbox.getAttribute('placeholder')).toBe('Write a message…');
    expect(t.textbox.closest('[part~="composer"]')).not.toBeNull();
    expect(t.send.closest('[part~="composer"]')).not.toBeNull();
  });

  it('keeps what was typed, with its caret, when the panel closes and opens again, and forgets it once sent', async () => {
    const t = openApp();
    t.textbox.focus();
    t.type('half a question');
    t.textbox.setSelectionRange(5, 7);
    fireEvent.keyUp(t.textbox, { key: 'ArrowLeft' });
    await act(() => void (t.open.value = false));
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await act(() => void (t.open.value = true));
    const again = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(again.value).toBe('half a question');
    expect([again.selectionStart, again.selectionEnd]).toEqual([5, 7]);
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(t.client.send).toHaveBeenCalledWith('half a question');
    expect(t.client.draft.read()).toBeUndefined();
    await act(() => void (t.open.value = false));
    await act(() => void (t.open.value = true));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('disables Send while the text is blank', () => {
    const t = openApp();
    expect(t.send.disabled).toBe(true);
    t.type('   \n ');
    expect(t.send.disabled).toBe(true);
    t.type('hi');
    expect(t.send.disabled).toBe(false);
  });

  it('sends on Enter, clears the box and keeps focus in it', () => {
    const t = openApp();
    t.textbox.focus();
    t.type('Hello there');
    fireEvent.keyDown(t.textbox, { key: 'Enter' });
    expect(t.client.send).toHaveBeenCalledWith('Hello there');
    expect(t.textbox.value).toBe('');
    expect(document.activeElement).toBe(t.textbox);
  });

  it('does not send on Shift+Enter or on the Enter that confirms an IME composition', () => {
    const t = openApp();
    t.type('line one');
    const shift = fireEvent.keyDown(t.textbox, { key: 'Enter', shiftKey: true });
    expect(shift).toBe(true); // not prevented: the newline goes in
    fireEvent.keyDown(t.textbox, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(t.textbox, { key: 'Enter', keyCode: 229 });
    expect(t.client.send).not.toHaveBeenCalled();
    expect(t.textbox.value).toBe('line one');
  });

  it('sends with the Send button and puts focus back in the box', () => {
    const t = openApp();
    t.type('by click');
    t.send.focus();
    fireEvent.click(t.send);
    expect(t.client.send).toHaveBeenCalledWith('by click');
    expect(document.activeElement).toBe(t.textbox);
  });

  it('takes 2,000 characters (the socket has no 255 limit), shows a counter under 100 left and blocks sending over 2,000', () => {
    const t = openApp();
    t.type('x'.repeat(1900));
    expect(t.counter()).toBeNull();
    t.type('x'.repeat(1901));
    expect(t.counter()!.textContent).toBe('99 characters left');
    expect(t.textbox.getAttribute('aria-describedby')).toBe(t.counter()!.id);
    t.type('x'.repeat(2000));
    expect(t.counter()!.textContent).toBe('0 characters left');
    expect(t.send.disabled).toBe(false);
    t.type('x'.repeat(2005));
    expect(t.counter()!.textContent).toBe('5 characters too many');
    expect(t.textbox.getAttribute('aria-invalid')).toBe('true');
    expect(t.send.disabled).toBe(true);
    fireEvent.keyDown(t.textbox, { key: 'Enter' });
    expect(t.client.send).not.toHaveBeenCalled();
    expect(t.textbox.value).toHaveLength(2005);
  });

  it('gives the text back if the client refuses it', async () => {
    const t = openApp();
    t.client.send.mockRejectedValueOnce(new RangeError('too long'));
    t.type('refused');
    await act(async () => {
      fireEvent.keyDown(t.textbox, { key: 'Enter' });
    });
    expect(t.textbox.value).toBe('refused');
  });

  it('grows with its lines, up to a limit', () => {
    const t = openApp();
    expect(t.textbox.getAttribute('rows')).toBe('1');
    t.type('a\nb\nc');
    expect(t.textbox.getAttribute('rows')).toBe('3');
    t.type('a\nb\nc\nd\ne\nf\ng');
    expect(t.textbox.getAttribute('rows')).toBe('5');
  });
});
