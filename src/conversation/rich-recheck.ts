// Rich content from storage or another tab is checked as the service's templates are: turned back
// into the template it was made from, it goes through the same schemas and address checks
// (protocol/templates.ts, rich.ts). What comes out is built anew, never the object read.
import type { CardPayload, TemplateAction } from '../protocol/templates.ts';
import { toRichContent, type RichAction, type RichButton, type RichCard, type RichContent, type RichResult } from './rich.ts';

/** The template action `action` was made from; an unknown one is not drawn. */
function actionTemplate(action: RichAction): TemplateAction {
  switch (action?.type) {
    case 'link':
      return { type: 'url', value: action.url, newTab: action.newTab };
    case 'phone':
      // Not a tel: address: no number, so the button is not drawn.
      return { type: 'phone', value: `${action.url}`.startsWith('tel:') ? action.url.slice(4) : '' };
    case 'postback':
      return { type: 'postback', value: action.text };
    case 'event':
      return { type: 'event', value: action.name, params: action.params };
    default:
      return { type: '' };
  }
}

const optionalAction = (action: RichAction | undefined) => (action === undefined ? undefined : actionTemplate(action));

const buttons = (list: readonly RichButton[] | undefined): TemplateAction[] | undefined =>
  list?.map((button) => ({ ...actionTemplate(button?.action), label: button?.label }));

const cardTemplate = (card: RichCard): CardPayload => ({
  title: card.title,
  subtitle: card.subtitle,
  media: card.media && { url: card.media.url, type: card.media.type },
  buttons: buttons(card.buttons),
  action: optionalAction(card.action),
});

function templateOf(content: RichContent): unknown {
  switch (content.type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
      return { title: content.title, url: content.url, action: optionalAction(content.action) };
    case 'location': {
      // The map's address is made from the coordinates, never taken as it is.
      const [, lat = '', long = ''] = /[?&]mlat=([^&#]*)&mlon=([^&#]*)/.exec(`${content.url}`) ?? [];
      return { title: content.title, lat, long, action: optionalAction(content.action) };
    }
    case 'card':
      return cardTemplate(content.card);
    case 'carousel':
      return { cards: content.cards.map(cardTemplate) };
    case 'list':
      return {
        items: content.items.map((item) => ({
          title: item.title,
          subtitle: item.subtitle,
          media: item.image === undefined ? undefined : { url: item.image },
          action: optionalAction(item.action),
        })),
        buttons: buttons(content.buttons),
      };
    case 'buttons':
      return { title: content.title, buttons: buttons(content.buttons) };
  }
}

/** Checks rich content read from storage or another tab, as if the service had just sent it. */
export function recheckRich(value: unknown): RichResult {
  const type = (value as RichContent | null)?.type;
  try {
    const template = templateOf(value as RichContent);
    if (template !== undefined && typeof type === 'string') return toRichContent(type, template);
  } catch {
    // A field of the wrong kind (a list that is not one): damaged.
  }
  return { problem: `a stored "${String(type)}" response is damaged` };
}
