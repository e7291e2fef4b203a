// What the loader shows when the rest of the chat cannot load (offline, a 404, a file changed on
// its server and refused by its integrity hash, a Content-Security-Policy that blocks it): the
// panel's frame with its error state and "Try again". The launcher keeps working meanwhile.
import { el } from './dom.ts';
import type { LauncherStrings } from './launcher.ts';

/**
 * Draws the failure panel into `parent` and focuses "Try again"; returns it, to be removed. A
 * card of its own, labelled by its error: the chat's header and its styles come with the chat.
 */
export function drawLoadFailure(parent: Element, strings: LauncherStrings, onRetry: () => void, onClose: () => void): HTMLElement {
  const retry = el('button', { type: 'button', class: 'try-again', part: 'try-again' }, strings.tryAgain);
  const close = el('button', { type: 'button', class: 'try-again', part: 'close' }, strings.closeChat);
  const panel = el(
    'div',
    { class: 'panel load-failure', part: 'panel', role: 'dialog', 'aria-labelledby': 'parley-title' },
    el(
      'div',
      { class: 'error-state', part: 'error', role: 'alert' },
      el('p', { id: 'parley-title', class: 'error-title' }, strings.errorTitle),
      el('p', { class: 'error-message' }, strings.loadFailed),
      retry,
      close,
    ),
  );
  close.addEventListener('click', onClose);
  retry.addEventListener('click', onRetry);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') onClose();
  });
  parent.append(panel);
  retry.focus();
  return panel;
}
