// @vitest-environment happy-dom
// Each template as the visitor meets it: roles, names, the attributes that keep pages safe and
// fast, and what every button does. (Checking payloads and refusing unsafe addresses happens
// before this, in conversation/rich.ts: see rich.test.ts there; addresses are checked again
// when drawn, whatever reached the transcript.)
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeView, received } from '../../../test/fake-client.ts';
import type { RichCard, RichContent } from '../../conversation/rich.ts';
import { ChatApp } from '../App.tsx';

afterEach(cleanup);

const pro: RichCard = {
  title: 'Parley Pro',
  subtitle: '29 EUR per month',
  media: { type: 'image', url: 'https://cdn.test/pro.png' },
  buttons: [
    { label: 'Details', action: { type: 'link', url: 'https://parley.test/pro', newTab: true } },
    { label: 'I want it', action: { type: 'postback', text: 'Sign me up' } },
    { label: 'Book a demo', action: { type: 'event', name: 'book-demo', params: { plan: [{ value: 'pro' }] } } },
  ],
};

async function show(...contents: RichContent[]) {
  const t = fakeView(undefined, { open: true });
  render(<ChatApp view={t.view} />);
  await act(() => {
    t.client.entries.value = contents.map((rich, i) => received('The fallback text', { id: `r${i}`, seq: i + 1, rich }));
  });
  return t;
}

describe('rich responses', () => {
  it('card: a labelled group with a lazy, referrer-free picture, title, subtitle and named buttons', async () => {
    await show({ type: 'card', card: pro });
    const card = screen.getByRole('group', { name: 'Parley Pro' });
    const img = card.querySelector('img')!;
    expect([img.getAttribute('loading'), img.getAttribute('referrerpolicy'), img.getAttribute('part'), img.getAttribute('src')]).toEqual([
      'lazy',
      'no-referrer',
      'media',
      'https://cdn.test/pro.png',
    ]);
    expect(card.getAttribute('part')).toBe('card');
    expect(within(card).getByText('29 EUR per month')).toBeTruthy();
    // A screen reader hears where it opens.
    const link = within(card).getByRole('link', { name: 'Details (opens in a new tab)' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel'), link.getAttribute('part')]).toEqual([
      'https://parley.test/pro',
      '_blank',
      'noopener noreferrer',
      'button',
    ]);
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['I want it', 'Book a demo']);
  });

  it('postback and event buttons go to the client with their label, then focus goes to the composer', async () => {
    const t = await show({ type: 'card', card: pro });
    fireEvent.click(screen.getByRole('button', { name: 'I want it' }));
    expect(t.client.sendAction).toHaveBeenCalledWith('I want it', { type: 'postback', text: 'Sign me up' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book a demo' }));
    expect(t.client.sendAction).toHaveBeenLastCalledWith('Book a demo', {
      type: 'event',
      name: 'book-demo',
      params: { plan: [{ value: 'pro' }] },
    });
    // Old buttons stay usable: a second use sends again.
    fireEvent.click(screen.getByRole('button', { name: 'I want it' }));
    expect(t.client.sendAction).toHaveBeenCalledTimes(3);
  });

  it('a card with its own action: the title performs it; a video card has native controls and no autoplay', async () => {
    await show(
      { type: 'card', card: { title: 'Open me', buttons: [], action: { type: 'link', url: 'https://parley.test/x', newTab: false } } },
      { type: 'card', card: { title: 'Tour', buttons: [], media: { type: 'video', url: 'https://cdn.test/tour.webm' } } },
    );
    const title = screen.getByRole('link', { name: 'Open me' });
    expect(title.getAttribute('target')).toBeNull();
    expect(title.classList.contains('stretched')).toBe(true);
    const video = screen.getByRole('group', { name: 'Tour' }).querySelector('video')!;
    expect([video.hasAttribute('controls'), video.hasAttribute('autoplay'), video.getAttribute('preload')]).toEqual([
      true,
      false,
      'metadata',
    ]);
  });

  it('carousel: cards named "n of m", previous and next buttons that scroll the row one card', async () => {
    const cards = ['Starter', 'Team', 'Pro'].map((title) => ({ title, buttons: [] }));
    await show({ type: 'carousel', cards });
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Starter, 1 of 3',
      'Team, 2 of 3',
      'Pro, 3 of 3',
    ]);
    const row = document.querySelector<HTMLElement>('[part="carousel"]')!;
    expect(row.getAttribute('tabindex')).toBe('0');
    const scrollBy = vi.fn();
    row.scrollBy = scrollBy as never;
    Object.defineProperty(row.firstElementChild!, 'offsetWidth', { value: 240 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(scrollBy.mock.calls).toEqual([[{ left: 240 }], [{ left: -240 }]]);
  });

  it('list: items with thumbnails, an item action, then the buttons', async () => {
    const t = await show({
      type: 'list',
      items: [
        { title: 'Starter', subtitle: 'Free', image: 'https://cdn.test/s.png', action: { type: 'postback', text: 'starter' } },
        { title: 'Team' },
      ],
      buttons: [{ label: 'Call us', action: { type: 'phone', url: 'tel:+15550100' } }],
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('part'))).toEqual(['list-item', 'list-item']);
    expect(items[0]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Starter' }));
    expect(t.client.sendAction).toHaveBeenCalledWith('Starter', { type: 'postback', text: 'starter' });
    expect(screen.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+15550100');
  });

  it('buttons: a title and a group of buttons named by it', async () => {
    await show({
      type: 'buttons',
      title: 'How can we help?',
      buttons: [{ label: 'Hours', action: { type: 'postback', text: 'opening hours' } }],
    });
    const group = screen.getByRole('group', { name: 'How can we help?' });
    expect(within(group).getByRole('button', { name: 'Hours' })).toBeTruthy();
  });

  it('image: opens whole in a viewer over the chat (or performs its action), alt from the title; a broken one shows the fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = await show(
      { type: 'image', title: 'Our office', url: 'https://cdn.test/office.png' },
      { type: 'image', title: 'Menu', url: 'https://cdn.test/menu.png', action: { type: 'postback', text: 'menu please' } },
    );
    const opener = screen.getByRole('button', { name: 'Our office (enlarge)' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(opener);
    const viewer = await screen.findByRole('dialog', { name: 'Our office' });
    expect(viewer.querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/office.png');
    const link = within(viewer).getByRole('link', { name: 'Open in a new tab' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://cdn.test/office.png',
      '_blank',
      'noopener noreferrer',
    ]);
    // Escape closes the picture and is not seen by the chat behind it (which Escape would close).
    const behind = vi.fn();
    viewer.parentElement!.addEventListener('keydown', behind);
    fireEvent.keyDown(within(viewer).getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(behind).not.toHaveBeenCalled();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Our office' })).toBeNull());
    expect(document.activeElement).toBe(opener);

    // With an action of its own, the picture performs it.
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(t.client.sendAction).toHaveBeenCalledWith('Menu', { type: 'postback', text: 'menu please' });

    const img = opener.querySelector('img')!;
    fireEvent.error(img);
    expect(opener.querySelector('img')).toBeNull();
    expect(opener.textContent).toBe('The fallback text');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://cdn.test/office.png'));
    warn.mockRestore();
  });

  it('video and audio: native controls, no autoplay, metadata only; file and location are links', async () => {
    await show(
      { type: 'video', title: 'Tour', url: 'https://cdn.test/tour.webm' },
      { type: 'audio', title: 'Chime', url: 'https://cdn.test/chime.wav' },
      { type: 'file', title: 'Price list', url: 'https://cdn.test/prices.pdf' },
      { type: 'location', title: 'Our office', url: 'https://www.openstreetmap.org/?mlat=1&mlon=2#map=16/1/2' },
    );
    for (const tag of ['video', 'audio']) {
      const player = document.querySelector(tag)!;
      expect([
        player.hasAttribute('controls'),
        player.hasAttribute('autoplay'),
        player.getAttribute('preload'),
        player.getAttribute('aria-label'),
        player.getAttribute('referrerpolicy'),
      ]).toEqual([true, false, 'metadata', tag === 'video' ? 'Tour' : 'Chime', 'no-referrer']);
    }
    const file = screen.getByRole('link', { name: /Price list/ });
    expect([file.getAttribute('download'), file.getAttribute('part'), file.getAttribute('rel')]).toEqual([
      '',
      'file',
      'noopener noreferrer',
    ]);
    const map = screen.getByRole('link', { name: /Our office/ });
    expect([map.getAttribute('href'), map.getAttribute('part'), map.getAttribute('target')]).toEqual([
      'https://www.openstreetmap.org/?mlat=1&mlon=2#map=16/1/2',
      'location',
      '_blank',
    ]);
    expect(map.textContent).toContain('Open map');
  });

  it('every address is checked again when drawn: an unsafe one is not drawn, the rest of its template is', async () => {
    const evil = 'javascript:alert(1)';
    await show(
      {
        type: 'card',
        card: {
          title: 'Shoes',
          media: { type: 'video', url: evil },
          action: { type: 'link', url: evil, newTab: false },
          buttons: [
            { label: 'Buy', action: { type: 'link', url: 'https://shop.test/buy', newTab: false } },
            { label: 'Evil', action: { type: 'link', url: evil, newTab: false } },
            { label: 'Call', action: { type: 'phone', url: 'tel:+15550100' } },
            { label: 'Fake call', action: { type: 'phone', url: 'tel:javascript:alert(1)' } },
            { label: 'Data', action: { type: 'link', url: 'data:text/html,<script>alert(1)</script>', newTab: true } },
          ],
        },
      },
      {
        type: 'carousel',
        cards: [
          { title: 'Hat', media: { type: 'image', url: 'file:///etc/passwd' }, buttons: [] },
          { title: 'Cap', media: { type: 'video', url: evil }, buttons: [] },
        ],
      },
      {
        type: 'list',
        items: [{ title: 'Starter', image: evil, action: { type: 'link', url: evil, newTab: false } }],
        buttons: [{ label: 'Evil', action: { type: 'link', url: evil, newTab: false } }],
      },
      { type: 'image', title: 'Logo', url: evil },
      { type: 'image', title: 'Badge', url: 'https://cdn.test/badge.png', action: { type: 'link', url: evil, newTab: false } },
      { type: 'video', title: 'Tour', url: evil },
      { type: 'audio', title: 'Chime', url: 'vbscript:msgbox' },
      { type: 'file', title: 'Price list', url: evil },
      { type: 'location', title: 'Our office', url: evil },
    );
    const card = screen.getByRole('group', { name: 'Shoes' });
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Buy', 'https://shop.test/buy'],
      ['Call', 'tel:+15550100'],
    ]);
    expect(within(card).getByText('Shoes').tagName).toBe('P');
    for (const title of ['Hat', 'Cap', 'Starter', 'Logo', 'Tour', 'Chime', 'Price list', 'Our office'])
      expect(screen.getAllByText(title, { exact: false }).length).toBeGreaterThan(0);
    // The badge is drawn, without its unsafe action.
    expect(screen.getByRole('button', { name: /Badge/ }).querySelector('img')!.getAttribute('src')).toBe('https://cdn.test/badge.png');
    const addresses = [...document.querySelectorAll('[href], [src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    );
    expect(addresses.filter((address) => !/^(https:|tel:\+\d+$)/.test(address!))).toEqual([]);
    expect(document.querySelectorAll('video, audio')).toHaveLength(0);
  });

  it('text from the service stays text: markup in a title is shown, never parsed', async () => {
    await show({
      type: 'card',
      card: {
        title: '<b>bold</b><img src=x onerror=alert(1)>',
        subtitle: '<i>x</i>',
        buttons: [{ label: '<u>u</u>', action: { type: 'postback', text: 'x' } }],
      },
    });
    expect(screen.getByText('<b>bold</b><img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('<i>x</i>')).toBeTruthy();
    expect(screen.getByRole('button', { name: '<u>u</u>' })).toBeTruthy();
    expect(document.querySelector('b, i, u, img')).toBeNull();
  });
});
