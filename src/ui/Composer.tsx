/** @jsxRuntime classic */ /** @jsx h */
// The message box: Enter sends, Shift+Enter breaks the line, an IME's Enter confirms its text.
// Near the service's limit a counter appears; over it, sending is blocked (never truncated).
import { h, type RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { MAX_MESSAGE_LENGTH } from '../client.ts';
import { speechLength } from '../protocol/limits.ts';
import { SendIcon } from './icons.tsx';
import { say, type PanelStrings } from './strings.ts';

/** The counter shows when fewer characters than this are left. */
export const COUNTER_THRESHOLD = 40;
const MAX_ROWS = 5;

export function Composer(props: {
  strings: PanelStrings;
  onSend: (text: string) => Promise<unknown>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { strings } = props;
  const [text, setText] = useState('');
  const length = speechLength(text.trim());
  const left = MAX_MESSAGE_LENGTH - length;
  const over = left < 0;
  const canSend = length > 0 && !over;
  const rows = Math.min(MAX_ROWS, text.split('\n').length);

  const submit = () => {
    if (!canSend) return;
    const value = text;
    setText('');
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
          onInput={(event) => setText(event.currentTarget.value)}
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
