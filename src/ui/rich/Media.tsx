/** @jsxRuntime classic */ /** @jsx h */
// `image`, `video`, `audio`, `file` and `location`. An image opens whole in a viewer over the
// chat (or performs its action, if it has one); players never autoplay and fetch only metadata
// first; a file is a download link; a location is a link to a map (no map script, no tiles).
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { RichAction } from '../../conversation/rich.ts';
import { NewTabNote } from '../Linkified.tsx';
import { ActionControl, type RichContext } from './actions.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { Picture } from './Picture.tsx';

export function ImageTemplate(props: { title: string; url: string; action?: RichAction | undefined; ctx: RichContext }) {
  const { title, url, ctx } = props;
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (props.action) {
    return (
      <ActionControl action={props.action} label={title} ctx={ctx} class="media-button">
        <Picture url={url} alt={title} placeholder={ctx.fallback || title} />
      </ActionControl>
    );
  }
  const close = () => {
    setViewing(false);
    opener.current?.focus();
  };
  return (
    <div>
      <button ref={opener} type="button" class="media-button" aria-haspopup="dialog" onClick={() => setViewing(true)}>
        <Picture url={url} alt={`${title} (${ctx.strings.viewImage})`} placeholder={ctx.fallback || title} />
      </button>
      {viewing && <ImageViewer title={title} url={url} strings={ctx.strings} onClose={close} />}
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
export function LinkCard(props: { type: 'file' | 'location'; title: string; url: string; label: string; newTab: string }) {
  return (
    <a
      class="card card-text"
      part={props.type === 'file' ? 'file' : 'location'}
      href={props.url}
      target="_blank"
      rel="noopener noreferrer"
      download={props.type === 'file' ? '' : undefined}
    >
      <span class="card-title">{props.title || props.label}</span>
      <span class="subtitle">{props.label}</span>
      <NewTabNote text={props.newTab} />
    </a>
  );
}
