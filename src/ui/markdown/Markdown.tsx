// Draws parsed Markdown (blocks.ts, inlines.ts) as Preact elements, never through an HTML parser:
// every text is a text node. A link goes only to http:, https:, mailto: or tel: (a new tab, no
// opener, no referrer); any other address leaves its label as text. Plain text keeps its bare
// http(s) addresses as links, as the chat's unformatted texts do.
import { Fragment, h, type ComponentChildren } from 'preact';
import { Linkified, NewTabNote } from '../Linkified.tsx';
import { parseMarkdown, type Block } from './blocks.ts';
import type { Inline } from './inlines.ts';
import css from './markdown.css?inline';

/** The Markdown's own styles, adopted after the chat's when this part arrives (chat/mount-chat.ts). */
export const markdownCss: string = css;

/** The address a link may go to, or undefined: its label is then text. */
export function linkAddress(href: string): string | undefined {
  try {
    const url = new URL(href);
    if (url.protocol === 'mailto:' || url.protocol === 'tel:') return url.href;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined; // relative, or not an address
  }
}

export function MarkdownText({ text, newTab }: { text: string; newTab: string }) {
  return <Fragment>{parseMarkdown(text).map((block, index) => drawBlock(block, index, newTab))}</Fragment>;
}

function drawBlock(block: Block, key: number, newTab: string): ComponentChildren {
  const blocks = (list: Block[]) => list.map((inner, index) => drawBlock(inner, index, newTab));
  switch (block.t) {
    case 'p':
      return <p key={key}>{drawInlines(block.c, newTab)}</p>;
    case 'pre':
      return (
        <pre key={key} dir="ltr">
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return <blockquote key={key}>{blocks(block.c)}</blockquote>;
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{blocks(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
  }
}

function drawInlines(list: Inline[], newTab: string): ComponentChildren[] {
  return list.map((node, key) => {
    if (typeof node === 'string') return <Linkified key={key} text={node} newTab={newTab} />;
    switch (node.t) {
      case 'br':
        return <br key={key} />;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{drawInlines(node.c, newTab)}</strong>;
      case 'em':
        return <em key={key}>{drawInlines(node.c, newTab)}</em>;
      case 'a': {
        const href = linkAddress(node.href);
        // A label is text inside a link: no link within it.
        const label = node.c.map((inner, index) =>
          typeof inner === 'string' ? inner : <Fragment key={index}>{drawInlines([inner], newTab)}</Fragment>,
        );
        return href ? (
          <a key={key} class="link" part="link" href={href} target="_blank" rel="noopener noreferrer">
            {label}
            <NewTabNote text={newTab} />
          </a>
        ) : (
          <Fragment key={key}>{drawInlines(node.c, newTab)}</Fragment>
        );
      }
    }
  });
}
