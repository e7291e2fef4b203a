// A thread's transcript: who said what and when, as a polite role="log". Text is always text
// (JSX children, never innerHTML). While the agent is at the bottom, new entries scroll in.
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { TranscriptEntry } from '../core/model.ts';
import { author, clock, entryLines, isoTime } from './format.ts';

const FOLLOW_THRESHOLD_PX = 80;

export function Transcript({ entries }: { entries: readonly TranscriptEntry[] }) {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = log.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [entries.length]);

  return (
    <div
      ref={log}
      class="transcript"
      role="log"
      aria-live="polite"
      aria-labelledby="transcript-heading"
      // Focusable so that the keyboard can scroll it.
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
    >
      {entries.length === 0 ? (
        <p class="empty">Nothing said yet.</p>
      ) : (
        <ol class="entries">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

function Entry({ entry }: { entry: TranscriptEntry }) {
  const picture = entry.originator.profile?.picture;
  return (
    <li class={`entry from-${entry.source}`}>
      <p class="entry-meta">
        {entry.source === 'moderator' && typeof picture === 'string' && picture && (
          <img class="avatar" src={picture} alt="" width={20} height={20} loading="lazy" referrerPolicy="no-referrer" />
        )}
        <span class="who">{author(entry)}</span>
        <time class="muted" dateTime={isoTime(entry.at)}>
          {clock(entry.at)}
        </time>
        <span class="muted via">{entry.via === 'rest' ? 'REST' : 'socket'}</span>
      </p>
      {entryLines(entry).map((line, index) => (
        <p key={index} class="entry-text">
          {line}
        </p>
      ))}
    </li>
  );
}
