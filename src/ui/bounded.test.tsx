// @vitest-environment happy-dom
// Whatever one message holds, the panel draws a bounded part of it (issue 26): the first cards,
// list items, buttons and quick replies with how many more there are, and a long text a part at
// a time. The entry itself keeps everything.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeView, received } from '../../test/fake-client.ts';
import type { RichButton, RichCard, RichContent } from '../conversation/rich.ts';
import type { ReceivedEntry } from '../conversation/transcript.ts';
import {
  MAX_BUTTONS_DRAWN,
  MAX_CARDS_DRAWN,
  MAX_LABEL_LENGTH,
  MAX_LIST_ITEMS_DRAWN,
  MAX_QUICK_REPLIES_DRAWN,
  TEXT_CHUNK_LENGTH,
} from '../protocol/limits.ts';
import { ChatApp } from './App.tsx';
import { clipLabel, cutText } from './bounded.tsx';
import { panelStrings } from '../i18n/strings.ts';
import de from '../i18n/languages/de.ts';

afterEach(cleanup);

const many = <T,>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));
const button = (i: number): RichButton => ({ label: `Option ${i + 1}`, action: { type: 'postback', text: `o${i + 1}` } });
const card = (i: number): RichCard => ({ title: `Card ${i + 1}`, buttons: [button(i)] });

async function show(entries: ReceivedEntry[]) {
  const t = fakeView(undefined, { open: true });
  render(<ChatApp view={t.view} />);
  await act(() => {
    t.client.entries.value = entries;
  });
  return t;
}
const messages = () => [...screen.getByRole('log').querySelectorAll<HTMLElement>('[part~="message"]')];
const bubble = () => screen.getByRole('log').querySelector<HTMLElement>('[part~="bubble"]')!;
const rich = (content: RichContent) => received('Fallback', { rich: content });

describe('bounds on what one message draws', () => {
  it('are what messaging apps draw', () => {
    expect([
      MAX_CARDS_DRAWN,
      MAX_LIST_ITEMS_DRAWN,
      MAX_BUTTONS_DRAWN,
      MAX_QUICK_REPLIES_DRAWN,
      TEXT_CHUNK_LENGTH,
      MAX_LABEL_LENGTH,
    ]).toEqual([10, 10, 6, 13, 4_000, 640]);
  });

  it('a carousel of 5,000 cards: the first 10, "and 4,990 more"; the entry keeps all 5,000', async () => {
    const content: RichContent = { type: 'carousel', cards: many(5_000, card) };
    await show([rich(content)]);
    expect(screen.getAllByRole('group', { name: /^Card \d+, \d+ of 10$/ })).toHaveLength(10);
    expect(screen.getByRole('group', { name: 'Card 10, 10 of 10' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Card 11,/ })).toBeNull();
    expect(within(messages()[0]!).getByText('and 4,990 more').getAttribute('part')).toBe('more');
    expect(content.type === 'carousel' && content.cards).toHaveLength(5_000);
  });

  it('a list of 5,000 items: the first 10, "and 4,990 more"', async () => {
    await show([rich({ type: 'list', items: many(5_000, (i) => ({ title: `Item ${i + 1}` })), buttons: [] })]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(many(10, (i) => `Item ${i + 1}`));
    expect(screen.getByText('and 4,990 more')).toBeTruthy();
  });

  it('buttons: 6 per template, the rest counted; long titles and labels end in "…"', async () => {
    const long = 'x'.repeat(1_000_000);
    await show([
      rich({ type: 'card', card: { title: long, subtitle: long, buttons: many(20, button) } }),
      rich({ type: 'buttons', title: 'Pick', buttons: many(7, button) }),
    ]);
    const [card, buttons] = messages();
    expect(
      within(card!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(many(6, (i) => `Option ${i + 1}`));
    expect(within(card!).getByText('and 14 more')).toBeTruthy();
    expect(within(buttons!).getAllByRole('button')).toHaveLength(6);
    expect(within(buttons!).getByText('and 1 more')).toBeTruthy();
    const title = card!.querySelector('.card-title')!.textContent!;
    expect(title).toHaveLength(MAX_LABEL_LENGTH);
    expect(title.endsWith('x…')).toBe(true);
    expect(card!.textContent!.length).toBeLessThan(3 * MAX_LABEL_LENGTH);
  });

  it('quick replies: 13 of 5,000 drawn, "and 4,987 more" in their group', async () => {
    const replies = many(5_000, (i) => ({ label: `Reply ${i + 1}` }));
    const t = await show([received('Pick one', { quickReplies: replies })]);
    await act(() => {
      t.client.quickReplies.value = replies;
    });
    const group = screen.getByRole('group', { name: 'Suggested replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(many(13, (i) => `Reply ${i + 1}`));
    expect(within(group).getByText('and 4,987 more')).toBeTruthy();
  });

  it('a text of 1 MB: 4,000 characters, then "Show more" draws the next part; links only in what is drawn', async () => {
    const text = `${'word '.repeat(800)}https://parley.test/later ${'z'.repeat(1_000_000)}`;
    const entry = received(text);
    await show([entry]);
    const drawn = bubble;
    expect(drawn().textContent!.length).toBeLessThanOrEqual(TEXT_CHUNK_LENGTH + 20);
    expect(within(drawn()).queryByRole('link')).toBeNull();
    const more = within(drawn()).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('part')).toBe('show-more');
    fireEvent.click(more);
    expect(within(drawn()).getByRole('link', { name: /parley\.test\/later/ })).toBeTruthy();
    expect(drawn().textContent!.length).toBeLessThanOrEqual(2 * TEXT_CHUNK_LENGTH + 40);
    expect(entry.text).toBe(text);
  });

  it('the last part takes the button away and leaves focus on the message', async () => {
    await show([received('y'.repeat(TEXT_CHUNK_LENGTH + 10))]);
    const drawn = bubble();
    const more = within(drawn).getByRole('button', { name: 'Show more' });
    more.focus();
    fireEvent.click(more);
    expect(drawn.textContent).toBe('y'.repeat(TEXT_CHUNK_LENGTH + 10));
    expect(document.activeElement).toBe(drawn);
  });

  it('a message of more responses than are made entries: its last entry says how many more', async () => {
    await show([received('r99', { more: 11_900 })]);
    expect(within(messages()[0]!).getByText('and 11,900 more').getAttribute('part')).toBe('more');
  });

  it('"and … more" in the visitor\'s language', async () => {
    const t = await show([rich({ type: 'carousel', cards: many(1_234, card) })]);
    await act(() => {
      t.view.strings.value = panelStrings('de', de, undefined);
    });
    expect(screen.getByText('und 1.224 weitere')).toBeTruthy();
  });
});

describe('cutText and clipLabel', () => {
  it('never cut an emoji in half, and prefer a space near the end', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(cutText('hello world again', 13)).toBe('hello world ');
    expect(cutText('short', 10)).toBe('short');
    expect(clipLabel('x'.repeat(700))).toBe(`${'x'.repeat(639)}…`);
    expect(clipLabel('fine')).toBe('fine');
  });
});
