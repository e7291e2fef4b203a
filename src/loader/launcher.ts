// The closed state, drawn by the loader at once: one round button. Its name stays exactly
// "Open chat"; the unread count is its description, so screen readers hear both, and messages
// that arrive while the panel is closed are announced once each by a status region.
import { CHAT_ICON, el, icon, setOrRemove } from './dom.ts';
import type { LauncherWords } from './language.ts';

export type LauncherStrings = LauncherWords;

export interface Launcher {
  setStrings(strings: LauncherStrings): void;
  /** The count on the badge, and its words for screen readers ("3 unread messages", from the chat, which knows the language's plural forms). */
  setUnread(count: number, words: string): void;
  /** While the chat loads after a click: the button says so (aria-busy). */
  setBusy(busy: boolean): void;
  show(shown: boolean): void;
  focus(): void;
}

/** `onIntent`: the visitor is about to open it (the chat starts loading); `onOpen`: a click. */
export function drawLauncher(parent: Element, strings: LauncherStrings, onIntent: () => void, onOpen: () => void): Launcher {
  // Ids are the shadow root's own: one widget per root, so a fixed id cannot collide.
  // The badge and its words are in the button only while something is unread.
  const badge = el('span', { class: 'badge', part: 'badge', 'aria-hidden': 'true' });
  const description = el('span', { id: 'parley-unread', class: 'visually-hidden' });
  const button = el('button', { type: 'button', class: 'launcher', part: 'launcher' }, icon(CHAT_ICON));
  const announcer = el('span', { class: 'visually-hidden', role: 'status' });
  // Pointer over it, focus on it or a touch: the visitor is about to open it. (None of these
  // events holds up scrolling: no `passive` needed.)
  for (const type of ['pointerenter', 'pointerdown', 'focus']) button.addEventListener(type, onIntent);
  button.addEventListener('click', onOpen);
  parent.append(button, announcer);

  let unread = 0;
  let text = '';
  let words = strings;
  const render = () => {
    button.setAttribute('aria-label', words.openChat);
    setOrRemove(button, 'aria-describedby', unread > 0 ? 'parley-unread' : null);
    badge.textContent = unread > 99 ? '99+' : String(unread);
    description.textContent = text;
    if (unread > 0) button.append(badge, description);
    else {
      badge.remove();
      description.remove();
    }
    announcer.textContent = text;
  };
  render();
  return {
    setStrings(next) {
      words = next;
      render();
    },
    setUnread(count, said) {
      if (count === unread && said === text) return;
      unread = count;
      text = count > 0 ? said : '';
      render();
    },
    setBusy(busy) {
      setOrRemove(button, 'aria-busy', busy ? 'true' : null);
    },
    show(shown) {
      button.hidden = announcer.hidden = !shown;
    },
    focus: () => button.focus(),
  };
}
