// @vitest-environment happy-dom
// dist/custom-elements.json and the framework typings against the element itself: what the
// manifest lists is what the element observes, has, dispatches and draws, and nothing else.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  customPropertiesUsed,
  generateManifest,
  partsUsed,
  vsCodeHtmlData,
  type Field,
  type Method,
} from '../../scripts/custom-elements-manifest.ts';
import { fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { memoryStore } from '../store/memory-store.ts';
import type { ParleyChatAttributes, ParleyChatProperties } from '../frameworks/common.ts';
import type { ObservedAttribute } from './attributes.ts';
import { elementClassWithChat } from '../../test/chat-element.ts';
import type { ParleyChatElement, ParleyChatEventMap } from './parley-chat.ts';

const manifest = generateManifest();
const declaration = manifest.modules[0]!.declarations[0]!;
const fields = declaration.members.filter((member): member is Field => member.kind === 'field');
const methods = declaration.members.filter((member): member is Method => member.kind === 'method');
const names = <T extends { name: string }>(items: T[]) => items.map((item) => item.name).sort();

let tagCount = 0;
function defineElement() {
  const sockets = fakeSocketClass();
  const elementClass = elementClassWithChat({
    platform: fakePlatform({ WebSocket: sockets.SocketClass }),
    store: memoryStore(),
  });
  const tag = `parley-manifest-${++tagCount}`;
  customElements.define(tag, elementClass);
  const create = (attributes: Record<string, string>) => {
    const element = document.createElement(tag) as ParleyChatElement;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  };
  return { elementClass, sockets, create };
}

async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('custom-elements.json', () => {
  it('is a schema 2 manifest that defines <parley-chat>', () => {
    expect(manifest.schemaVersion).toMatch(/^2\./);
    expect(declaration).toMatchObject({ kind: 'class', customElement: true, tagName: 'parley-chat' });
    expect(manifest.modules[0]!.exports).toContainEqual(
      expect.objectContaining({ kind: 'custom-element-definition', name: 'parley-chat' }),
    );
  });

  it('lists exactly the attributes the element observes', () => {
    const { elementClass } = defineElement();
    const observed = (elementClass as unknown as { observedAttributes: string[] }).observedAttributes;
    expect(names(declaration.attributes)).toEqual([...observed].sort());
  });

  it('links each attribute to the property that reflects it, and only where there is one', () => {
    const { create } = defineElement();
    const element = create({});
    const self = element as unknown as Record<string, unknown>;
    for (const attribute of declaration.attributes) {
      if (!attribute.fieldName) {
        // thread-id: its camel-cased name is the read-only live thread, not a setting.
        expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'threadId')?.set, attribute.name).toBeUndefined();
        continue;
      }
      const field = fields.find((candidate) => candidate.name === attribute.fieldName);
      expect(field?.attribute, attribute.name).toBe(attribute.name);
      const value = attribute.type.text === 'boolean' ? true : 'x';
      self[attribute.fieldName] = value;
      expect(element.getAttribute(attribute.name), attribute.name).toBe(value === true ? '' : value);
    }
  });

  it('lists exactly the public properties and methods of the element', () => {
    const { create } = defineElement();
    const element = create({});
    // The element's own members: on the classes between its own and HTMLElement.
    const prototypes: object[] = [];
    for (
      let prototype = Object.getPrototypeOf(element) as object;
      prototype !== HTMLElement.prototype;
      prototype = Object.getPrototypeOf(prototype) as object
    )
      prototypes.push(prototype);
    const descriptorOf = (name: string) => prototypes.map((prototype) => Object.getOwnPropertyDescriptor(prototype, name)).find(Boolean);
    const lifecycle = ['constructor', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback'];
    const own = [...new Set(prototypes.flatMap((prototype) => Object.getOwnPropertyNames(prototype)))].filter(
      (name) => !lifecycle.includes(name),
    );
    const isMethod = (name: string) => typeof descriptorOf(name)?.value === 'function';
    expect(names(methods)).toEqual(own.filter(isMethod).sort());
    expect(names(fields)).toEqual(own.filter((name) => !isMethod(name)).sort());
    for (const field of fields) {
      const descriptor = descriptorOf(field.name)!;
      expect(Boolean(descriptor.set), field.name).toBe(!field.readonly);
    }
  });

  it('lists exactly the events the element dispatches, and the element dispatches each of them', async () => {
    const { create, sockets } = defineElement();
    const dispatched = new Set<string>();
    // Every event an element dispatches on itself, whatever its type.
    const record = (element: ParleyChatElement) => {
      const dispatch = element.dispatchEvent.bind(element);
      element.dispatchEvent = (event: Event) => {
        if (event.type.startsWith('parley:')) dispatched.add(event.type);
        return dispatch(event);
      };
      return element;
    };

    // Without a client-id: a configuration error. With one: open, connect, a message, a delivery, close.
    record(create({ 'base-url': 'https://service.test' }));
    await settle();
    const element = record(create({ 'client-id': 'c1', 'base-url': 'https://service.test' }));
    element.open();
    await settle();
    const socket = sockets.last();
    socket.open();
    await element.send('hi');
    socket.receive({ type: 'message.delivered', payload: { threadId: element.threadId, traceId: 1, speech: 'hi' } });
    socket.receive({
      type: 'message.received',
      payload: { threadId: element.threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'hello' } }] }] },
    });
    element.close();

    expect([...dispatched].sort()).toEqual(names(declaration.events));
  });

  it('gives each event the detail type of ParleyChatEventMap', () => {
    const expected: Record<keyof ParleyChatEventMap, true> = {
      'parley:message': true,
      'parley:delivered': true,
      'parley:connection': true,
      'parley:error': true,
      'parley:open': true,
      'parley:close': true,
    };
    expect(names(declaration.events)).toEqual(Object.keys(expected).sort());
    expect(declaration.events.find((event) => event.name === 'parley:delivered')?.type.text).toBe('CustomEvent<{ traceId: number }>');
  });

  it('lists exactly the parts the UI draws', () => {
    expect(names(declaration.cssParts)).toEqual(partsUsed(process.cwd()));
  });

  it('lists exactly the custom properties the stylesheet reads, but those the element sets itself', () => {
    const { read, setByElement } = customPropertiesUsed(process.cwd());
    expect(setByElement).toEqual(['--parley-viewport-height', '--parley-viewport-top']);
    expect(names(declaration.cssProperties)).toEqual(read.filter((name) => !setByElement.includes(name)));
  });

  it('describes everything it lists', () => {
    const described = [
      ...declaration.attributes,
      ...declaration.members,
      ...declaration.events,
      ...declaration.cssParts,
      ...declaration.cssProperties,
    ];
    expect(described.filter((item) => !item.description).map((item) => item.name)).toEqual([]);
  });

  it('gives VS Code the same attributes, `open` as a boolean one', () => {
    const tag = vsCodeHtmlData(manifest).tags[0]!;
    expect(tag.name).toBe('parley-chat');
    expect(tag.attributes.map((attribute) => attribute.name).sort()).toEqual(names(declaration.attributes));
    expect(tag.attributes.find((attribute) => attribute.name === 'open')).toMatchObject({ valueSet: 'v' });
  });
});

describe('the framework typings', () => {
  it('type every attribute the element observes (`open` as the isOpen property)', () => {
    expectTypeOf<keyof ParleyChatAttributes | 'open'>().toEqualTypeOf<ObservedAttribute>();
    expectTypeOf<keyof ParleyChatProperties>().toEqualTypeOf<'isOpen' | 'strings' | 'renderers'>();
    expectTypeOf<Required<ParleyChatProperties>['isOpen']>().toEqualTypeOf<ParleyChatElement['isOpen']>();
    expectTypeOf<Required<ParleyChatProperties>['strings']>().toEqualTypeOf<ParleyChatElement['strings']>();
    expectTypeOf<Required<ParleyChatProperties>['renderers']>().toEqualTypeOf<ParleyChatElement['renderers']>();
    expect(names(declaration.attributes)).toContain('open');
  });
});
