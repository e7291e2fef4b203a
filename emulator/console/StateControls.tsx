// Handover, resolve, pause and resume, through the REST API. Resolved is final, so handover
// and resolve become unavailable then; pause and resume follow the bot's state.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { ThreadSummary } from '../core/model.ts';
import { ActionButton } from './ActionButton.tsx';
import type { RestApi } from './api.ts';
import { useAction } from './use-action.ts';

export function StateControls(props: { thread: ThreadSummary; rest: RestApi; defaultPauseSeconds: number }) {
  const { thread, rest } = props;
  const action = useAction();
  const [seconds, setSeconds] = useState('');
  const resolved = thread.status === 'resolved';
  const id = thread.threadId;

  const handover = () => {
    const text = seconds.trim();
    const value = text === '' ? undefined : Number(text);
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      void action.run(() => Promise.reject(new Error('The pause must be a number of seconds above 0, or empty for the default.')));
      return;
    }
    void action.run(() => rest.handover(id, value));
  };

  return (
    <section class="controls" aria-labelledby="controls-heading">
      <h3 id="controls-heading" class="visually-hidden">
        Actions
      </h3>
      <form
        class="handover"
        onSubmit={(event) => {
          event.preventDefault();
          if (!resolved) handover();
        }}
      >
        <label for="pause-seconds">Pause (seconds)</label>
        <input
          id="pause-seconds"
          class="seconds"
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
          placeholder={String(props.defaultPauseSeconds)}
          aria-describedby="pause-seconds-hint"
          value={seconds}
          onInput={(event) => setSeconds(event.currentTarget.value)}
        />
        <span id="pause-seconds-hint" class="visually-hidden">
          {`Empty: the default, ${props.defaultPauseSeconds} seconds.`}
        </span>
        <ActionButton unavailable={resolved} onAction={handover}>
          Hand over
        </ActionButton>
      </form>
      <div class="buttons">
        <ActionButton unavailable={resolved} onAction={() => void action.run(() => rest.resolve(id))}>
          Resolve
        </ActionButton>
        <ActionButton unavailable={thread.botPaused} onAction={() => void action.run(() => rest.pause(id))}>
          Pause bot
        </ActionButton>
        <ActionButton unavailable={!thread.botPaused} onAction={() => void action.run(() => rest.resume(id))}>
          Resume bot
        </ActionButton>
      </div>
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
    </section>
  );
}
