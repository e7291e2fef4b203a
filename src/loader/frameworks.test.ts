// @vitest-environment happy-dom
// What the framework typings promise, at run time: React 19, Preact and Vue set `isOpen` and
// `strings` as properties, put the attributes on the element, and listen to `parley:*` through
// the props the typings name. (Svelte and Solid compile templates: their fixtures under
// test/types/ check the types; the typings' comments say how each sets custom elements.)
import { h as preactH, render as preactRender } from 'preact';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, h as vueH } from 'vue';
import { elementClassWithChat } from '../../test/chat-element.ts';
import type { ParleyChatElement } from './parley-chat.ts';

let tagCount = 0;
function defineTag(): string {
  const tag = `parley-framework-${++tagCount}`;
  customElements.define(tag, elementClassWithChat());
  return tag;
}

beforeEach(() => {
  vi.useFakeTimers(); // the element never mounts a client here: no network, no storage
});
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

function props(events: string[], eventProp: (name: string) => string) {
  return {
    // First: frameworks apply props in order, and isOpen fires parley:open at once.
    [eventProp('open')]: (event: CustomEvent) => events.push(event.type),
    'client-id': 'c1',
    'thread-id': 't1',
    heading: 'Support',
    isOpen: true,
    strings: { send: 'Envoyer' },
  };
}

function expectRendered(container: Element, events: string[]) {
  const element = container.firstElementChild as ParleyChatElement;
  expect(element.getAttribute('client-id')).toBe('c1');
  expect(element.getAttribute('thread-id')).toBe('t1');
  expect(element.getAttribute('heading')).toBe('Support');
  expect(element.isOpen).toBe(true);
  expect(element.hasAttribute('open')).toBe(true);
  expect(typeof element.open).toBe('function'); // not overwritten: the typings steer away from `open`
  expect(element.strings).toEqual({ send: 'Envoyer' });
  expect(events).toEqual(['parley:open']);
}

describe('<parley-chat> in frameworks', () => {
  it('React 19: properties, attributes and onparley:open', () => {
    const tag = defineTag();
    const container = document.body.appendChild(document.createElement('div'));
    const events: string[] = [];
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        createElement(
          tag,
          props(events, (name) => `onparley:${name}`),
        ),
      ),
    );
    expectRendered(container, events);
    flushSync(() => root.unmount());
  });

  it('Preact: properties, attributes and onparley:open', () => {
    const tag = defineTag();
    const container = document.body.appendChild(document.createElement('div'));
    const events: string[] = [];
    preactRender(
      preactH(
        tag,
        props(events, (name) => `onparley:${name}`),
      ),
      container,
    );
    expectRendered(container, events);
    preactRender(null, container);
  });

  it('Vue 3: properties, attributes and onParley:open (@parley:open in a template)', () => {
    const tag = defineTag();
    const container = document.body.appendChild(document.createElement('div'));
    const events: string[] = [];
    const app = createApp({
      render: () =>
        vueH(
          tag,
          props(events, (name) => `onParley:${name}`),
        ),
    });
    app.mount(container);
    expectRendered(container, events);
    app.unmount();
  });

  it('why the typings leave out `open`: React and Preact would set it as a property, over open()', () => {
    const tag = defineTag();
    const reactContainer = document.body.appendChild(document.createElement('div'));
    const root = createRoot(reactContainer);
    flushSync(() => root.render(createElement(tag, { open: true })));
    expect(typeof (reactContainer.firstElementChild as ParleyChatElement).open).not.toBe('function');
    flushSync(() => root.unmount());

    const preactContainer = document.body.appendChild(document.createElement('div'));
    preactRender(preactH(tag, { open: true }), preactContainer);
    expect(typeof (preactContainer.firstElementChild as ParleyChatElement).open).not.toBe('function');
    preactRender(null, preactContainer);
  });
});
