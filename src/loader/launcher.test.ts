// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { launcherStrings } from '../i18n/launcher-strings.ts';
import { drawLauncher } from './launcher.ts';

afterEach(() => document.body.replaceChildren());

function setup() {
  const parent = document.createElement('div');
  document.body.append(parent);
  const actions = { onIntent: vi.fn(), onOpen: vi.fn() };
  const launcher = drawLauncher(parent, launcherStrings, actions.onIntent, actions.onOpen);
  const button = parent.querySelector('button')!;
  const badge = () => parent.querySelector<HTMLElement>('[part~="badge"]');
  const status = () => parent.querySelector('[role="status"]')!;
  return { parent, actions, launcher, button, badge, status };
}

describe('the launcher', () => {
  it('is one button named exactly "Open chat", with no badge while nothing is unread', () => {
    const t = setup();
    expect(t.button.getAttribute('aria-label')).toBe('Open chat');
    expect(t.button.getAttribute('part')).toBe('launcher');
    expect(t.badge()).toBeNull();
    expect(t.button.hasAttribute('aria-describedby')).toBe(false);
    expect(t.parent.querySelectorAll('[style], style')).toHaveLength(0);
  });

  it('shows the unread count as a badge, describes the button with it and announces it once', () => {
    const t = setup();
    t.launcher.setUnread(2, '2 unread messages');
    expect(t.badge()!.textContent).toBe('2');
    const description = t.parent.querySelector(`#${t.button.getAttribute('aria-describedby')}`);
    expect(description?.textContent).toBe('2 unread messages');
    expect(t.status().textContent).toBe('2 unread messages');
    t.launcher.setUnread(120, '120 unread messages');
    expect(t.badge()!.textContent).toBe('99+');
    t.launcher.setUnread(0, '0 unread messages');
    expect(t.badge()).toBeNull();
    expect(t.button.hasAttribute('aria-describedby')).toBe(false);
    expect(t.status().textContent).toBe('');
  });

  it("takes a page's words", () => {
    const t = setup();
    t.launcher.setStrings({ ...launcherStrings, openChat: 'Chat öffnen' });
    t.launcher.setUnread(3, '3 ungelesene Nachrichten');
    expect(t.button.getAttribute('aria-label')).toBe('Chat öffnen');
    expect(t.status().textContent).toBe('3 ungelesene Nachrichten');
  });

  it('reports intent on pointer, touch and focus, and opens on click', () => {
    const t = setup();
    t.button.dispatchEvent(new Event('pointerenter'));
    t.button.dispatchEvent(new Event('pointerdown'));
    t.button.focus();
    expect(t.actions.onIntent).toHaveBeenCalledTimes(3);
    expect(t.actions.onOpen).not.toHaveBeenCalled();
    t.button.click();
    expect(t.actions.onOpen).toHaveBeenCalledTimes(1);
  });

  it('hides, says it is busy, and takes focus back', () => {
    const t = setup();
    t.launcher.setBusy(true);
    expect(t.button.getAttribute('aria-busy')).toBe('true');
    t.launcher.setBusy(false);
    expect(t.button.hasAttribute('aria-busy')).toBe(false);
    t.launcher.show(false);
    expect(t.button.hidden && t.status().hasAttribute('hidden')).toBe(true);
    t.launcher.show(true);
    t.launcher.focus();
    expect(document.activeElement).toBe(t.button);
  });
});
