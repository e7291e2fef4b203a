// "Save a copy": the conversation as readable plain text, and its file's name. Pure: entries,
// texts (with their language), the moment and the time zone in; text out. Rich responses are
// written as text: titles, subtitles, "label: address" for buttons and links, pictures' addresses.
import type { TranscriptEntry } from '../../conversation/transcript.ts';
import { say, type PanelStrings } from '../../i18n/strings.ts';
import { authorName } from '../author-name.ts';

/** `label: address`, either alone when the other is missing. */
const link = (label?: string, url?: string) => [label, url].filter(Boolean).join(': ');

/** Any part of a rich response (../../conversation/rich.ts): a template, card, list item or button. */
interface RichPart {
  title?: string;
  label?: string;
  subtitle?: string;
  url?: string;
  image?: string;
  media?: { url: string };
  action?: { url?: string };
  card?: RichPart;
  cards?: RichPart[];
  items?: RichPart[];
  buttons?: RichPart[];
}

/** Its title or label (with its address), subtitle and picture, then its cards, items and buttons. */
const richLines = (part: RichPart): Array<string | undefined> => [
  link(part.label ?? part.title, part.url ?? part.action?.url),
  part.subtitle,
  part.media?.url ?? part.image,
  ...[part.card ?? [], part.cards ?? [], part.items ?? [], part.buttons ?? []].flat().flatMap(richLines),
];

/**
 * The conversation as text: a line with the heading and the day, then each message (events
 * left out) as a block: who and when, then what was said.
 */
export function transcriptText(
  entries: readonly TranscriptEntry[],
  strings: PanelStrings,
  heading: string,
  at: number,
  timeZone?: string,
): string {
  const { language } = strings;
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const blocks = [[heading, new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(at)].join(' — ')];
  for (const entry of entries) {
    if (entry.kind === 'user' && entry.hidden) continue;
    const received = entry.kind === 'received' ? entry : undefined;
    const lines = [
      [authorName(entry, strings), time.format(entry.at), entry.kind === 'user' && entry.status === 'failed' && strings.failed]
        .filter(Boolean)
        .join(' · '),
      ...(received?.rich ? richLines(received.rich as RichPart) : [entry.text]),
      received?.quickReplies?.map((reply) => `[${reply.label}]`).join(' '),
      received?.more && say(strings, 'more', { count: received.more }),
    ];
    blocks.push(lines.filter(Boolean).join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** "Support — 2026-11-27.txt": the heading (without what file systems refuse) and the day. */
export function transcriptFileName(heading: string, at: number, timeZone?: string): string {
  const name = heading
    .replace(/[\s\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return `${[name, new Intl.DateTimeFormat('sv', { timeZone }).format(at)].filter(Boolean).join(' — ')}.txt`;
}
