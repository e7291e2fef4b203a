// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { elementClassWithChat } from '../../test/chat-element.ts';
import { nextTag, openConnected, settle, setup, clearPage } from '../../test/element-fixture.ts';
import { defineParleyChat } from '../define.ts';
import type { ParleyChatElement } from './parley-chat.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  clearPage();
  vi.useRealTimers();
});

describe('<parley-chat>', () => {
  it('has an open shadow root styled by an adopted stylesheet, without <style> or style attributes', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    expect(element.shadowRoot).not.toBeNull();
    expect(element.shadowRoot!.adoptedStyleSheets).toHaveLength(1);
    expect(element.shadowRoot!.querySelector('style, [style]')).toBeNull();
  });

  it('reflects configuration properties and attributes both ways', () => {
    const t = setup();
    const element = t.create();
    element.baseUrl = 'https://other.test';
    expect(element.getAttribute('base-url')).toBe('https://other.test');
    element.setAttribute('sdk-url', 'https://sdk.test');
    expect(element.sdkUrl).toBe('https://sdk.test');
    element.headerPrefix = null;
    expect(element.hasAttribute('header-prefix')).toBe(false);
    element.heading = 'Support';
    expect(element.getAttribute('heading')).toBe('Support');
  });

  it('does not connect before it is opened; open() connects, reflects `open` and fires parley:open', async () => {
    const t = setup();
    const element = t.create();
    const events: string[] = [];
    for (const type of ['parley:open', 'parley:close', 'parley:connection']) {
      document.addEventListener(type, (event) => events.push(`${type}:${JSON.stringify((event as CustomEvent).detail)}`));
    }
    await settle();
    expect(t.http.requests).toHaveLength(0);
    expect(element.dataset.connection).toBe('idle');

    element.open();
    expect(element.hasAttribute('open')).toBe(true);
    expect(element.isOpen).toBe(true);
    await settle();
    t.sockets.last().open();
    expect(element.dataset.connection).toBe('open');
    expect(element.connection).toBe('open');

    element.removeAttribute('open');
    expect(element.isOpen).toBe(false);
    expect(events).toEqual([
      'parley:open:null',
      'parley:connection:{"state":"connecting"}',
      'parley:connection:{"state":"open"}',
      'parley:close:null',
    ]);
  });

  it('the open attribute set in HTML opens the panel and connects at load', async () => {
    const t = setup();
    t.create({ 'client-id': 'c1', 'base-url': 'https://service.test', open: '' });
    await settle();
    expect(t.http.requests).toHaveLength(1);
  });

  it('send() and sendEvent() go through the client; threadId is readable', async () => {
    const t = setup();
    const element = t.create();
    await settle();
    element.setUser({ name: 'Ada' });
    await element.send('hi');
    await settle();
    const socket = t.sockets.last();
    socket.open();
    await element.sendEvent('checkout', { plan: 'pro' });
    const sent = socket.frames().map((f) => f.payload);
    expect(sent).toMatchObject([
      { speech: 'hi', threadId: element.threadId, originator: { name: 'Ada' } },
      { speech: 'checkout', attachment: { type: 'event', payload: { name: 'checkout' } } },
    ]);
  });

  it('changing client-id on a live element closes the old socket and connects with the new one', async () => {
    const t = setup();
    const { element, socket: first } = await openConnected(t);
    element.clientId = 'c2';
    await settle();
    expect(first.closedByClient).toBeDefined();
    expect(t.http.requests.map((r) => r.url.searchParams.get('clientId'))).toEqual(['c1', 'c2']);
  });

  it('removing it from the page closes the socket and stops every timer', async () => {
    const t = setup();
    const { element, socket } = await openConnected(t);
    element.remove();
    await settle();
    expect(socket.closedByClient).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
    await expect(element.send('anyone?')).rejects.toThrow(/not on the page/);
  });

  it('a missing client-id is an error state and a console error, and never touches the network', async () => {
    const t = setup();
    const element = t.create({ 'base-url': 'https://service.test' });
    await settle();
    element.open();
    await settle();
    expect(element.dataset.connection).toBe('error');
    expect(t.logger.error).toHaveBeenCalledWith(expect.stringContaining('client-id is missing'));
    expect(t.http.requests).toHaveLength(0);
  });

  it('keeps properties set before the element was defined', async () => {
    const tag = nextTag('parley-late');
    const element = document.createElement(tag) as ParleyChatElement;
    Object.assign(element, { clientId: 'early', baseUrl: 'https://service.test', strings: { openChat: 'Chat öffnen' } });
    document.body.append(element);
    customElements.define(tag, elementClassWithChat(setup().deps));
    await settle();
    expect(element.getAttribute('client-id')).toBe('early');
    expect(element.strings).toEqual({ openChat: 'Chat öffnen' });
    expect(element.dataset.connection).toBe('idle');
  });

  it('send() right after insertion works: the element mounts on demand', async () => {
    const t = setup();
    const element = t.create();
    await element.send('straight away');
    await settle();
    t.sockets.last().open();
    expect(
      t.sockets
        .last()
        .frames()
        .map((f) => f.payload?.speech),
    ).toEqual(['straight away']);
  });

  it('moving the element within the page keeps its connection', async () => {
    const t = setup();
    const { element, socket } = await openConnected(t);
    const other = document.createElement('div');
    document.body.append(other);
    other.append(element);
    await settle();
    expect(socket.closedByClient).toBeUndefined();
    expect(t.http.requests).toHaveLength(1);
    expect(element.dataset.connection).toBe('open');
  });

  it('removed before its start task runs and inserted again later, it still works (StrictMode, routers)', async () => {
    const t = setup();
    const element = t.create();
    element.remove(); // before the queued start task
    await settle();
    expect(t.http.requests).toHaveLength(0);
    document.body.append(element);
    await settle();
    expect(element.dataset.connection).toBe('idle');
    element.open();
    await settle();
    expect(t.http.requests).toHaveLength(1);
    t.sockets.last().open();
    await settle();
    expect(element.dataset.connection).toBe('open');
  });

  it('after removal data-connection says idle, and a bad configuration fires parley:error', async () => {
    const t = setup();
    const { element } = await openConnected(t);
    element.remove();
    await settle();
    expect(element.dataset.connection).toBe('idle');

    const errors: string[] = [];
    document.addEventListener('parley:error', (event) => errors.push((event as CustomEvent<{ message: string }>).detail.message));
    t.create({ 'client-id': 'c1' });
    await settle();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/base-url is missing/);
  });

  it('registration is guarded: defining the tag again warns and returns the first class', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = setup();
    const first = customElements.get(t.tag);
    expect(defineParleyChat(t.tag)).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already defined'));
  });
});
