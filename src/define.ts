// The npm entry's registration: the chat comes in through a dynamic import(), so an app's
// bundler (Vite, webpack, Rollup) splits it into a chunk of its own, loaded on intent; each
// language likewise (i18n/language-chunks.ts), and each of the chat's parts (parts/table.ts).
import { loadLanguageChunk } from './i18n/language-chunks.ts';
import type { PartName } from './parts/table.ts';
import { createParleyChatClass, type ElementDeps } from './loader/parley-chat.ts';
import { registerElement } from './loader/register.ts';

/** Each part's code, a chunk of its own too: what its file in the script-tag build leaves (its row's `entry`, parts/table.ts). */
const PART_CHUNKS = {
  rich: () => import('./ui/rich/RichMessage.tsx'),
  markdown: () => import('./ui/markdown/markdown-part.ts'),
  menu: () => import('./ui/menu/menu-part.ts'),
  notify: () => import('./chat/notifications.ts').then((part) => part.startNotifications),
  storage: () => import('./store/other-modes.ts'),
} satisfies { [name in PartName]: () => Promise<unknown> };

/**
 * Registers `<parley-chat>` (or another tag name) and returns its class. Safe to call more than
 * once; does nothing where there is no `customElements` (Node, SSR).
 */
export function defineParleyChat(tagName = 'parley-chat', deps: ElementDeps = {}): CustomElementConstructor | undefined {
  const loadChat = () =>
    import('./chat/mount-chat.ts').then(({ mountChat, partsFrom }) => {
      partsFrom((name) => PART_CHUNKS[name]());
      return { mountChat, loadLanguage: loadLanguageChunk };
    });
  return registerElement(tagName, () => createParleyChatClass(loadChat, () => import('./layouts/layouts.ts'), deps));
}
