// Which entries the transcript renders: the latest PAGE at first, PAGE more of those in memory
// each time the visitor nears the top, then older ones from storage (onOlder); and where the
// history ends and the live part of the log begins. While the visitor follows along, the oldest
// rendered leave once there are MOST_FOLLOWED: a flood of messages costs each new one a render of
// a bounded log, not of every message that came before it.
import { useReducer, useRef } from 'preact/hooks';
import type { TranscriptEntry } from '../../conversation/transcript.ts';

// Within this many pixels of the top, older messages are brought in.
const OLDER_THRESHOLD_PX = 300;
/** Entries rendered at first, and added each time the visitor nears the top. */
export const PAGE = 30;
/** Entries rendered, at most, while the visitor follows along at the bottom: then back to PAGE. */
const MOST_FOLLOWED = 3 * PAGE;

/**
 * The entries rendered, oldest first (none until the conversation is loaded); the index in them
 * of the first live entry (those before it are history); the first of the messages that came
 * while the panel was closed, and their count; what brings more of the entries in memory, or
 * asks for older ones, near the top. (A tuple, not an object: the minifier keeps property names.)
 */
export type HistoryWindow = [
  shown: TranscriptEntry[],
  live: number,
  unread: { id: string; count: number } | undefined,
  bringOlder: () => void,
];

export function useHistoryWindow(
  visible: readonly TranscriptEntry[],
  props: { loaded: boolean; readSeq: number; hasOlder: boolean; onOlder: () => Promise<unknown> },
  scroller: { readonly current: HTMLElement | null },
  following: { readonly current: boolean },
): HistoryWindow {
  const { loaded } = props;
  // The id of the oldest entry rendered (null: the oldest in memory); set at the first render
  // with the conversation loaded. Ids are stable from the moment a message is typed.
  const start = useRef<string | null | undefined>(undefined);
  // The first entry rendered before any history was brought in: those before it are history.
  // (New messages never come before it: it was stored before they were sent.)
  const boundary = useRef<string | undefined>(undefined);
  const loading = useRef(false);
  const [, update] = useReducer((n: number) => n + 1, 0);

  // The last entry of the first loaded render: what was there before this page showed it is
  // history too (not announced, not animated); only what comes after it is live.
  const restoredLast = useRef<string | undefined>(undefined);
  // Messages that came while the panel was closed: a divider above the first, and it in view.
  const unread = useRef<{ id: string; count: number } | undefined>(undefined);
  if (loaded && start.current === undefined) {
    start.current = visible[visible.length - PAGE]?.id ?? null;
    restoredLast.current = visible.at(-1)?.id;
    const fresh = visible.slice(-PAGE).filter((entry) => entry.kind === 'received' && entry.from !== 'user' && entry.seq > props.readSeq);
    if (fresh[0]) unread.current = { id: fresh[0].id, count: fresh.length };
  }
  let from = visible.findIndex((entry) => entry.id === start.current);
  // Not found (trimmed from memory, or a new thread): everything in memory is newer.
  if (from < 0) {
    from = 0;
    if (start.current) start.current = null;
  }
  // Following along, the view is at the bottom: the oldest rendered are out of sight.
  if (following.current && visible.length - from > MOST_FOLLOWED) {
    from = visible.length - PAGE;
    start.current = visible[from]!.id;
  }
  const shown = loaded ? visible.slice(from) : [];
  let live = shown.findIndex((entry) => entry.id === boundary.current);
  if (live < 0) live = shown.findIndex((entry) => entry.id === restoredLast.current) + 1;
  // Not found (no history yet, or it left memory along with everything older): all is live.
  if (live <= 0) {
    boundary.current = undefined;
    live = 0;
  }
  const first = shown[0]?.id;

  const bringOlder = () => {
    const el = scroller.current;
    if (!el || el.scrollTop > OLDER_THRESHOLD_PX) return;
    if (restoredLast.current === undefined) boundary.current ??= first;
    if (from > 0) {
      start.current = from > PAGE ? visible[from - PAGE]!.id : null;
      update(0);
    } else if (props.hasOlder && !loading.current) {
      loading.current = true;
      void props.onOlder().finally(() => (loading.current = false));
    }
  };

  return [shown, live, unread.current, bringOlder];
}
