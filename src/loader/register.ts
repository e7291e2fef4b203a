// Registration, guarded: a second load of the script warns instead of throwing.
// (`HTMLElementTagNameMap['parley-chat']` is declared beside the element's interface, in parley-chat.ts.)

/** Defines the class `make` builds under `tagName`, once; nothing where there is no `customElements`. */
export function registerElement(tagName: string, make: () => CustomElementConstructor): CustomElementConstructor | undefined {
  if (!globalThis.customElements) return undefined;
  const existing = customElements.get(tagName);
  if (existing) {
    console.warn(`[parley] <${tagName}> is already defined; keeping the first one`);
    return existing;
  }
  const elementClass = make();
  customElements.define(tagName, elementClass);
  return elementClass;
}
