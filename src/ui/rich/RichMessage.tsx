// Draws one rich response: one component per template (see ../../conversation/rich.ts), bounded
// (bounded-content.ts): the first cards, items and buttons, then how many more there are.
import { Fragment, h } from 'preact';
import type { RichCard, RichContent } from '../../conversation/rich.ts';
import { safeUrl } from '../safe-url.ts';
import { More } from '../bounded.tsx';
import { boundedContent } from './bounded-content.ts';
import { ButtonGroup, type RichContext } from './actions.tsx';
import { Card } from './Card.tsx';
import { Carousel } from './Carousel.tsx';
import { List } from './List.tsx';
import css from './rich.css?inline';
import { ImageTemplate, LinkCard, Player } from './Media.tsx';

export type { RichContext } from './actions.tsx';
// Long texts' parts come with the templates: both are what only some messages need.
export { LongText } from '../long-text.tsx';
// The site's own drawing of responses comes with them too: a site with renderers draws rich responses.
export { SiteDrawn, type SiteDrawnProps } from './SiteDrawn.tsx';

/** The templates' own styles, adopted after the chat's when they arrive (chat/mount-chat.ts). */
export const richCss: string = css;

/** A card's media goes to its player or picture as it is: one at an unsafe address is not drawn. */
const checked = (card: RichCard): RichCard => (card.media && !safeUrl(card.media.url) ? { ...card, media: undefined } : card);

export function RichMessage(props: { content: RichContent; ctx: RichContext }) {
  const { content, more } = boundedContent(props.content);
  return (
    <Fragment>
      <Template content={content} ctx={props.ctx} />
      <More count={more} strings={props.ctx.strings} />
    </Fragment>
  );
}

function Template({ content, ctx }: { content: RichContent; ctx: RichContext }) {
  const { strings } = ctx;
  switch (content.type) {
    case 'card':
      return <Card card={checked(content.card)} ctx={ctx} />;
    case 'carousel':
      return <Carousel cards={content.cards.map(checked)} ctx={ctx} />;
    case 'list':
      return <List items={content.items} buttons={content.buttons} ctx={ctx} />;
    case 'buttons':
      return (
        <div class="card">
          <div class="card-text">{content.title}</div>
          <ButtonGroup buttons={content.buttons} label={content.title} ctx={ctx} />
        </div>
      );
    case 'image':
      return <ImageTemplate title={content.title} url={content.url} action={content.action} ctx={ctx} />;
    case 'video':
    case 'audio':
      return <Player type={content.type} title={content.title} url={content.url} />;
    case 'file':
      return <LinkCard type="file" title={content.title} url={content.url} label={strings.download} newTab={strings.newTab} />;
    case 'location':
      return <LinkCard type="location" title={content.title} url={content.url} label={strings.openMap} newTab={strings.newTab} />;
  }
}
