// The inline layout as the chat sees it (widget contract, "Layouts and the site's own triggers"):
// whether the element is inline, live (the layouts' code drops the attribute when data-target
// matches nothing), and its connection on the visitor's first interaction inside it, never
// before (a stored thread connects at load, as in the launcher layout: mount-chat.ts).
import { signal, type ReadonlySignal } from '@preact/signals-core';

const FIRST_INTERACTIONS = ['pointerdown', 'focusin', 'keydown'];

export function watchInline(
  element: HTMLElement,
  mountPoint: Element,
  connect: () => void,
): { inline: ReadonlySignal<boolean>; stop: () => void } {
  const isInline = () => element.getAttribute('layout') === 'inline';
  const inline = signal(isInline());
  const observer = new MutationObserver(() => (inline.value = isInline()));
  observer.observe(element, { attributes: true, attributeFilter: ['layout'] });
  const stopListening = () => {
    for (const type of FIRST_INTERACTIONS) mountPoint.removeEventListener(type, onFirstInteraction);
  };
  function onFirstInteraction(): void {
    if (!inline.peek()) return;
    stopListening();
    connect();
  }
  for (const type of FIRST_INTERACTIONS) mountPoint.addEventListener(type, onFirstInteraction);
  return {
    inline,
    stop() {
      observer.disconnect();
      stopListening();
    },
  };
}
