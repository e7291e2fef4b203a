// The conversation: a role="log" of the visible entries, keyed by id so a new message is an
// addition (announced once), not a re-render. Whatever follows the log (quick replies, the
// typing indicator) scrolls with it but stays outside the live region.
//
// A long thread costs no long task: only the latest PAGE entries render at first. Near the top,
// PAGE more of those in memory render, then older ones come from storage (client.loadOlder),
// and the view keeps its place. A flood costs none either: while the visitor follows along, the
// oldest rendered leave again (history-window.ts). History brought in that way goes into a part of the log that
// is aria-live="off": its additions are not news, so screen readers do not announce them, while
// new messages still land in the live part and are announced once.
import { h, type ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import type { RichAction } from '../conversation/rich.ts';
import type { Drawing } from './view.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { NewMessages } from './NewMessages.tsx';
import type { PanelStrings } from '../i18n/strings.ts';
import { useHistoryWindow } from './transcript/history-window.ts';
import { useScrollAnchor } from './transcript/scroll-anchor.ts';
import { separators } from './transcript/separators.tsx';

export { PAGE } from './transcript/history-window.ts';

/** Not the events the visitor did not see, nor the responses only a renderer of the site draws, where it has none. */
function visibleEntries(entries: readonly TranscriptEntry[], drawing: Drawing | undefined): TranscriptEntry[] {
  return entries.filter((entry) => !entry.hidden || (entry.kind === 'received' && drawing?.renderers?.[entry.response!.type]));
}

function authorKey(entry: TranscriptEntry | undefined): string | undefined {
  return entry && (entry.kind === 'user' ? 'self' : `${entry.from}:${entry.name ?? ''}`);
}

export function Transcript(props: {
  entries: readonly TranscriptEntry[];
  /** The stored conversation is loaded. Until then the log stays empty, and it is a new log
   *  after: restored history is not announced as new messages. */
  loaded: boolean;
  /** Older entries than `entries` are in storage; `onOlder` brings them into `entries`. */
  hasOlder: boolean;
  onOlder: () => Promise<unknown>;
  strings: PanelStrings;
  drawing?: Drawing | undefined;
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
  const visible = visibleEntries(props.entries, props.drawing);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [shown, live, unread, bringOlder] = useHistoryWindow(visible, props, scroller, following);
  const [newCount, onScroll, jump] = useScrollAnchor(scroller, following, shown, live, bringOlder, props.extra, loaded);

  const now = Date.now();
  // Each entry with what goes above it: kept in groups, so the history cut falls between entries.
  const groups = shown.map((entry, index) => {
    const bubble = (
      <MessageBubble
        key={entry.id}
        entry={entry}
        strings={strings}
        drawing={props.drawing}
        continued={authorKey(shown[index - 1]) === authorKey(entry)}
        onRetry={props.onRetry}
        onDiscard={props.onDiscard}
        onAction={props.onAction}
      />
    );
    return [...separators(shown[index - 1], entry, unread, now, strings), bubble];
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
      <NewMessages count={newCount} strings={strings} onJump={jump} />
    </div>
  );
}
