// Where the transcript's view stays: at the latest messages while the visitor follows along (or
// at the unread divider when messages first appear), and in place when entries appear above.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TranscriptEntry } from '../../conversation/transcript.ts';

// Within this many pixels of the bottom, the visitor is following along and new messages scroll in.
const FOLLOW_THRESHOLD_PX = 80;

/**
 * Messages that came since the visitor left the latest ones to read older ones; the scroller's
 * scroll listener; back to the latest messages, following along again. (A tuple, not an object:
 * the minifier keeps property names.)
 */
export type ScrollAnchor = [newCount: number, onScroll: () => void, jump: () => void];

export function useScrollAnchor(
  scroller: { readonly current: HTMLElement | null },
  /** The visitor is following along at the bottom (set here, read by the history window too). */
  following: { current: boolean },
  shown: readonly TranscriptEntry[],
  live: number,
  bringOlder: () => void,
  extra: unknown,
  loaded: boolean,
): ScrollAnchor {
  const first = shown[0]?.id;
  const last = shown.at(-1);
  const shownFirst = useRef<string | undefined>(undefined);
  const fromBottom = useRef<number | undefined>(undefined);

  // Entries about to appear above (or vanish from) the top: keep the distance from the bottom,
  // so what the visitor reads stays put. The DOM is still the previous render's here. (Following
  // along, the view goes to the bottom anyway: no layout to force.)
  const el = scroller.current;
  if (el && first !== shownFirst.current && !following.current) fromBottom.current = el.scrollHeight - el.scrollTop;

  const older = useRef(bringOlder);
  older.current = bringOlder;
  const frame = useRef(0);
  const skipFollow = useRef(false);
  // The scroll to the latest, at the next frame: a flood of messages renders many times a frame,
  // and scrolling at each render would force a layout each time (one frame lays them all out).
  const followFrame = useRef(0);
  const fillToo = useRef(false);
  /** To the latest at the next frame; `fill`: and more, if what shows does not fill the view. */
  const followSoon = (fill = false) => {
    fillToo.current ||= fill;
    if (followFrame.current) return;
    const el = scroller.current!;
    followFrame.current = requestAnimationFrame(() => {
      followFrame.current = 0;
      scrollToBottom(el);
      if (fillToo.current && el.scrollHeight <= el.clientHeight) older.current();
      fillToo.current = false;
    });
  };

  // While following, a growing composer or a resized window keeps the latest messages in view.
  useLayoutEffect(() => {
    const el = scroller.current!;
    const observer = globalThis.ResizeObserver && new ResizeObserver(() => following.current && scrollToBottom(el));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
      cancelAnimationFrame(followFrame.current);
    };
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current!;
    const appeared = !shownFirst.current && first;
    shownFirst.current = first;
    if (appeared) {
      // Messages appear (the panel opens, the conversation loads): they show from the latest.
      // That needs their layout, which the next frame does anyway; forcing it here would
      // lengthen the task that rendered them.
      skipFollow.current = true;
      frame.current = requestAnimationFrame(() => {
        showLatest(el);
        // Too little to scroll (so no scroll event will come): bring more now.
        if (el.scrollHeight <= el.clientHeight) older.current();
      });
    } else if (fromBottom.current !== undefined) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      if (el.scrollHeight <= el.clientHeight) bringOlder();
    } else if (following.current) followSoon(true);
    fromBottom.current = undefined;
  }, [first]);

  const mounted = useRef(false);
  useLayoutEffect(() => {
    // The visitor's own message always brings the view down; others only if they were following.
    if (skipFollow.current) skipFollow.current = false;
    else if (!mounted.current) {
      // Just drawn: the next frame lays it out anyway, forcing that here would lengthen the
      // task that opened the panel.
      const el = scroller.current;
      frame.current = requestAnimationFrame(() => showLatest(el));
    } else if (following.current || last?.kind === 'user') followSoon();
    mounted.current = true;
  }, [last?.id, shown.length - live, extra, loaded]);

  // Where the visitor left the latest messages to read older ones: the seq of the last one then.
  const [awayFrom, setAwayFrom] = useState<number | undefined>(undefined);
  const newCount =
    awayFrom === undefined ? 0 : shown.filter((entry) => entry.kind === 'received' && entry.from !== 'user' && entry.seq > awayFrom).length;
  const follow = (now: boolean) => {
    if (now !== following.current || (now && awayFrom !== undefined)) setAwayFrom(now ? undefined : (last?.seq ?? 0));
    following.current = now;
  };
  /** The first view of the messages: the divider above the unread ones, else the latest. */
  const showLatest = (el: HTMLElement | null) => {
    const divider = el?.querySelector<HTMLElement>('.unread-divider');
    if (el && divider) el.scrollTop = divider.offsetTop - 8;
    else scrollToBottom(el);
  };

  const onScroll = () => {
    const el = scroller.current;
    // Messages drawn but not yet scrolled to (followSoon): the view is not where it is going.
    if (el && !followFrame.current) follow(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX);
    bringOlder();
  };

  const jump = () => {
    scrollToBottom(scroller.current);
    follow(true);
  };

  return [newCount, onScroll, jump];
}

function scrollToBottom(el: HTMLElement | null): void {
  if (el) el.scrollTop = el.scrollHeight;
}
