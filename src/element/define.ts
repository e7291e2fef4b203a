// Registration, guarded: a second load of the script warns instead of throwing.
import { createParleyChatClass, type ElementDeps, type ParleyChatElement } from './parley-chat.ts';

declare global {
  interface HTMLElementTagNameMap {
    'parley-chat': ParleyChatElement;
  }
}

/**
 * Registers `<parley-chat>` (or another tag name) and returns its class. Safe to call more than
 * once; does nothing where there is no `customElements` (Node, SSR).
 */
export function defineParleyChat(tagName = 'parley-chat', deps: ElementDeps = {}): CustomElementConstructor | undefined {
  if (!globalThis.customElements) return undefined;
  const existing = customElements.get(tagName);
  if (existing) {
    console.warn(`[parley] <${tagName}> is already defined; keeping the first one`);
    return existing;
  }
  const elementClass = createParleyChatClass(deps);
  customElements.define(tagName, elementClass);
  return elementClass;
}
