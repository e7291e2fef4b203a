/** @jsxRuntime classic */ /** @jsx h */
// The conversation: a role="log" of the visible entries, keyed by id so a new message is an
// addition (announced once), not a re-render. Whatever follows the log (quick replies, the
// typing indicator) scrolls with it but stays outside the live region.
//
// A long thread costs no long task: only the latest PAGE entries render at first. Near the top,
// PAGE more of those in memory render, then older ones come from storage (client.loadOlder),
// and the view keeps its place. History brought in that way goes into a part of the log that
// is aria-live="off": its additions are not news, so screen readers do not announce them, while
// new messages still land in the live part and are announced once.
import { h, type ComponentChildren } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { RichAction } from '../conversation/rich.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { NewMessages } from './NewMessages.tsx';
import { dayLabel, dayStart } from './time.ts';
import { say, type PanelStrings } from './strings.ts';

// Within this many pixels of the bottom, the visitor is following along and new messages scroll in.
const FOLLOW_THRESHOLD_PX = 80;
// Within this many pixels of the top, older messages are brought in.
const OLDER_THRESHOLD_PX = 300;
/** Entries rendered at first, and added each time the visitor nears the top. */
export const PAGE = 30;

export function visibleEntries(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  return entries.filter((entry) => !(entry.kind === 'user' && entry.hidden));
}

function authorKey(entry: TranscriptEntry | undefined): string | undefined {
  return entry && (entry.kind === 'user' ? 'self' : `${entry.from}:${entry.name ?? ''}`);
}

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function Transcript(props: {
  entries: readonly TranscriptEntry[];
  /** The stored conversation is loaded. Until then the log stays empty, and it is a new log
   *  after: restored history is not announced as new messages. */
  loaded: boolean;
  /** Older entries than `entries` are in storage; `onOlder` brings them into `entries`. */
  hasOlder: boolean;
  onOlder: () => Promise<unknown>;
  strings: PanelStrings;
  onRetry: (traceId: number) => void;
  onDiscard: (traceId: number) => void;
  onAction: (label: string, action: RichAction) => void;
  /** Changes to this (typing, quick replies) also keep the view at the bottom. */
  extra: unknown;
  /** The read marker when the panel opened: a divider goes above the first message after it. */
  readSeq: number;
  children?: ComponentChildren;
}) {
  const { strings, loaded } = props;
  const visible = visibleEntries(props.entries);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // The id of the oldest entry rendered (null: the oldest in memory); set at the first render
  // with the conversation loaded. Ids are stable from the moment a message is typed.
  const start = useRef<string | null | undefined>(undefined);
  // The first entry rendered before any history was brought in: those before it are history.
  // (New messages never come before it: it was stored before they were sent.)
  const boundary = useRef<string | undefined>(undefined);
  const shownFirst = useRef<string | undefined>(undefined);
  const fromBottom = useRef<number | undefined>(undefined);
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
  const shown = loaded ? visible.slice(from) : [];
  let live = shown.findIndex((entry) => entry.id === boundary.current);
  if (live < 0) live = shown.findIndex((entry) => entry.id === restoredLast.current) + 1;
  // Not found (no history yet, or it left memory along with everything older): all is live.
  if (live <= 0) {
    boundary.current = undefined;
    live = 0;
  }
  const first = shown[0]?.id;
  const last = shown.at(-1);

  // Entries about to appear above (or vanish from) the top: keep the distance from the bottom,
  // so what the visitor reads stays put. The DOM is still the previous render's here.
  const el = scroller.current;
  if (el && first !== shownFirst.current) fromBottom.current = el.scrollHeight - el.scrollTop;

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

  const older = useRef(bringOlder);
  older.current = bringOlder;
  const frame = useRef(0);
  const skipFollow = useRef(false);

  // While following, a growing composer or a resized window keeps the latest messages in view.
  useLayoutEffect(() => {
    const el = scroller.current!;
    const observer = globalThis.ResizeObserver && new ResizeObserver(() => following.current && scrollToBottom(el));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame.current);
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
    }
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
    } else if (following.current || last?.kind === 'user') scrollToBottom(scroller.current);
    mounted.current = true;
  }, [last?.id, shown.length - live, props.extra, loaded]);

  // Where the visitor left the latest messages to read older ones: the seq of the last one then.
  const [awayFrom, setAwayFrom] = useState<number | undefined>(undefined);
  const newCount = awayFrom === undefined ? 0 : shown.filter((entry) => entry.kind === 'received' && entry.from !== 'user' && entry.seq > awayFrom).length;
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
    if (el) follow(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX);
    bringOlder();
  };

  const now = Date.now();
  // Each entry with what goes above it: kept in groups, so the history cut falls between entries.
  const groups = shown.map((entry, index) => {
    const bubble = (
      <MessageBubble
        key={entry.id}
        entry={entry}
        strings={strings}
        continued={authorKey(shown[index - 1]) === authorKey(entry)}
        onRetry={props.onRetry}
        onDiscard={props.onDiscard}
        onAction={props.onAction}
      />
    );
    const previous = shown[index - 1];
    const before: ComponentChildren[] = [];
    // Messages of an earlier thread (its secret was refused) stay above a line.
    if (previous?.earlier && !entry.earlier) before.push(<p key="new-thread" class="separator" role="separator">{strings.newConversation}</p>);
    if (entry.id === unread.current?.id) {
      before.push(
        <p key="unread" class="separator unread-divider" part="unread-divider">
          {say(strings, 'unread', { count: unread.current.count })}
        </p>,
      );
    }
    // Each day's messages under its name: "Today", "Yesterday", the date.
    if (!previous || dayStart(previous.at) !== dayStart(entry.at)) {
      before.push(
        <p key={`day-${dayStart(entry.at)}`} class="separator" part="day-separator">
          {dayLabel(entry.at, now, strings.language)}
        </p>,
      );
    }
    return [...before, bubble];
  });

  return (
    // Focusable, so the transcript scrolls by keyboard even when it holds no link or button.
    <div class="scroller" ref={scroller} onScroll={onScroll} tabIndex={0}>
      <div
        key={loaded ? 'loaded' : 'loading'}
        class="transcript"
        part="transcript"
        role="log"
        aria-relevant="additions"
        aria-label={strings.transcriptLabel}
      >
        <div class="history" aria-live="off">
          {groups.slice(0, live).flat()}
        </div>
        {groups.slice(live).flat()}
      </div>
      {props.children}
      <NewMessages
        count={newCount}
        strings={strings}
        onJump={() => {
          scrollToBottom(scroller.current);
          follow(true);
        }}
      />
    </div>
  );
}

function scrollToBottom(el: HTMLElement | null): void {
  if (el) el.scrollTop = el.scrollHeight;
}
