import { describe, expect, it } from 'vitest';
import { toRichContent, type RichContent, type RichResult } from './rich.ts';
import { recheckRich } from './rich-recheck.ts';

const drawn = (result: RichResult): RichContent => {
  if (!('content' in result)) throw new Error(`not drawn: ${JSON.stringify(result)}`);
  return result.content;
};
const problem = (result: RichResult) => ('problem' in result ? result.problem : undefined);
/** As storage or the channel gives it back: a copy, without undefined fields. */
const copied = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const card = {
  title: 'Parley Pro',
  subtitle: '29 EUR per month',
  media: { url: 'https://cdn.test/pro.png', type: 'image' },
  buttons: [
    { type: 'url', label: 'Details', value: 'https://parley.test/pro', newTab: true },
    { type: 'webview', label: 'Preview', value: 'https://parley.test/preview' },
    { type: 'postback', label: 'I want it', value: 'Sign me up for Pro' },
    { type: 'event', label: 'Tell me more', value: 'more', params: { plan: [{ value: 'pro' }] } },
    { type: 'phone', label: 'Call us', value: '+44 20 7946 0958' },
  ],
  action: { type: 'url', value: 'https://parley.test/pro' },
};
const templates: Array<[string, unknown]> = [
  ['image', { title: 'Logo', url: 'https://cdn.test/logo.png', action: { type: 'postback', value: 'logo' } }],
  ['video', { title: 'Tour', url: 'https://cdn.test/tour.webm' }],
  ['audio', { url: 'https://cdn.test/hello.mp3' }],
  ['file', { title: 'Terms', url: 'https://cdn.test/terms.pdf' }],
  ['location', { title: 'Office', lat: '51.5', long: -0.12 }],
  ['card', card],
  ['carousel', { cards: [card, { title: 'Tour', media: { url: 'https://cdn.test/tour.webm', type: 'video' } }] }],
  ['list', { items: [{ title: 'Starter', subtitle: 'Free', media: { url: 'https://cdn.test/s.png' }, action: { type: 'postback', value: 's' } }, { title: 'Team' }], buttons: card.buttons }],
  ['buttons', { title: 'Pick one', buttons: card.buttons }],
];

describe('recheckRich: stored or shared rich content is checked as the template it came from', () => {
  it('every template the service sends comes back the same, through storage or the channel', () => {
    for (const [type, payload] of templates) {
      const content = drawn(toRichContent(type, payload));
      expect(drawn(recheckRich(copied(content))), type).toEqual(content);
    }
  });

  it('an unsafe address is not kept: the button or action goes, the rest of the template stays', () => {
    const content = drawn(toRichContent('card', card)) as Extract<RichContent, { type: 'card' }>;
    const forged = copied(content);
    forged.card.buttons[0]!.action = { type: 'link', url: 'javascript:alert(1)', newTab: false };
    forged.card.buttons[4]!.action = { type: 'phone', url: 'javascript:alert(1)' };
    forged.card.action = { type: 'link', url: 'data:text/html,<script>alert(1)</script>', newTab: true };
    forged.card.media = { type: 'image', url: 'file:///etc/passwd' };
    const rechecked = drawn(recheckRich(forged)) as typeof content;
    expect(rechecked.card.buttons.map((button) => button.label)).toEqual(['Preview', 'I want it', 'Tell me more']);
    expect(rechecked.card.action).toBeUndefined();
    expect(rechecked.card.media).toBeUndefined();
    expect(rechecked.card.title).toBe('Parley Pro');
  });

  it('a phone button keeps only a number, as a tel: address made anew', () => {
    const forged = { type: 'buttons', title: 'x', buttons: [{ label: 'Call', action: { type: 'phone', url: 'tel:+1 (555) 0100' } }, { label: 'Bad', action: { type: 'phone', url: 'tel:javascript:alert(1)' } }] };
    expect(drawn(recheckRich(forged))).toEqual({ type: 'buttons', title: 'x', buttons: [{ label: 'Call', action: { type: 'phone', url: 'tel:+15550100' } }] });
  });

  it('a template whose only address is unsafe, or a map elsewhere than at its coordinates, is not drawn', () => {
    for (const type of ['image', 'video', 'audio', 'file'] as const) {
      expect(problem(recheckRich({ type, title: 't', url: 'javascript:alert(1)' }))).toContain('http(s)');
    }
    expect(problem(recheckRich({ type: 'location', title: 'x', url: 'javascript:alert(1)' }))).toContain('latitude');
    const map = drawn(recheckRich({ type: 'location', title: 'x', url: 'https://evil.test/?mlat=1&mlon=2' }));
    expect(map).toMatchObject({ url: 'https://www.openstreetmap.org/?mlat=1&mlon=2#map=16/1/2' });
  });

  it('damaged or foreign content is a problem, never a crash', () => {
    const damaged: unknown[] = [
      null,
      'card',
      42,
      { type: 'custom', payload: {} },
      { type: 'script' },
      { type: 'card' },
      { type: 'card', card: { title: 7, buttons: [] } },
      { type: 'carousel', cards: 'many' },
      { type: 'carousel', cards: [] },
      { type: 'list', items: [{ title: 'x', action: 'y' }], buttons: {} },
      { type: 'buttons', title: 'x', buttons: 'many' },
      { type: 'image', title: { toString: 1 }, url: 'https://cdn.test/a.png' },
    ];
    for (const value of damaged) expect(problem(recheckRich(value)), JSON.stringify(value)).toBeTypeOf('string');
    // Buttons that are not buttons are not drawn, as when the service sends them.
    expect(drawn(recheckRich({ type: 'buttons', title: 'x', buttons: [null, 3, { label: 'No action' }] }))).toEqual({ type: 'buttons', title: 'x', buttons: [] });
  });
});
