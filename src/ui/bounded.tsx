// What the panel draws of one message, whatever the service sends: the first quick replies (and
// cards, list items and buttons: rich/bounded-content.ts) with "and 4,990 more", titles and
// labels cut with "…", and a long text a part at a time behind "Show more" (long-text.tsx; the
// bounds are in ../protocol/limits.ts). The stored entry keeps everything as it came; only the
// drawing is bounded, and so is every per-character pass over it (linkify).
import { h } from 'preact';
import { MAX_LABEL_LENGTH } from '../protocol/limits.ts';
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
