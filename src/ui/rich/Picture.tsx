// A picture from the bot: lazy, no referrer, in a fixed aspect box (the transcript does not
// jump when it loads), and a text placeholder when it cannot load (a broken address, or a host
// page's Content-Security-Policy that blocks it, or an address that is not http(s)).
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { safeUrl } from '../safe-url.ts';

export function Picture(props: { url: string; alt: string; placeholder?: string }) {
  const [broken, setBroken] = useState(false);
  const url = safeUrl(props.url);
  if (!url && !props.placeholder) return null;
  if (broken || !url) {
    return (
      <span class="media bubble fallback" part="media">
        {props.placeholder}
      </span>
    );
  }
  return (
    <img
      class="media"
      part="media"
      src={url}
      alt={props.alt}
      loading="lazy"
      referrerpolicy="no-referrer"
      onError={() => {
        console.warn(`[parley] no picture at ${url}`);
        setBroken(true);
      }}
    />
  );
}
