import { describe, expect, it } from 'vitest';
import type { RichContent } from '../../conversation/rich.ts';
import type { ReceivedEntry, TranscriptEntry, UserEntry } from '../../conversation/transcript.ts';
import { panelStrings } from '../../i18n/strings.ts';
import ar from '../../i18n/languages/ar.ts';
import fr from '../../i18n/languages/fr.ts';
import he from '../../i18n/languages/he.ts';
import { authorName } from '../author-name.ts';
import { transcriptFileName, transcriptText } from './transcript-text.ts';

const en = panelStrings('en', undefined, {});
const AT = Date.UTC(2026, 10, 27, 9, 42); // 27 November 2026, 09:42 UTC
const SAVED = Date.UTC(2026, 10, 27, 18, 0);
const user = (text: string, extra: Partial<UserEntry> = {}): UserEntry => ({
  kind: 'user',
  id: `u${text}`,
  traceId: 1,
  text,
  at: AT,
  seq: 1,
  status: 'delivered',
  ...extra,
});
const reply = (text: string, extra: Partial<ReceivedEntry> = {}): ReceivedEntry => ({
  kind: 'received',
  id: `r${text}`,
  seq: 2,
  from: 'bot',
  at: AT + 60_000,
  text,
  ...extra,
});
const rich = (content: RichContent, extra: Partial<ReceivedEntry> = {}) => reply('fallback text', { rich: content, ...extra });
/** A message's time as the visitor's language writes it (ICU's spaces differ between versions). */
const when = (at: number, language = 'en', timeZone = 'UTC') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(at);
/** The text's blocks (without the final line break). */
const blocks = (entries: TranscriptEntry[], strings = en) =>
  transcriptText(entries, strings, 'Support', SAVED, 'UTC').replace(/\n$/, '').split('\n\n');
/** The lines of the one message's block. */
const only = (entry: TranscriptEntry) => blocks([entry])[1]!.split('\n');

describe('the conversation as text', () => {
  it('starts with the heading and the day, then a block per message: who and when, then what was said', () => {
    const text = transcriptText(
      [user('Hello'), reply('Hi! How can I help?'), user('Where is my order?\nIt was due on Monday.', { at: AT + 120_000 })],
      en,
      'Support',
      SAVED,
      'UTC',
    );
    expect(text).toBe(
      [
        'Support — November 27, 2026',
        '',
        `You · ${when(AT)}`,
        'Hello',
        '',
        `Bot · ${when(AT + 60_000)}`,
        'Hi! How can I help?',
        '',
        `You · ${when(AT + 120_000)}`,
        'Where is my order?',
        'It was due on Monday.',
        '',
      ].join('\n'),
    );
  });

  it('an empty conversation is its heading line alone', () => {
    expect(transcriptText([], en, 'Support', SAVED, 'UTC')).toBe('Support — November 27, 2026\n');
  });

  it('names the authors as the panel does: the bot, an agent by name or as "Agent", the visitor (from any device) as "You"', () => {
    const strings = panelStrings('en', undefined, { botName: 'Shopbot' });
    const who = (entry: TranscriptEntry) => authorName(entry, strings);
    expect(who(reply('a'))).toBe('Shopbot');
    expect(who(reply('a', { name: 'Bot name from the service' }))).toBe('Shopbot');
    expect(who(reply('a', { from: 'agent', name: 'Maria' }))).toBe('Maria');
    expect(who(reply('a', { from: 'agent' }))).toBe('Agent');
    expect(who(reply('a', { from: 'user' }))).toBe('You');
    expect(who(user('a'))).toBe('You');
    expect(blocks([reply('On it.', { from: 'agent', name: 'Maria' })], strings)[1]).toBe(`Maria · ${when(AT + 60_000)}\nOn it.`);
  });

  it('leaves events out and says which messages were not delivered', () => {
    const text = blocks([
      user('start', { hidden: true }),
      user('lost', { status: 'failed', error: 'refused' }),
      user('pending', { status: 'pending' }),
    ]);
    expect(text).toEqual(['Support — November 27, 2026', `You · ${when(AT)} · Not delivered\nlost`, `You · ${when(AT)}\npending`]);
  });

  it('writes the times in the time zone asked for, and the day the copy was saved', () => {
    const late = Date.UTC(2026, 10, 27, 23, 30);
    const text = transcriptText([user('night owl', { at: late })], en, 'Support', late, 'Asia/Tokyo');
    expect(text.split('\n')[0]).toBe('Support — November 28, 2026');
    expect(text).toContain(`You · ${when(late, 'en', 'Asia/Tokyo')}`);
    expect(when(late, 'en', 'Asia/Tokyo')).toContain('8:30');
  });

  it("uses the visitor's language for the words, the day and the times", () => {
    const strings = panelStrings('fr', fr, {});
    const [heading, first, second] = blocks([user('Bonjour'), reply('Bonjour !', { from: 'agent' })], strings);
    expect(heading).toBe('Support — 27 novembre 2026');
    expect(first).toBe('Vous · 27/11/2026 09:42\nBonjour');
    expect(second).toBe('Conseiller · 27/11/2026 09:43\nBonjour !');
  });

  it('is fine in right-to-left languages: their words and times, the messages as they were written', () => {
    const arabic = panelStrings('ar', ar, {});
    const [heading, first, second] = blocks([user('مرحبا'), reply('Hello in English')], arabic);
    expect(heading).toBe(`Support — ${new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(SAVED)}`);
    expect(first).toBe(`أنت · ${when(AT, 'ar')}\nمرحبا`);
    expect(second).toBe(`${ar.botName} · ${when(AT + 60_000, 'ar')}\nHello in English`);
    const hebrew = transcriptText([user('שלום')], panelStrings('he', he, {}), 'תמיכה', SAVED, 'UTC');
    expect(hebrew.split('\n')).toEqual([
      `תמיכה — ${new Intl.DateTimeFormat('he', { dateStyle: 'long', timeZone: 'UTC' }).format(SAVED)}`,
      '',
      `אני · ${when(AT, 'he')}`,
      'שלום',
      '',
    ]);
  });
});

describe('rich responses as text', () => {
  const link = (url: string, newTab = false) => ({ type: 'link' as const, url, newTab });
  const card = {
    title: 'Red shoes',
    subtitle: 'Size 38 to 44',
    media: { type: 'image' as const, url: 'https://shop.example/red.jpg' },
    buttons: [
      { label: 'Buy', action: link('https://shop.example/buy') },
      { label: 'Tell me more', action: { type: 'postback' as const, text: 'more shoes' } },
      { label: 'Call us', action: { type: 'phone' as const, url: 'tel:+15550100' } },
    ],
    action: link('https://shop.example/red'),
  };

  /** The card above as text, line by line. */
  const cardLines = [
    'Red shoes: https://shop.example/red',
    'Size 38 to 44',
    'https://shop.example/red.jpg',
    'Buy: https://shop.example/buy',
    'Tell me more',
    'Call us: tel:+15550100',
  ];

  it('a card: its title (with its address), subtitle, picture, and buttons as "label: address"', () => {
    expect(only(rich({ type: 'card', card })).slice(1)).toEqual(cardLines);
  });

  it('a carousel: each card in turn', () => {
    const lines = only(rich({ type: 'carousel', cards: [card, { title: 'Blue shoes', buttons: [] }] }));
    expect(lines.slice(1)).toEqual([...cardLines, 'Blue shoes']);
  });

  it('a list: its items, then its buttons', () => {
    const lines = only(
      rich({
        type: 'list',
        items: [
          {
            title: 'Tracking',
            subtitle: 'Where is my parcel',
            image: 'https://shop.example/box.png',
            action: link('https://shop.example/track'),
          },
          { title: 'Returns', action: { type: 'event', name: 'returns' } },
        ],
        buttons: [{ label: 'All topics', action: link('https://shop.example/help', true) }],
      }),
    );
    expect(lines.slice(1)).toEqual([
      'Tracking: https://shop.example/track',
      'Where is my parcel',
      'https://shop.example/box.png',
      'Returns',
      'All topics: https://shop.example/help',
    ]);
  });

  it('buttons: the title, then each button', () => {
    const lines = only(
      rich({ type: 'buttons', title: 'How can we help?', buttons: [{ label: 'Track', action: { type: 'postback', text: 'track' } }] }),
    );
    expect(lines.slice(1)).toEqual(['How can we help?', 'Track']);
  });

  it.each<[RichContent, string]>([
    [{ type: 'image', title: 'The shop front', url: 'https://shop.example/front.jpg' }, 'The shop front: https://shop.example/front.jpg'],
    [{ type: 'image', title: '', url: 'https://shop.example/untitled.jpg' }, 'https://shop.example/untitled.jpg'],
    [{ type: 'video', title: 'How to', url: 'https://shop.example/how.mp4' }, 'How to: https://shop.example/how.mp4'],
    [{ type: 'audio', title: 'Jingle', url: 'https://shop.example/jingle.mp3' }, 'Jingle: https://shop.example/jingle.mp3'],
    [{ type: 'file', title: 'Invoice.pdf', url: 'https://shop.example/invoice.pdf' }, 'Invoice.pdf: https://shop.example/invoice.pdf'],
    [
      { type: 'location', title: 'Our shop', url: 'https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35' },
      'Our shop: https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35',
    ],
  ])('%j: its title and address', (content, line) => {
    expect(only(rich(content)).slice(1)).toEqual([line]);
  });

  it("a template that could not be drawn: the message's fallback text", () => {
    expect(only(reply('Our catalogue is at shop.example', { isFallback: true })).slice(1)).toEqual(['Our catalogue is at shop.example']);
  });

  it('quick replies on one line, and how many more responses the message held', () => {
    const lines = only(reply('Did that help?', { quickReplies: [{ label: 'Yes' }, { label: 'No', value: 'no' }], more: 3 }));
    expect(lines.slice(1)).toEqual(['Did that help?', '[Yes] [No]', 'and 3 more']);
  });
});

describe("the file's name", () => {
  it('is the heading and the day (in the time zone asked for)', () => {
    const late = Date.UTC(2026, 10, 27, 23, 30);
    expect(transcriptFileName('Support', late, 'UTC')).toBe('Support — 2026-11-27.txt');
    expect(transcriptFileName('Support', late, 'Asia/Tokyo')).toBe('Support — 2026-11-28.txt');
    expect(transcriptFileName('الدعم', late, 'UTC')).toBe('الدعم — 2026-11-27.txt');
  });

  it('leaves out what file systems refuse, and keeps it short', () => {
    expect(transcriptFileName('Help: "A/B" <test>?\n', SAVED, 'UTC')).toBe('Help A B test — 2026-11-27.txt');
    expect(transcriptFileName('..hidden', SAVED, 'UTC')).toBe('hidden — 2026-11-27.txt');
    expect(transcriptFileName(' / ', SAVED, 'UTC')).toBe('2026-11-27.txt');
    expect(transcriptFileName('x'.repeat(300), SAVED, 'UTC')).toBe(`${'x'.repeat(80)} — 2026-11-27.txt`);
  });
});
