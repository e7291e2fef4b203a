// A received entry read from storage or another tab: its rich content is made again from the
// response it came from, as when the service sent it, never taken as read; the response and its
// message's fields stay for the site's renderers.
import { describe, expect, it } from 'vitest';
import { expandReceived } from '../conversation/received-entries.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';
import { EntrySchema } from './record-schemas.ts';

const logger = { warn: () => {}, error: () => {} };
let ids = 0;

const card = {
  title: 'Parley Pro',
  media: { url: 'https://cdn.test/pro.png', type: 'image' },
  buttons: [
    { type: 'url', label: 'Details', value: 'https://parley.test/pro' },
    { type: 'postback', label: 'I want it', value: 'Sign me up for Pro' },
  ],
};

/** The entries of one message, as the engine makes them and storage gives them back (a copy). */
function stored(responses: unknown[], fallback = 'Our plans'): ReceivedEntry[] {
  const payload = {
    threadId: 't',
    originator: { role: 'bot', name: 'Parley Bot' },
    messages: [{ fallback, responses, meta: { keepTyping: false } }],
  };
  const { entries } = expandReceived(payload as never, { now: 1, nextId: () => `r${++ids}`, logger });
  return JSON.parse(JSON.stringify(entries.map((timed) => timed.entry))) as ReceivedEntry[];
}

const read = (value: unknown) => EntrySchema.safeParse(value);

describe('a stored received entry', () => {
  it('comes back with its rich content made again from its response, its response and its message kept', () => {
    const [entry] = stored([{ type: 'card', payload: card, delay: 200 }]);
    const result = read(entry);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(entry);
    expect(entry!.response).toEqual({ type: 'card', payload: card, delay: 200 });
    expect(entry!.message).toEqual({ fallback: 'Our plans', originator: { role: 'bot', name: 'Parley Bot' }, meta: { keepTyping: false } });
  });

  it('ignores forged rich content: what shows is what the response makes', () => {
    const [entry] = stored([{ type: 'card', payload: card }]);
    const forged = {
      ...entry,
      rich: { type: 'card', card: { title: 'Forged', buttons: [{ label: 'x', action: { type: 'link', url: 'javascript:alert(1)' } }] } },
    };
    expect(read(forged).data).toEqual(entry);
  });

  it("a forged response loses its unsafe addresses as the service's would, or shows the fallback", () => {
    const [entry] = stored([{ type: 'card', payload: card }]);
    const unsafe = {
      ...entry,
      response: {
        type: 'card',
        payload: { ...card, media: { url: 'javascript:alert(1)' }, buttons: [{ type: 'url', label: 'Bad', value: 'javascript:alert(1)' }] },
      },
    };
    const rich = read(unsafe).data as ReceivedEntry;
    expect(rich.rich).toEqual({ type: 'card', card: { title: 'Parley Pro', buttons: [] } });
    const broken = read({ ...entry, response: { type: 'carousel', payload: { cards: 'many' } } }).data as ReceivedEntry;
    expect(broken.rich).toBeUndefined();
    expect(broken.isFallback).toBe(true);
    expect(broken.text).toBe('Our plans');
  });

  it('written before responses were kept (rich content alone): its fallback text', () => {
    const [entry] = stored([{ type: 'card', payload: card }]);
    const { response: _response, message: _message, ...old } = entry!;
    const result = read(old).data as ReceivedEntry;
    expect(result.rich).toBeUndefined();
    expect(result.isFallback).toBe(true);
    expect(result.text).toBe('Our plans');
  });

  it("a custom response is kept hidden, for the site's renderers alone; damaged fields refuse the record", () => {
    const [custom] = stored([{ type: 'custom', payload: { slots: ['Wed 10:00'] } }], 'Pick a time');
    expect(custom).toMatchObject({ hidden: true, text: 'Pick a time', response: { type: 'custom', payload: { slots: ['Wed 10:00'] } } });
    expect(read(custom).data).toEqual(custom);
    expect(read({ ...custom, response: { payload: {} } }).success).toBe(false);
    expect(read({ ...custom, message: { originator: 'bot' } }).success).toBe(false);
    expect(read({ ...custom, hidden: 'yes' }).success).toBe(false);
  });
});
