// One transcript entry: who said it, the text (autolinked, never HTML), the time, and for the
// visitor's own messages the delivery status with a retry when it failed.
import { Component, Fragment, h } from 'preact';
import { useState } from 'preact/hooks';
import { askMarkdown, looksLikeMarkdown, markdownArrivedSignal } from './markdown-slot.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { safeUrl } from './safe-url.ts';
import { TEXT_CHUNK_LENGTH } from '../protocol/limits.ts';
import { clipLabel, cutText, More } from './bounded.tsx';
import { Linkified } from './Linkified.tsx';
import type { RichContext, SiteDrawnProps } from './rich/RichMessage.tsx';
import { richTemplates } from './rich-slot.ts';
import { useSignalValue } from './use-signal.ts';
import type { PanelStrings } from '../i18n/strings.ts';
import { clockTime, dayLabel, dayStart, isoTime } from './time.ts';
import { authorName } from './author-name.ts';
import type { Drawing } from './view.ts';

export interface BubbleProps {
  entry: TranscriptEntry;
  strings: PanelStrings;
  /** Texts as Markdown, responses by the site's renderers (view.ts). */
  drawing?: Drawing | undefined;
  /** Same author as the entry before: no repeated name and picture. */
  continued: boolean;
  onRetry: (traceId: number) => void;
  onDiscard: (traceId: number) => void;
  onAction: RichContext['onAction'];
}

/**
 * Entries are immutable: a bubble re-renders only when its own entry, the strings or its
 * grouping change, not for every new message. (The handlers are left out: they only call the client.)
 */
export class MessageBubble extends Component<BubbleProps> {
  override shouldComponentUpdate(next: BubbleProps): boolean {
    const { entry, strings, continued, drawing } = this.props;
    return next.entry !== entry || next.strings !== strings || next.continued !== continued || next.drawing !== drawing;
  }

  override render({ entry, strings, drawing, continued, onRetry, onDiscard, onAction }: BubbleProps) {
    // The visitor's own entry (with its delivery status), or a received one; a received one
    // `from` the user was sent as the visitor from another device, so it has arrived: delivered.
    const own = entry.kind === 'user' ? entry : undefined;
    const received = entry.kind === 'received' ? entry : undefined;
    const rich = received?.rich;
    const from = received ? received.from : 'user';
    const author = clipLabel(authorName(entry, strings));
    // The site's renderer for this response's type (never for the visitor's side).
    const renderer = from !== 'user' && received?.response && drawing?.renderers?.[received.response.type];
    const drawn = rich ? (
      <Rich content={rich} ctx={{ strings, onAction, fallback: clipLabel(entry.text) }} />
    ) : (
      !entry.hidden && (
        <TextBubble text={entry.text} fallback={received?.isFallback} markdown={drawing?.markdown && from !== 'user'} strings={strings} />
      )
    );
    return (
      <div
        class={`message from-${from}${continued ? ' continued' : ''}`}
        part="message"
        data-from={from}
        data-status={own ? own.status : from === 'user' ? 'delivered' : undefined}
        data-template={rich?.type}
      >
        {from !== 'user' && (
          <Avatar picture={from === 'agent' ? safeUrl(received?.picture) : undefined} initial={(author.trim()[0] ?? '').toUpperCase()} />
        )}
        <div class="message-body">
          {from === 'agent' ? (
            <p class="author" part="author">
              {author}
            </p>
          ) : (
            <span class="visually-hidden">{author}: </span>
          )}
          {renderer ? <SiteDrawn entry={received} drawing={drawing!} language={strings.language} own={drawn} /> : drawn}
          <More count={received?.more ?? 0} strings={strings} />
          <p class="meta">
            <time dateTime={isoTime(entry.at)}>
              {/* Heard, not seen (the day's separator shows it): a time of another day says which. */}
              {dayStart(entry.at) !== dayStart(Date.now()) && (
                <span class="visually-hidden">{dayLabel(entry.at, Date.now(), strings.language)}, </span>
              )}
              {clockTime(entry.at, strings.language)}
            </time>
            {own && (
              <Fragment>
                <span aria-hidden="true">·</span>
                <span class="delivery" data-status={own.status}>
                  {strings[own.status]}
                </span>
                {own.status === 'failed' && (
                  <Fragment>
                    {/* The service's reason, when it refused the message: text, never HTML. */}
                    {own.error && <span class="delivery-error">{own.error}</span>}
                    <button type="button" class="text-button retry" part="retry" onClick={() => onRetry(own.traceId)}>
                      {strings.retry}
                    </button>
                    <button type="button" class="text-button retry" part="discard" onClick={() => onDiscard(own.traceId)}>
                      {strings.discard}
                    </button>
                  </Fragment>
                )}
              </Fragment>
            )}
          </p>
        </div>
      </div>
    );
  }
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

/**
 * A message's text, autolinked, never HTML; a bot's or an agent's as Markdown where the element
 * asks for it (its code comes with the first text that looks like Markdown). dir="auto": a
 * message takes the direction of its own text (English in an Arabic widget, and back). A long
 * text is drawn a part at a time, as written; the bubble takes focus when its "Show more" goes.
 */
function TextBubble({
  text,
  fallback,
  markdown: asked,
  strings,
}: {
  text: string;
  fallback: boolean | undefined;
  markdown: boolean | undefined;
  strings: PanelStrings;
}) {
  const long = text.length > TEXT_CHUNK_LENGTH;
  const formatted = asked && !fallback && !long && looksLikeMarkdown(text);
  const markdown = useSignalValue(formatted ? askMarkdown() : markdownArrivedSignal);
  if (formatted && markdown) {
    return (
      <div class="bubble markdown" part="bubble" dir="auto">
        <markdown.MarkdownText text={text} newTab={strings.newTab} />
      </div>
    );
  }
  return (
    <p class={fallback ? 'bubble fallback' : 'bubble'} part="bubble" dir="auto" tabIndex={long ? -1 : undefined}>
      {long ? <LongText text={text} strings={strings} /> : <Linkified text={text} newTab={strings.newTab} />}
    </p>
  );
}

/** A long text a part at a time, once that code is here (with the templates'); until then its first part. */
function LongText(props: { text: string; strings: PanelStrings }) {
  const templates = useSignalValue(richTemplates());
  if (templates) return <templates.LongText {...props} />;
  return (
    <Fragment>
      <Linkified text={cutText(props.text, TEXT_CHUNK_LENGTH)} newTab={props.strings.newTab} />…
    </Fragment>
  );
}

/** A response the site's renderer draws, once that code (with the templates') is here; until then nothing. */
function SiteDrawn(props: SiteDrawnProps) {
  const templates = useSignalValue(richTemplates());
  return templates && <templates.SiteDrawn {...props} />;
}

/** A rich response, once the templates' code is here; until then its text, as a fallback would show. */
function Rich(props: { content: NonNullable<Extract<TranscriptEntry, { kind: 'received' }>['rich']>; ctx: RichContext }) {
  const templates = useSignalValue(richTemplates());
  if (templates) return <templates.RichMessage content={props.content} ctx={props.ctx} />;
  return (
    <p class="bubble fallback" part="bubble" dir="auto">
      {props.ctx.fallback}
    </p>
  );
}
