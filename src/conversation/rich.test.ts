import { describe, expect, it } from 'vitest';
import { toAction, toRichContent, type RichResult } from './rich.ts';

const drawn = (result: RichResult) => {
  if (!('content' in result)) throw new Error(`not drawn: ${JSON.stringify(result)}`);
  return result.content;
};
const problem = (result: RichResult) => ('problem' in result ? result.problem : undefined);

const card = {
  title: 'Parley Pro',
  subtitle: '29 EUR per month',
  media: { url: 'https://cdn.test/pro.png', type: 'image' },
  buttons: [
    { type: 'url', label: 'Details', value: 'https://parley.test/pro', newTab: true },
    { type: 'postback', label: 'I want it', value: 'Sign me up for Pro' },
  ],
  action: { type: 'url', value: 'https://parley.test/pro' },
};

describe('toRichContent: templates become entries the UI can draw', () => {
  it('a card keeps its media, buttons and action', () => {
    expect(drawn(toRichContent('card', card))).toEqual({
      type: 'card',
      card: {
        title: 'Parley Pro',
        subtitle: '29 EUR per month',
        media: { type: 'image', url: 'https://cdn.test/pro.png' },
        buttons: [
          { label: 'Details', action: { type: 'link', url: 'https://parley.test/pro', newTab: true } },
          { label: 'I want it', action: { type: 'postback', text: 'Sign me up for Pro' } },
        ],
        action: { type: 'link', url: 'https://parley.test/pro', newTab: false },
      },
    });
  });

  it('a card with video media, and a carousel of cards', () => {
    const video = { title: 'Tour', media: { url: 'https://cdn.test/tour.webm', type: 'video' } };
    expect(drawn(toRichContent('card', video))).toMatchObject({ card: { media: { type: 'video', url: 'https://cdn.test/tour.webm' } } });
    const carousel = drawn(toRichContent('carousel', { cards: [card, video] }));
    expect(carousel).toMatchObject({ type: 'carousel', cards: [{ title: 'Parley Pro' }, { title: 'Tour' }] });
    expect(problem(toRichContent('carousel', { cards: [] }))).toBe('a carousel needs cards');
  });

  it('a list: items with thumbnails and actions, then buttons', () => {
    const list = {
      items: [
        {
          title: 'Starter',
          subtitle: 'Free',
          media: { url: 'https://cdn.test/s.png', type: 'image' },
          action: { type: 'postback', value: 'starter' },
        },
        { title: 'Team', media: { url: 'javascript:alert(1)' } },
      ],
      buttons: [{ type: 'phone', label: 'Call us', value: '+44 20 7946 0958' }],
    };
    expect(drawn(toRichContent('list', list))).toEqual({
      type: 'list',
      items: [
        { title: 'Starter', subtitle: 'Free', image: 'https://cdn.test/s.png', action: { type: 'postback', text: 'starter' } },
        { title: 'Team' },
      ],
      buttons: [{ label: 'Call us', action: { type: 'phone', url: 'tel:+442079460958' } }],
    });
  });

  it('image, video, audio and file need an http(s) url; the title may be missing', () => {
    for (const type of ['image', 'video', 'audio', 'file'] as const) {
      expect(drawn(toRichContent(type, { title: 'T', url: 'https://cdn.test/x' }))).toEqual({
        type,
        title: 'T',
        url: 'https://cdn.test/x',
      });
      expect(drawn(toRichContent(type, { url: 'http://cdn.test/x' }))).toMatchObject({ title: '' });
      expect(problem(toRichContent(type, { title: 'T', url: 'data:text/html,<script>' }))).toMatch(/http\(s\) address/);
      expect(problem(toRichContent(type, { title: 'T', url: '/relative.png' }))).toMatch(/http\(s\) address/);
    }
  });

  it('a location reads lat and long sent as strings (as the vendor does) or numbers, and links to a map', () => {
    expect(drawn(toRichContent('location', { title: 'Office', lat: '51.5072', long: '-0.1276' }))).toEqual({
      type: 'location',
      title: 'Office',
      url: 'https://www.openstreetmap.org/?mlat=51.5072&mlon=-0.1276#map=16/51.5072/-0.1276',
    });
    expect(drawn(toRichContent('location', { title: 'Office', lat: 48.85, long: 2.35 }))).toMatchObject({
      url: expect.stringContaining('mlat=48.85&mlon=2.35'),
    });
    expect(problem(toRichContent('location', { title: 'Nowhere', lat: '', long: '2' }))).toMatch(/latitude/);
    expect(problem(toRichContent('location', { title: 'Mars', lat: '123', long: '2' }))).toMatch(/latitude/);
  });

  it('a buttons template keeps the buttons it can draw', () => {
    const buttons = drawn(
      toRichContent('buttons', {
        title: 'How can we help?',
        buttons: [
          { type: 'webview', label: 'Help centre', value: 'https://help.test/' },
          { type: 'event', label: 'Book a demo', value: 'book-demo', params: { plan: [{ value: 'pro' }] } },
          { type: 'share', label: 'Share', value: 'x' },
          { type: 'login', label: 'Log in', value: 'x' },
          { type: 'url', label: 'Evil', value: 'javascript:alert(1)' },
          { type: 'url', label: ' ', value: 'https://parley.test/' },
        ],
      }),
    );
    expect(buttons).toEqual({
      type: 'buttons',
      title: 'How can we help?',
      buttons: [
        { label: 'Help centre', action: { type: 'link', url: 'https://help.test/', newTab: true } },
        { label: 'Book a demo', action: { type: 'event', name: 'book-demo', params: { plan: [{ value: 'pro' }] } } },
      ],
    });
  });

  it('custom is not drawn; an unknown type or a payload that fails validation is a problem named for the console', () => {
    expect(toRichContent('custom', { anything: true })).toEqual({ skip: true });
    expect(problem(toRichContent('sticker', {}))).toBe('no template "sticker" for the web');
    expect(problem(toRichContent('card', { subtitle: 'no title' }))).toMatch(/^a "card" payload is not valid \(title:/);
    expect(problem(toRichContent('buttons', { title: 'x', buttons: 'none' }))).toMatch(/buttons:/);
    expect(problem(toRichContent('list', { items: [{ title: 1 }] }))).toMatch(/items\.0\.title/);
    expect(problem(toRichContent('image', undefined))).toMatch(/not valid/);
  });

  it('a broken action or button value does not sink the template', () => {
    const result = drawn(
      toRichContent('card', { title: 'x', action: { type: 'url', value: 'ftp://x' }, buttons: [{ type: 'postback', label: 'Empty' }] }),
    );
    expect(result).toEqual({ type: 'card', card: { title: 'x', buttons: [] } });
  });
});

describe('toAction: what a button or action does', () => {
  it('only http(s) addresses are followed; webview and newTab open a new tab', () => {
    expect(toAction({ type: 'url', value: 'https://a.test/x' })).toEqual({ type: 'link', url: 'https://a.test/x', newTab: false });
    expect(toAction({ type: 'url', value: 'https://a.test/x', newTab: 'true' })).toMatchObject({ newTab: true });
    expect(toAction({ type: 'webview', value: 'http://a.test/' })).toMatchObject({ newTab: true });
    for (const value of ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.test', '//a.test/x', '/x', 'https://']) {
      expect(toAction({ type: 'url', value })).toBeUndefined();
    }
  });

  it('phone numbers become tel: links (numbers sent as numbers too); anything else is refused', () => {
    expect(toAction({ type: 'phone', value: '+1 (555) 010-0199' })).toEqual({ type: 'phone', url: 'tel:+15550100199' });
    expect(toAction({ type: 'phone', value: 5550100 })).toEqual({ type: 'phone', url: 'tel:5550100' });
    expect(toAction({ type: 'phone', value: 'javascript:alert(1)' })).toBeUndefined();
  });

  it('postback and event need a value; share, login, flow and step are for other channels', () => {
    expect(toAction({ type: 'postback', value: 42 })).toEqual({ type: 'postback', text: '42' });
    expect(toAction({ type: 'postback' })).toBeUndefined();
    expect(toAction({ type: 'event', value: 'go' })).toEqual({ type: 'event', name: 'go' });
    for (const type of ['share', 'login', 'flow', 'step', 'nonsense']) expect(toAction({ type, value: 'x' })).toBeUndefined();
  });
});
