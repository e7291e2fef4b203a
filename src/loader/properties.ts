// The element's properties that reflect its attributes (clientId <-> client-id and the rest), and
// the values a page set on an element before its class was defined.
import { CLIENT_ATTRIBUTES, UI_PROPERTIES } from './attributes.ts';
import { setOrRemove } from './dom.ts';

const REFLECTED = { ...CLIENT_ATTRIBUTES, ...UI_PROPERTIES };

/** Every writable property, for values set before the element was defined. */
const UPGRADABLE_PROPERTIES = [
  ...Object.values(REFLECTED).filter((property) => property !== 'threadId'),
  'isOpen',
  'strings',
  'markdown',
  'renderers',
];

/** Defines the reflecting properties on the element's prototype; `markdown`, a boolean attribute, reflects as one. */
export function reflectAttributes(prototype: HTMLElement): void {
  Object.defineProperty(prototype, 'markdown', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('markdown');
    },
    set(this: HTMLElement, on: boolean) {
      this.toggleAttribute('markdown', Boolean(on));
    },
  });
  for (const [attribute, property] of Object.entries(REFLECTED)) {
    if (property === 'threadId') continue; // the read-only threadId property is the live thread
    Object.defineProperty(prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute);
      },
      set(this: HTMLElement, value: string | null) {
        setOrRemove(this, attribute, value);
      },
    });
  }
}

/**
 * Properties set before the element was defined sit on the instance and hide the class's
 * accessors: takes their values and lets the accessors handle them.
 */
export function adoptEarlyProperties(element: HTMLElement): void {
  const self = element as unknown as Record<string, unknown>;
  for (const property of UPGRADABLE_PROPERTIES) {
    if (Object.hasOwn(self, property)) {
      const value = self[property];
      delete self[property];
      self[property] = value;
    }
  }
}
