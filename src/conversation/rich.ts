// Rich responses as the transcript keeps them: plain data the UI draws, made here from payloads
// that passed their schemas (src/protocol/templates.ts). Every address is checked here: an
// absolute http(s) URL (or a tel: URL for a phone button); what the widget must not draw is left out.
import type { Params } from '../protocol/frames.ts';
import { TemplatePayloads, type CardPayload, type TemplateAction, type TemplatePayload, type TemplateType } from '../protocol/templates.ts';
import { httpUrl } from '../util/http-url.ts';

/** What activating a button, a card or a list item does. */
export type RichAction =
  /** `url` and `webview`: open the address, in a new tab when `newTab` (webview: always). */
  | { type: 'link'; url: string; newTab: boolean }
  /** `phone`: a tel: link. */
  | { type: 'phone'; url: string }
  /** `postback`: send `text` as the visitor's message; the bubble shows the label. */
  | { type: 'postback'; text: string }
  /** `event`: send an event attachment named `name`, with `params` in metadata.params. */
  | { type: 'event'; name: string; params?: Params | undefined };

export interface RichButton {
  label: string;
  action: RichAction;
}

interface RichMedia {
  type: 'image' | 'video';
  url: string;
}

export interface RichCard {
  title: string;
  subtitle?: string | undefined;
  media?: RichMedia | undefined;
  buttons: RichButton[];
  /** Activating the card itself. */
  action?: RichAction | undefined;
}

export interface RichListItem {
  title: string;
  subtitle?: string | undefined;
  /** A thumbnail: list items show images only. */
  image?: string | undefined;
  action?: RichAction | undefined;
}

/** One drawable response. `file`'s url is a download; `location` carries a map link. */
export type RichContent =
  | { type: 'card'; card: RichCard }
  | { type: 'carousel'; cards: RichCard[] }
  | { type: 'list'; items: RichListItem[]; buttons: RichButton[] }
  | { type: 'buttons'; title: string; buttons: RichButton[] }
  | { type: 'image' | 'video' | 'audio' | 'file'; title: string; url: string; action?: RichAction | undefined }
  /** `url`: a map (OpenStreetMap) at the location's latitude and longitude. */
  | { type: 'location'; title: string; url: string; action?: RichAction | undefined };

/** What became of one response: drawn, deliberately not drawn, or a problem (its fallback shows). */
export type RichResult = { content: RichContent } | { skip: true } | { problem: string };

/** The template types the widget draws, besides `text` (drawn as a plain bubble). */
function isRichType(type: string): type is TemplateType {
  return Object.hasOwn(TemplatePayloads, type);
}

/** Checks a template's payload and makes it safe to draw. */
export function toRichContent(type: string, payload: unknown): RichResult {
  // `custom` is the site's own: it reaches the page in parley:message, and nothing is drawn.
  if (type === 'custom') return { skip: true };
  if (!isRichType(type)) return { problem: `no template "${type}" for the web` };
  const parsed = TemplatePayloads[type].safeParse(payload);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`);
    return { problem: `a "${type}" payload is not valid (${where.join('; ')})` };
  }
  const content = build[type](parsed.data as never);
  return typeof content === 'string' ? { problem: content } : { content };
}

type Builders = { [T in TemplateType]: (payload: TemplatePayload<T>) => RichContent | string };

const build: Builders = {
  image: (p) => media('image', p),
  video: (p) => media('video', p),
  audio: (p) => media('audio', p),
  file: (p) => media('file', p),
  location: (p) => {
    // Numbers sent as strings, as the vendor does; an empty one is not 0.
    const [lat, long] = [p.lat, p.long].map((value) => (`${value}`.trim() ? Number(value) : NaN)) as [number, number];
    if (!(Math.abs(lat) <= 90 && Math.abs(long) <= 180)) return `a location needs a latitude and longitude (got ${p.lat}, ${p.long})`;
    const url = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=16/${lat}/${long}`;
    return { type: 'location', title: p.title ?? '', url, action: actionOf(p.action) };
  },
  card: (p) => ({ type: 'card', card: card(p) }),
  carousel: (p) => (p.cards.length ? { type: 'carousel', cards: p.cards.map(card) } : 'a carousel needs cards'),
  list: (p) =>
    p.items.length
      ? {
          type: 'list',
          items: p.items.map((item) => ({
            title: item.title,
            subtitle: item.subtitle,
            image: item.media?.type === 'video' ? undefined : webUrl(item.media?.url),
            action: actionOf(item.action),
          })),
          buttons: buttons(p.buttons),
        }
      : 'a list needs items',
  buttons: (p) => ({ type: 'buttons', title: p.title, buttons: buttons(p.buttons) }),
};

function media(type: 'image' | 'video' | 'audio' | 'file', p: TemplatePayload<'image'>): RichContent | string {
  const url = webUrl(p.url);
  return url ? { type, title: p.title ?? '', url, action: actionOf(p.action) } : `the url of a "${type}" must be an http(s) address`;
}

function card(p: CardPayload): RichCard {
  const url = webUrl(p.media?.url);
  return {
    title: p.title,
    subtitle: p.subtitle,
    media: url ? { type: p.media?.type === 'video' ? 'video' : 'image', url } : undefined,
    buttons: buttons(p.buttons),
    action: actionOf(p.action),
  };
}

function buttons(list: readonly TemplateAction[] | undefined): RichButton[] {
  const drawn: RichButton[] = [];
  for (const button of list ?? []) {
    const action = toAction(button);
    if (action && button.label?.trim()) drawn.push({ label: button.label, action });
  }
  return drawn;
}

/**
 * An action the widget can perform, or undefined: `share`, `login`, `flow` and `step` belong to
 * other channels, and an address that is not http(s) (tel: for phones) is never followed.
 */
export function toAction(action: TemplateAction): RichAction | undefined {
  const value = action.value === undefined ? '' : `${action.value}`.trim();
  switch (action.type) {
    case 'url':
    case 'webview': {
      const url = webUrl(value);
      const newTab = action.type === 'webview' || action.newTab === true || action.newTab === 'true';
      return url ? { type: 'link', url, newTab } : undefined;
    }
    case 'phone':
      return /^\+?[\d\s().-]{3,}$/.test(value) ? { type: 'phone', url: `tel:${value.replace(/[^\d+]/g, '')}` } : undefined;
    case 'postback':
      return value ? { type: 'postback', text: value } : undefined;
    case 'event':
      return value ? { type: 'event', name: value, params: action.params as Params | undefined } : undefined;
    default:
      return undefined;
  }
}

function actionOf(action: TemplateAction | undefined): RichAction | undefined {
  return action && toAction(action);
}

/** Only absolute http(s) addresses are loaded or followed. */
function webUrl(value = ''): string | undefined {
  // No address, nothing to parse (a failed parse throws, and a carousel of thousands of cards
  // without pictures would throw thousands of times). With no base, a relative address is not a URL.
  const trimmed = value.trim();
  return trimmed ? httpUrl(trimmed) : undefined;
}
