// Styles as a person sees them: a test that reads computed styles right after a change (a
// stylesheet added, the panel opened) may read them halfway through a transition or an
// animation, where a value is still the old one. This waits for those that end to end.
import type { Locator } from '@playwright/test';

/** Resolves once every finite animation and transition in the element's shadow tree has ended. */
export async function settled(element: Locator): Promise<void> {
  await element.evaluate(async (host) => {
    await new Promise(requestAnimationFrame); // a change just made has started its transitions
    const root = host.shadowRoot ?? host.ownerDocument;
    const ending = root.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
