// What the panel draws of one message, whatever the service sends: the first quick replies (and
// cards, list items and buttons: rich/bounded-content.ts) with "and 4,990 more", titles and
// labels cut with "…", and a long text a part at a time behind "Show more" (the bounds are in
// ../protocol/limits.ts). The stored entry keeps everything as it came; only the drawing is
// bounded, and so is every per-character pass over it (linkify).
import { Component, Fragment, h } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { MAX_LABEL_LENGTH, TEXT_CHUNK_LENGTH } from '../protocol/limits.ts';
import { Linkified } from './Linkified.tsx';
import { say, type PanelStrings } from '../i18n/strings.ts';

/** At most about `max` UTF-16 units of `text`, never half an emoji, cut after a space near the end when there is one. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = /[\uDC00-\uDFFF]/.test(text[max]!) ? max - 1 : max;
  // Not in the middle of a word or a link, where a space is near.
  const space = text.lastIndexOf(' ', end - 1);
  if (space >= 0 && space > end - 100) end = space + 1;
  return text.slice(0, end);
}

/** A title, label or name, cut with "…" when it is longer than anyone reads. */
export function clipLabel(text: string, max = MAX_LABEL_LENGTH): string {
  return text.length <= max ? text : `${cutText(text, max - 1)}…`;
}

/** "and 4,990 more": what a message holds beyond what is drawn. */
export function More({ count, strings }: { count: number; strings: PanelStrings }) {
  return count > 0 ? (
    <p class="more" part="more">
      {say(strings, 'more', { count })}
    </p>
  ) : null;
}

/**
 * A message's text, autolinked, TEXT_CHUNK_LENGTH characters more with each "Show more". Each
 * part is a block of its own that never renders again, so drawing the next part costs one part
 * (linkify, diff and layout), however many are drawn already.
 */
export function LongText({ text, strings }: { text: string; strings: PanelStrings }) {
  const [count, setCount] = useState(1);
  const parts = useMemo(() => {
    const list: string[] = [];
    for (let start = 0; start < text.length && list.length < count; ) {
      const part = cutText(text.slice(start), TEXT_CHUNK_LENGTH);
      list.push(part);
      start += part.length;
    }
    return list;
  }, [text, count]);
  if (parts.length === 1 && parts[0] === text) return <Linkified text={text} newTab={strings.newTab} />;
  const rest = text.length - parts.reduce((sum, part) => sum + part.length, 0);
  return (
    <Fragment>
      {parts.map((part, index) => (
        <Part key={index} text={part} newTab={strings.newTab} />
      ))}
      {rest > 0 && (
        <Fragment>
          …{' '}
          <button
            type="button"
            class="text-button show-more"
            part="show-more"
            onClick={(event) => {
              // The last part drawn takes the button away: focus stays on the message.
              if (rest <= TEXT_CHUNK_LENGTH) (event.currentTarget.parentElement as HTMLElement | null)?.focus();
              setCount(count + 1);
            }}
          >
            {strings.showMore}
          </button>
        </Fragment>
      )}
    </Fragment>
  );
}

class Part extends Component<{ text: string; newTab: string }> {
  override shouldComponentUpdate(next: { text: string; newTab: string }): boolean {
    return next.text !== this.props.text || next.newTab !== this.props.newTab;
  }

  override render({ text, newTab }: { text: string; newTab: string }) {
    return (
      <span class="part">
        <Linkified text={text} newTab={newTab} />
      </span>
    );
  }
}
