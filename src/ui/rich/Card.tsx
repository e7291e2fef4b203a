// `card`: media, title, subtitle and buttons. With an action of its own, its title performs it
// and stretches over the whole card, so the card is activatable while its buttons stay buttons.
import { h } from 'preact';
import type { RichCard } from '../../conversation/rich.ts';
import { ButtonGroup, TitleBlock, type RichContext } from './actions.tsx';
import { Picture } from './Picture.tsx';
import { NO_REFERRER } from './Media.tsx';

export function Card(props: { card: RichCard; ctx: RichContext; label?: string }) {
  const { card, ctx } = props;
  const { media, action } = card;
  return (
    <div class="card" part="card" role="group" aria-label={props.label ?? card.title}>
      {media?.type === 'video' ? (
        <video class="media" part="media" src={media.url} controls preload="metadata" {...NO_REFERRER} />
      ) : media ? (
        <Picture url={media.url} alt="" placeholder={ctx.fallback || card.title} />
      ) : null}
      <TitleBlock title={card.title} subtitle={card.subtitle} action={action} ctx={ctx} />
      <ButtonGroup buttons={card.buttons} ctx={ctx} />
    </div>
  );
}
