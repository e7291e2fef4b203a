// The npm entry's registration: the chat comes in through a dynamic import(), so an app's
// bundler (Vite, webpack, Rollup) splits it into a chunk of its own, loaded on intent; each
// language likewise (i18n/language-chunks.ts), the rich templates' code (ui/rich-slot.ts), the Markdown's
// (ui/markdown-slot.ts), the
// panel menu's (ui/menu-slot.ts), the notifications' (chat/notifications-part.ts) and the memory
// and session stores' (store/other-modes-part.ts).
import { loadLanguageChunk } from './i18n/language-chunks.ts';
import { createParleyChatClass, type ElementDeps } from './loader/parley-chat.ts';
import { registerElement } from './loader/register.ts';

/**
 * Registers `<parley-chat>` (or another tag name) and returns its class. Safe to call more than
 * once; does nothing where there is no `customElements` (Node, SSR).
 */
export function defineParleyChat(tagName = 'parley-chat', deps: ElementDeps = {}): CustomElementConstructor | undefined {
  const loadChat = () =>
    import('./chat/mount-chat.ts').then(({ mountChat, richFrom, markdownFrom, menuFrom, notificationsFrom, otherModesFrom }) => {
      richFrom(() => import('./ui/rich/RichMessage.tsx')); // chunks of their own too
      markdownFrom(() => import('./ui/markdown/markdown-part.ts'));
      menuFrom(() => import('./ui/menu/menu-part.ts'));
      notificationsFrom(() => import('./chat/notifications.ts').then((part) => part.startNotifications));
      otherModesFrom(() => import('./store/other-modes.ts'));
      return { mountChat, loadLanguage: loadLanguageChunk };
    });
  return registerElement(tagName, () => createParleyChatClass(loadChat, () => import('./layouts/layouts.ts'), deps));
}
