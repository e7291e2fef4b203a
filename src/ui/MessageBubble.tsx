// One transcript entry: who said it, the text (autolinked, never HTML), the time, and for the
// visitor's own messages the delivery status with a retry when it failed.
import { Component } from 'preact';
import { useState } from 'preact/hooks';
import type { ReceivedEntry, TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import { safeImageUrl } from './image-url.ts';
import { Linkified } from './Linkified.tsx';
import type { Strings } from './strings.ts';
import { clockTime, isoTime } from './time.ts';

export interface BubbleProps {
  entry: TranscriptEntry;
  strings: Strings;
  /** Same author as the entry before: no repeated name and picture. */
  continued: boolean;
  onRetry: (traceId: number) => void;
}

/**
 * Entries are immutable: a bubble re-renders only when its own entry, the strings or its
 * grouping change, not for every new message. (onRetry is left out: it only calls the client.)
 */
export class MessageBubble extends Component<BubbleProps> {
  override shouldComponentUpdate(next: BubbleProps): boolean {
    const { entry, strings, continued } = this.props;
    return next.entry !== entry || next.strings !== strings || next.continued !== continued;
  }

  override render({ entry, strings, continued, onRetry }: BubbleProps) {
    return entry.kind === 'user' ? (
      <OwnMessage entry={entry} strings={strings} continued={continued} onRetry={onRetry} />
    ) : (
      <ReceivedMessage entry={entry} strings={strings} continued={continued} />
    );
  }
}

function OwnMessage({ entry, strings, continued, onRetry }: { entry: UserEntry } & Omit<BubbleProps, 'entry'>) {
  const failed = entry.status === 'failed';
  return (
    <div class={messageClass('user', continued)} part="message" data-from="user" data-status={entry.status}>
      <div class="message-body">
        <span class="visually-hidden">{strings.you}: </span>
        <p class="bubble" part="bubble">
          <Linkified text={entry.text} />
        </p>
        <p class="meta">
          <time dateTime={isoTime(entry.at)}>{clockTime(entry.at)}</time>
          <span class="separator" aria-hidden="true">
            ·
          </span>
          <span class="delivery" data-status={entry.status}>
            {strings[entry.status]}
          </span>
          {failed && (
            <button type="button" class="text-button retry" part="retry" onClick={() => onRetry(entry.traceId)}>
              {strings.retry}
            </button>
          )}
        </p>
      </div>
    </div>
  );
}

function ReceivedMessage({ entry, strings, continued }: { entry: ReceivedEntry; strings: Strings; continued: boolean }) {
  const from = entry.from;
  const picture = from === 'agent' ? safeImageUrl(entry.picture) : undefined;
  const author = from === 'agent' ? entry.name || strings.agentName : from === 'bot' ? strings.botName : entry.name || strings.you;
  return (
    // A message the service sends as the visitor (another device) has arrived: delivered.
    <div class={messageClass(from, continued)} part="message" data-from={from} data-status={from === 'user' ? 'delivered' : undefined}>
      {from !== 'user' && <Avatar picture={picture} initial={initialOf(author)} />}
      <div class="message-body">
        {from === 'agent' ? (
          <p class="author" part="author">
            {author}
          </p>
        ) : (
          <span class="visually-hidden">{author}: </span>
        )}
        <p class={entry.isFallback ? 'bubble fallback' : 'bubble'} part="bubble">
          <Linkified text={entry.text} />
        </p>
        <p class="meta">
          <time dateTime={isoTime(entry.at)}>{clockTime(entry.at)}</time>
        </p>
      </div>
    </div>
  );
}

function messageClass(from: string, continued: boolean): string {
  return `message from-${from}${continued ? ' continued' : ''}`;
}

function initialOf(name: string): string {
  return (name.trim()[0] ?? '').toUpperCase();
}

/** The agent's picture, or their initial when there is none or it does not load (a strict CSP). */
function Avatar({ picture, initial }: { picture: string | undefined; initial: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <div class="avatar" aria-hidden="true">
      {picture && !broken ? (
        <img
          class="avatar-image"
          part="avatar"
          src={picture}
          alt=""
          loading="lazy"
          referrerpolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      ) : (
        <span class="avatar-initial">{initial}</span>
      )}
    </div>
  );
}
