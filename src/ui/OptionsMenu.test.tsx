// @vitest-environment happy-dom
// The panel's menu ("More options"): the menu button pattern, "Save a copy" and "Delete this
// conversation" with its confirmation in the panel.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatApp } from './App.tsx';
import { fakeView, received, userEntry } from '../../test/fake-client.ts';
import { panelStrings } from '../i18n/strings.ts';
import { transcriptFileName, transcriptText } from './menu/transcript-text.ts';

// The saved copy's download, watched: the Blob made, and the link clicked (where, and its name).
const saved: Array<{ blob: Blob; parent?: Element | null; name?: string }> = [];
beforeEach(() => {
  saved.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push({ blob: blob as Blob }), 'blob:saved'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    Object.assign(saved.at(-1)!, { parent: this.parentElement, name: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());
afterEach(cleanup);

function openApp(heading = 'Support') {
  const t = fakeView(undefined, { open: true, heading });
  const result = render(<ChatApp view={t.view} />);
  return { ...t, ...result };
}

const optionsButton = () => screen.getByRole('button', { name: 'More options' });
const focused = () => document.activeElement;
const key = (name: string) => fireEvent.keyDown(focused()!, { key: name });
const openMenu = () => {
  fireEvent.click(optionsButton());
  return screen.getByRole('menu', { name: 'More options' });
};

describe('the menu button', () => {
  it('is a button in the header that says it opens a menu, and whether it is open', () => {
    openApp();
    const button = optionsButton();
    expect(button.closest('[part~="header"]')).toBeTruthy();
    expect(button.getAttribute('part')).toBe('options');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    const menu = openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('part')).toBe('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Save a copy', 'Delete this conversation']);
  });

  it('moves focus into the menu; Arrow Down and Up (round), Home and End move it', () => {
    openApp();
    const menu = openMenu();
    const [save, remove] = within(menu).getAllByRole('menuitem');
    expect(focused()).toBe(save);
    // One stop in the Tab order: the items are reached with the arrow keys.
    expect([save, remove].map((item) => item!.tabIndex)).toEqual([-1, -1]);
    key('ArrowDown');
    expect(focused()).toBe(remove);
    key('ArrowDown');
    expect(focused()).toBe(save);
    key('ArrowUp');
    expect(focused()).toBe(remove);
    key('ArrowUp');
    expect(focused()).toBe(save);
    key('End');
    expect(focused()).toBe(remove);
    key('Home');
    expect(focused()).toBe(save);
    key('a'); // other keys do nothing
    expect(focused()).toBe(save);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it.each(['Escape', 'Tab'])('%s closes the menu (not the panel) and focus goes back to the button', (name) => {
    const t = openApp();
    openMenu();
    key('ArrowDown');
    const event = fireEvent.keyDown(focused()!, { key: name });
    expect(event).toBe(false); // handled: no panel Escape, no Tab onwards
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(optionsButton());
    expect(optionsButton().getAttribute('aria-expanded')).toBe('false');
    expect(t.view.setOpen).not.toHaveBeenCalled();
    // Closed, Escape is the panel's again.
    key('Escape');
    expect(t.view.setOpen).toHaveBeenCalledWith(false);
  });

  it('closes on a click anywhere else (focus stays where that click put it), and on the button again', () => {
    openApp();
    openMenu();
    fireEvent.click(screen.getByRole('log'));
    expect(screen.queryByRole('menu')).toBeNull();
    openMenu();
    fireEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    openMenu();
    fireEvent.click(optionsButton());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(optionsButton());
  });
});

describe('"Save a copy"', () => {
  it('downloads the whole conversation as text, named by the heading and the day', async () => {
    const t = openApp();
    const entries = [
      userEntry('Where is my order?'),
      received('It left this morning.', { from: 'agent', name: 'Maria', quickReplies: [{ label: 'Thanks' }] }),
    ];
    t.client.entries.value = entries;
    openMenu();
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Save a copy' }));
    });
    expect(t.client.transcript).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const [{ blob, parent, name }] = saved as [Required<(typeof saved)[0]>];
    const text = await blob.text();
    expect(blob.type).toBe('text/plain;charset=utf-8');
    // Inside the panel (so inside the shadow root), where no page style or script reaches.
    expect(parent).toBe(t.container.querySelector('[part="panel"]'));
    expect(name).toBe(transcriptFileName('Support', Date.now()));
    expect(name).toMatch(/^Support — \d{4}-\d\d-\d\d\.txt$/);
    expect(text).toBe(transcriptText(entries, panelStrings('en', undefined, {}), 'Support', Date.now()));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Support — /);
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^You · /),
      'Where is my order?',
      '',
      expect.stringMatching(/^Maria · /),
      'It left this morning.',
      '[Thanks]',
      '',
    ]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(optionsButton());
  });
});

describe('"Delete this conversation"', () => {
  function askToDelete() {
    const t = openApp();
    t.client.entries.value = [userEntry('Hello'), received('Hi!')];
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete this conversation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this conversation' });
    return { ...t, dialog };
  }

  it('asks in the panel first: what it does, "Delete" and "Cancel" (focused)', () => {
    const t = askToDelete();
    expect(t.container.querySelector('[part="panel"]')!.contains(t.dialog)).toBe(true);
    const description = document.getElementById(t.dialog.getAttribute('aria-describedby')!);
    expect(description!.textContent).toBe('This deletes the conversation from this browser. It cannot be undone.');
    expect(
      within(t.dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete', 'Cancel']);
    expect(focused()).toBe(within(t.dialog).getByRole('button', { name: 'Cancel' }));
    expect(t.client.forget).not.toHaveBeenCalled();
  });

  it('"Cancel" and Escape keep the conversation; focus goes back to the menu button', () => {
    const t = askToDelete();
    fireEvent.click(within(t.dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(optionsButton());
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete this conversation' }));
    key('Escape');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(optionsButton());
    expect(t.view.setOpen).not.toHaveBeenCalled(); // the panel stays open
    expect(t.client.forget).not.toHaveBeenCalled();
    expect(screen.getAllByText('Hello')).toHaveLength(1);
  });

  it('"Delete" forgets the conversation: the panel shows it empty, focus in the message box', async () => {
    const t = askToDelete();
    await act(async () => {
      fireEvent.click(within(t.dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(t.client.forget).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.container.querySelectorAll('[part~="message"]')).toHaveLength(0);
    expect(focused()).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('speaks the language of the panel', () => {
    const t = fakeView(undefined, { open: true, strings: { moreOptions: 'Plus', deleteConversation: 'Tout effacer', cancel: 'Annuler' } });
    render(<ChatApp view={t.view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Plus' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Tout effacer' }));
    expect(screen.getByRole('alertdialog', { name: 'Tout effacer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
