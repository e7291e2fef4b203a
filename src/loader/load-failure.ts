// What the loader shows when the rest of the chat cannot load (offline, a 404, a file changed on
// its server and refused by its integrity hash, a Content-Security-Policy that blocks it): the
// panel's frame with its error state and "Try again". The launcher keeps working meanwhile.
import { CLOSE_ICON, el, icon } from './dom.ts';
import type { LauncherStrings } from './launcher.ts';

/** Draws the failure panel into `parent` and focuses "Try again"; returns it, to be removed. */
export function drawLoadFailure(parent: Element, heading: string, strings: LauncherStrings, onRetry: () => void, onClose: () => void): HTMLElement {
  const close = el('button', { type: 'button', class: 'icon-button close', part: 'close', 'aria-label': strings.closeChat }, icon(CLOSE_ICON, true));
  const retry = el('button', { type: 'button', class: 'try-again', part: 'try-again' }, strings.tryAgain);
  const panel = el(
    'div',
    { class: 'panel', part: 'panel', role: 'dialog', 'aria-labelledby': 'parley-title' },
    el('header', { class: 'header', part: 'header' }, el('div', { class: 'header-text' }, el('h2', { id: 'parley-title', class: 'title', part: 'title' }, heading)), close),
    el(
      'div',
      { class: 'error-state', part: 'error', role: 'alert' },
      el('p', { class: 'error-title' }, strings.errorTitle),
      el('p', { class: 'error-message' }, strings.loadFailed),
      retry,
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
