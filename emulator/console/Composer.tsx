// The agent's reply: POST messages/{threadId} as a moderator, with the agent's name and picture.
// Enter sends, Shift+Enter breaks the line. The counter shows the service's 255-character limit;
// over it, sending is blocked. A refused reply keeps its text and shows why.
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { speechLength } from '../../src/protocol/limits.ts';
import { isPictureUrl } from './agent.ts';
import { MAX_SPEECH_LENGTH, type Agent, type RestApi } from './api.ts';
import { useAction } from './use-action.ts';

export function Composer(props: { threadId: string; rest: RestApi; agent: Agent }) {
  const [text, setText] = useState('');
  const action = useAction();
  const box = useRef<HTMLTextAreaElement>(null);
  const length = speechLength(text.trim());
  const over = length > MAX_SPEECH_LENGTH;
  const canSend = length > 0 && !over && !action.busy;
  const name = props.agent.name.trim() || 'Agent';

  const send = async () => {
    if (!canSend) return;
    const speech = text.trim();
    const sent = await action.run(() =>
      props.rest.reply(props.threadId, speech, { name, picture: isPictureUrl(props.agent.picture) ? props.agent.picture : '' }),
    );
    if (sent) setText((current) => (current.trim() === speech ? '' : current));
    box.current?.focus();
  };

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label for="reply">{`Reply as ${name}`}</label>
      <textarea
        id="reply"
        ref={box}
        rows={3}
        value={text}
        aria-describedby="reply-counter"
        aria-invalid={over ? 'true' : undefined}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
          event.preventDefault();
          void send();
        }}
      />
      <div class="composer-row">
        <p id="reply-counter" class={over ? 'counter over' : 'counter'}>
          {over ? `${length - MAX_SPEECH_LENGTH} characters too many` : `${length} / ${MAX_SPEECH_LENGTH}`}
        </p>
        <button type="submit" class="button primary" disabled={!canSend}>
          Send
        </button>
      </div>
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
    </form>
  );
}
