// The conversation: a role="log" of the visible entries, keyed by id so a new message is an
// addition (announced once), not a re-render. Whatever follows the log (quick replies, the
// typing indicator) scrolls with it but stays outside the live region.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { MessageBubble } from './MessageBubble.tsx';
import type { Strings } from './strings.ts';

// Within this many pixels of the bottom, the visitor is following along and new messages scroll in.
const FOLLOW_THRESHOLD_PX = 80;

export function visibleEntries(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  return entries.filter((entry) => !(entry.kind === 'user' && entry.hidden));
}

function authorKey(entry: TranscriptEntry): string {
  return entry.kind === 'user' ? 'self' : `${entry.from}:${entry.name ?? ''}`;
}

export function Transcript(props: {
  entries: readonly TranscriptEntry[];
  /** The stored conversation is loaded. Until then the log stays empty, and it is a new log
   *  after: restored history is not announced as new messages. */
  loaded: boolean;
  strings: Strings;
  onRetry: (traceId: number) => void;
  /** Changes to this (typing, quick replies) also keep the view at the bottom. */
  extra: unknown;
  children?: ComponentChildren;
}) {
  const { strings } = props;
  const visible = visibleEntries(props.entries);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = visible.at(-1);

  // Opening the panel shows the latest messages; while following, a growing composer or a
  // resized window keeps them in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    scrollToBottom(el);
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToBottom(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    // The visitor's own message always brings the view down; others only if they were following.
    if (following.current || last?.kind === 'user') scrollToBottom(scroller.current);
  }, [last?.id, visible.length, props.extra]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_THRESHOLD_PX;
  };

  return (
    // Focusable, so the transcript scrolls by keyboard even when it holds no link or button.
    <div class="scroller" ref={scroller} onScroll={onScroll} tabIndex={0}>
      <div
        key={props.loaded ? 'loaded' : 'loading'}
        class="transcript"
        part="transcript"
        role="log"
        aria-relevant="additions"
        aria-label={strings.transcriptLabel}
      >
        {props.loaded &&
          visible.map((entry, index) => {
          const previous = visible[index - 1];
          return (
            <MessageBubble
              key={entry.id}
              entry={entry}
              strings={strings}
              continued={previous !== undefined && authorKey(previous) === authorKey(entry)}
              onRetry={props.onRetry}
            />
          );
        })}
      </div>
      {props.children}
    </div>
  );
}

function scrollToBottom(el: HTMLElement | null): void {
  if (el) el.scrollTop = el.scrollHeight;
}
