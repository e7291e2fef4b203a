/** @jsxRuntime classic */ /** @jsx h */ /** @jsxFrag Fragment */
// Text with its http(s) URLs as links. Always rendered as text nodes, never as HTML.
import { Fragment, h } from 'preact';
import { linkify } from './linkify.ts';

export function Linkified({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} class="link" part="link" href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
