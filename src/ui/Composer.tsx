// The message box: Enter sends, Shift+Enter breaks the line, an IME's Enter confirms its text.
// Near the widget's limit (MAX_MESSAGE_LENGTH) a counter appears; over it, sending is blocked
// (never truncated). What is typed is kept for the tab, with the caret, until it is sent: across
// closing the panel (which unmounts the box) and reloads (browser/panel-state.ts).
import { h, type RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { Signal } from '@preact/signals-core';
import type { DraftStore } from '../browser/panel-state.ts';
import { useSignalValue } from './use-signal.ts';
import { MAX_MESSAGE_LENGTH } from '../client/create-chat-client.ts';
import { speechLength } from '../protocol/limits.ts';
import { SendIcon } from './icons.tsx';
import { say, type PanelStrings } from '../i18n/strings.ts';

/**
 * The counter shows when fewer characters than this are left.
 * @inlined Exported only so that the bundler writes 100 where it is used (4 bytes gzipped).
 */
export const COUNTER_THRESHOLD = 100;
const MAX_ROWS = 5;

export function Composer(props: {
  strings: PanelStrings;
  onSend: (text: string) => Promise<unknown>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  draft: DraftStore;
  /** A text the page puts in (open({ draft })): it replaces the box's, focused, caret at the end. */
  put: Signal<string | undefined>;
}) {
  const { strings, draft } = props;
  const [text, setText] = useState(() => draft.read()?.text ?? '');
  const put = useSignalValue(props.put);
  // The caret where it was: focusing the box later (opening the panel) keeps it there.
  useLayoutEffect(() => {
    const kept = draft.read();
    if (kept) props.inputRef.current?.setSelectionRange(kept.start, kept.end);
  }, []);
  /** Remembers the text and the caret as they are in the box now. */
  const keep = (box: HTMLTextAreaElement) => draft.write({ text: box.value, start: box.selectionStart, end: box.selectionEnd });
  // The page's draft replaces the box's text, unless the visitor is already finishing that draft
  // (the same "Ask about this order" clicked again keeps what they added).
  useLayoutEffect(() => {
    const box = props.inputRef.current;
    if (put === undefined || !box) return;
    props.put.value = undefined;
    // `text`, not the box's value: on a fresh mount Preact may not have written it into the box yet.
    const next = text.startsWith(put) ? text : put;
    box.value = next;
    setText(next);
    box.focus();
    box.setSelectionRange(next.length, next.length);
    keep(box);
  }, [put]);
  const length = speechLength(text.trim());
  const left = MAX_MESSAGE_LENGTH - length;
  const over = left < 0;
  const canSend = length > 0 && !over;
  const rows = Math.min(MAX_ROWS, text.split('\n').length);

  const submit = () => {
    if (!canSend) return;
    const value = text;
    setText('');
    draft.write(undefined);
    props.inputRef.current?.focus();
    // The client refuses only what the checks above already stop; give the text back if it does.
    props.onSend(value).catch(() => setText((current) => current || value));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // 229: Safari reports an IME's confirming Enter this way, with isComposing already false.
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      class="composer"
      part="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label class="visually-hidden" for="parley-input">
        {strings.messageLabel}
      </label>
      <div class="input-wrap">
        <textarea
          id="parley-input"
          ref={props.inputRef}
          class="input"
          part="input"
          dir="auto"
          rows={rows}
          value={text}
          placeholder={strings.messagePlaceholder}
          aria-describedby={left < COUNTER_THRESHOLD ? 'parley-counter' : undefined}
          aria-invalid={over ? 'true' : undefined}
          onInput={(event) => {
            setText(event.currentTarget.value);
            keep(event.currentTarget);
          }}
          onKeyUp={(event) => keep(event.currentTarget)}
          onPointerUp={(event) => keep(event.currentTarget)}
          onKeyDown={onKeyDown}
        />
        {left < COUNTER_THRESHOLD && (
          <p id="parley-counter" class={over ? 'counter over' : 'counter'} part="counter">
            {over ? say(strings, 'charactersOver', { count: -left }) : say(strings, 'charactersLeft', { count: left })}
          </p>
        )}
      </div>
      <button type="submit" class="send" part="send" disabled={!canSend}>
        <SendIcon />
        <span class="visually-hidden">{strings.send}</span>
      </button>
    </form>
  );
}
