// Text with its http(s) URLs as links. Always rendered as text nodes, never as HTML.
import { Fragment, h } from 'preact';
import { linkify } from './linkify.ts';

/** Words only screen readers hear, after a link that opens a new tab. */
export function NewTabNote({ text }: { text: string }) {
  return <span class="visually-hidden"> ({text})</span>;
}

/** `newTab` is said after each link, which opens in a new tab. */
export function Linkified({ text, newTab }: { text: string; newTab: string }) {
  return (
    <Fragment>
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} class="link" part="link" href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
            <NewTabNote text={newTab} />
          </a>
        ) : (
          segment.text
        ),
      )}
    </Fragment>
  );
}
