// A long text, a part at a time behind "Show more" (a text longer than TEXT_CHUNK_LENGTH: rare,
// so this comes with the rich templates' code, ui/rich-slot.ts; until then the first part shows).
import { Component, Fragment, h } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { TEXT_CHUNK_LENGTH } from '../protocol/limits.ts';
import { cutText } from './bounded.tsx';
import { Linkified } from './Linkified.tsx';
import type { PanelStrings } from '../i18n/strings.ts';

/**
 * A message's text, autolinked, TEXT_CHUNK_LENGTH characters more with each "Show more". Each
 * part is a block of its own that never renders again, so drawing the next part costs one part
 * (linkify, diff and layout), however many are drawn already.
 */
export function LongText({ text, strings }: { text: string; strings: PanelStrings }) {
  const [count, setCount] = useState(1);
  const parts = useMemo(() => {
    const list: string[] = [];
    for (let start = 0; start < text.length && list.length < count;) {
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
