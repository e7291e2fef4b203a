/** @jsxRuntime classic */ /** @jsx h */
// `image`, `video`, `audio`, `file` and `location`. An image opens whole in a new tab (or
// performs its action, if it has one); players never autoplay and fetch only metadata first;
// a file is a download link; a location is a link to a map (no map script, no tiles).
import { h } from 'preact';
import type { RichAction } from '../../conversation/rich.ts';
import { ActionControl, type RichContext } from './actions.tsx';
import { Picture } from './Picture.tsx';

export function ImageTemplate(props: { title: string; url: string; action?: RichAction | undefined; ctx: RichContext }) {
  const { title, url, ctx } = props;
  // Without an action of its own, activating the picture opens it whole, in a new tab.
  const action = props.action ?? { type: 'link', url, newTab: true };
  return (
    <ActionControl action={action} label={title} ctx={ctx} class="media-button">
      <Picture url={url} alt={props.action ? title : `${title} (${ctx.strings.openImage})`} placeholder={ctx.fallback || title} />
    </ActionControl>
  );
}

export function Player(props: { type: 'video' | 'audio'; title: string; url: string }) {
  const Tag = props.type;
  return (
    <figure class="card">
      <Tag class="media" part="media" src={props.url} controls preload="metadata" aria-label={props.title} />
      {props.title && <figcaption class="card-text">{props.title}</figcaption>}
    </figure>
  );
}

/** A download (`file`) or a map (`location`): a link card with the title. */
export function LinkCard(props: { type: 'file' | 'location'; title: string; url: string; label: string }) {
  return (
    <a
      class="card card-text"
      part={props.type}
      href={props.url}
      target="_blank"
      rel="noopener noreferrer"
      download={props.type === 'file' ? '' : undefined}
    >
      <span class="card-title">{props.title || props.label}</span>
      <span class="subtitle">{props.label}</span>
    </a>
  );
}
