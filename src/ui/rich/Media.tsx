// `image`, `video`, `audio`, `file` and `location`. An image opens whole in a viewer over the
// chat (or performs its action, if it has one); players never autoplay and fetch only metadata
// first, and send no referrer; a file is a download link; a location is a link to a map (no map
// script, no tiles). An address that fails safeUrl is not drawn; the title still shows.
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { RichAction } from '../../conversation/rich.ts';
import { NewTabNote } from '../Linkified.tsx';
import { safeUrl } from '../safe-url.ts';
import { drawable } from './drawable.ts';
import { ActionControl, type RichContext } from './actions.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { Picture } from './Picture.tsx';

export function ImageTemplate(props: { title: string; url: string; action?: RichAction | undefined; ctx: RichContext }) {
  const { title, ctx } = props;
  const [viewing, setViewing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const url = safeUrl(props.url);
  if (!url) return <p class="card card-text">{title || ctx.fallback}</p>;
  if (drawable(props.action)) {
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

/**
 * As on pictures. HTML defines the attribute for pictures and links, not yet for players (the
 * page's policy applies there): it says what the widget wants, and costs nothing meanwhile.
 */
export const NO_REFERRER = { referrerpolicy: 'no-referrer' } as Record<string, string>;

export function Player(props: { type: 'video' | 'audio'; title: string; url: string }) {
  const Tag = props.type;
  const url = safeUrl(props.url);
  return (
    <figure class="card">
      {url && <Tag class="media" part="media" src={url} controls preload="metadata" aria-label={props.title} {...NO_REFERRER} />}
      {props.title && <figcaption class="card-text">{props.title}</figcaption>}
    </figure>
  );
}

/** A download (`file`) or a map (`location`): a link card with the title. */
export function LinkCard(props: { type: 'file' | 'location'; title: string; url: string; label: string; newTab: string }) {
  const href = safeUrl(props.url);
  if (!href) return <p class="card card-text">{props.title}</p>;
  return (
    <a
      class="card card-text"
      part={props.type === 'file' ? 'file' : 'location'}
      href={href}
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
