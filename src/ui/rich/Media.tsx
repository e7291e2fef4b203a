/** @jsxRuntime classic */ /** @jsx h */
// `image`, `video`, `audio`, `file` and `location`. An image opens larger in a dialog (or
// performs its action, if it has one); players never autoplay and fetch only metadata first;
// a file is a download link; a location is a link to a map (no map script, no tiles).
import { h } from 'preact';
import { useRef } from 'preact/hooks';
import type { RichAction } from '../../conversation/rich.ts';
import { ActionControl, type RichContext } from './actions.tsx';
import { Picture } from './Picture.tsx';

export function ImageTemplate(props: { title: string; url: string; action?: RichAction; ctx: RichContext }) {
  const { title, url, action, ctx } = props;
  const { strings } = ctx;
  const viewer = useRef<HTMLDialogElement>(null);
  const picture = <Picture url={url} alt={title} placeholder={ctx.fallback || title} />;
  if (action) return <ActionControl action={action} label={title} ctx={ctx} class="media-button" children={picture} />;
  return (
    <div>
      <button type="button" class="media-button" aria-label={`${strings.openImage}: ${title}`} onClick={() => viewer.current?.showModal()}>
        {picture}
      </button>
      {/* Escape closes the dialog only, not the panel around it. */}
      <dialog ref={viewer} class="viewer" part="image-viewer" aria-label={title} onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}>
        <img src={url} alt={title} loading="lazy" referrerpolicy="no-referrer" />
        <button type="button" class="text-button" onClick={() => viewer.current?.close()}>
          {strings.closeImage}
        </button>
      </dialog>
    </div>
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
      class="card link-card"
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
