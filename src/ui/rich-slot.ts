// The rich templates' code (ui/rich/), with the long texts' (long-text.tsx), arrives when the
// first rich response or long text is drawn, not with the chat: most conversations are short
// text. The npm build brings it with import() (define.ts), the script-tag build as a file of its
// own beside the chat's (embed-chat.ts); tests hand it over at once.
import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type * as RichModule from './rich/RichMessage.tsx';

export type RichTemplates = typeof RichModule;

const arrived = signal<RichTemplates | undefined>(undefined);
let source: (() => Promise<RichTemplates>) | undefined;
let asked: Promise<unknown> | undefined;

/** The templates, once here (reading this asks for nothing). */
export const richArrivedSignal: ReadonlySignal<RichTemplates | undefined> = arrived;

/** Where the templates come from, when first needed. */
export function richFrom(load: () => Promise<RichTemplates>): void {
  source = load;
}

/** The templates are here (tests, or a build that has them at hand). */
export function richArrived(templates: RichTemplates): void {
  arrived.value = templates;
}

/** The templates once they are here; asks for them the first time (again after a failure). */
export function richTemplates() {
  if (!arrived.peek() && source && !asked) {
    asked = source().then(richArrived, (error: unknown) => {
      asked = undefined; // the next rich response asks again
      console.warn('[parley] rich responses show their text, long texts their first part: their code could not be loaded:', error instanceof Error ? error.message : error);
    });
  }
  return arrived;
}

/** The templates' module once here, asking for it if needed (a click that needs it waits for it). */
export function richReady(): Promise<RichTemplates> {
  const templates = richTemplates();
  return new Promise((resolve) => {
    const stop = effect(() => {
      if (!templates.value) return;
      resolve(templates.value);
      queueMicrotask(() => stop());
    });
  });
}
