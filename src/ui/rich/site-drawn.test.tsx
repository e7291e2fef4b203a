// @vitest-environment happy-dom
// The site's renderers in the transcript (issue 40): the node a renderer returns goes in the
// element's light DOM, shown in the response's place through a named slot; null draws the widget's
// own; a renderer that throws shows the fallback and says so once; set again, they draw again.
import { h } from 'preact';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeView, received } from '../../../test/fake-client.ts';
import type { ReceivedEntry } from '../../conversation/transcript.ts';
import { toRichContent } from '../../conversation/rich.ts';
import type { ParleyRenderers } from '../../loader/api.ts';
import { ChatApp } from '../App.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const slots = { type: 'custom', payload: { kind: 'slots', times: ['Wed 10:00', 'Thu 14:00'] } };
const card = { type: 'card', payload: { title: 'Parley Pro', buttons: [{ type: 'postback', label: 'I want it', value: 'Pro' }] } };
const message = { fallback: 'Pick a time', originator: { role: 'bot', name: 'Parley Bot' } };

function customEntry(extra: Partial<ReceivedEntry> = {}): ReceivedEntry {
  return received('Pick a time', { hidden: true, response: slots, message, ...extra });
}
function cardEntry(extra: Partial<ReceivedEntry> = {}): ReceivedEntry {
  const made = toRichContent(card.type, card.payload);
  return received('Our plans', { rich: 'content' in made ? made.content : undefined, response: card, message, ...extra });
}

/** The element the renderers draw into: its light DOM holds their nodes; its send() and sendEvent() are the site's. */
function siteElement() {
  const element = document.createElement('div') as unknown as HTMLElement & {
    send: ReturnType<typeof vi.fn>;
    sendEvent: ReturnType<typeof vi.fn>;
  };
  element.send = vi.fn(() => Promise.resolve());
  element.sendEvent = vi.fn(() => Promise.resolve());
  document.body.append(element);
  return element;
}

async function show(entries: ReceivedEntry[], renderers: ParleyRenderers | undefined, element = siteElement()) {
  const t = fakeView(undefined, { open: true, renderers, element });
  render(<ChatApp view={t.view} />);
  await act(() => {
    t.client.entries.value = entries;
  });
  return { ...t, element };
}
/** The rows shown: rich.css hides a row holding nothing the site drew (the browser tests see it hidden). */
const rows = () =>
  [...screen.getByRole('log').querySelectorAll<HTMLElement>('[part~="message"]')].filter(
    (row) => !row.querySelector('.site-drawn-nothing'),
  );

describe('renderers', () => {
  it('puts the node of a custom response in the light DOM, shown through a slot in its place, with the context', async () => {
    let context: Parameters<NonNullable<ParleyRenderers['custom']>>[1] | undefined;
    const custom = vi.fn((response: { payload?: unknown }, given: NonNullable<typeof context>) => {
      context = given;
      const list = document.createElement('ul');
      list.className = 'slot-picker';
      for (const time of (response.payload as { times: string[] }).times)
        list.append(Object.assign(document.createElement('li'), { textContent: time }));
      return list;
    });
    const { element } = await show([customEntry()], { custom });
    expect(custom).toHaveBeenCalledOnce();
    expect(custom.mock.calls[0]![0]).toEqual(slots);
    const holder = element.querySelector<HTMLElement>('[slot]')!;
    expect(holder.querySelector('.slot-picker')!.textContent).toBe('Wed 10:00Thu 14:00');
    const slot = screen.getByRole('log').querySelector('slot')!;
    expect(slot.getAttribute('name')).toBe(holder.slot);
    expect(context!.message).toEqual({ ...message, responses: [slots] });
    expect([context!.from, context!.language]).toEqual(['bot', 'en']);
    await context!.sendEvent('slot-chosen', { time: 'Wed 10:00' });
    await context!.send('Wednesday, please');
    expect(element.sendEvent).toHaveBeenCalledWith('slot-chosen', { time: 'Wed 10:00' });
    expect(element.send).toHaveBeenCalledWith('Wednesday, please');
  });

  it('draws nothing for a custom response without a renderer, or whose renderer returns null: no row', async () => {
    await show([received('Hello', { seq: 1 }), customEntry({ seq: 2 })], undefined);
    expect(rows()).toHaveLength(1);
    cleanup();
    await show([received('Hello', { seq: 1 }), customEntry({ seq: 2 })], { custom: () => null });
    expect(rows()).toHaveLength(1);
  });

  it("a template the renderer leaves (null) is drawn by the widget; one it draws is the site's alone", async () => {
    const t = await show([cardEntry()], { card: () => null });
    expect(screen.getByRole('log').querySelector('[part~="card"]')).not.toBeNull();
    await act(() => {
      t.view.drawing.value = {
        ...t.view.drawing.value,
        renderers: { card: () => Object.assign(document.createElement('p'), { textContent: 'Pro, drawn by the site' }) },
      };
    });
    expect(screen.getByRole('log').querySelector('[part~="card"]')).toBeNull();
    expect(t.element.textContent).toBe('Pro, drawn by the site');
  });

  it('a renderer that throws, or returns what is not a node: the fallback, one console error naming the type, the other responses drawn', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await show([received('Before', { seq: 1 }), customEntry({ seq: 2 }), received('After', { seq: 3 })], {
      custom: () => {
        throw new Error('broken picker');
      },
    });
    expect(rows().map((row) => row.querySelector('[part~="bubble"]')!.textContent)).toEqual(['Before', 'Pick a time', 'After']);
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('"custom"');
    cleanup();
    error.mockClear();
    await show([customEntry()], { custom: () => '<b>html</b>' as unknown as Node });
    expect(rows()[0]!.textContent).toContain('Pick a time');
    expect(document.querySelector('b')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('set again, draws the shown responses again: the old node goes, the new one shows', async () => {
    let drawn = 0;
    const renderers = () => ({ custom: () => Object.assign(document.createElement('span'), { textContent: `drawing ${++drawn}` }) });
    const t = await show([customEntry()], renderers());
    expect(t.element.textContent).toBe('drawing 1');
    await act(() => {
      t.view.drawing.value = { ...t.view.drawing.value, renderers: renderers() };
    });
    expect(t.element.querySelectorAll('[slot]')).toHaveLength(1);
    expect(t.element.textContent).toBe('drawing 2');
    // The transcript gone (the chat closed for good): the site's nodes leave the element too.
    cleanup();
    expect(t.element.querySelectorAll('[slot]')).toHaveLength(0);
  });

  it("never draws the visitor's side: a response from the visitor on another device is the widget's", async () => {
    const custom = vi.fn(() => document.createElement('span'));
    await show([cardEntry({ from: 'user' })], { card: custom });
    expect(custom).not.toHaveBeenCalled();
  });
});
