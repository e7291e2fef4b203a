// Where the emulator POSTs its webhook events: set, clear, or use its built-in receiver.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ConsoleSettings } from '../core/model.ts';
import { useAction } from './use-action.ts';

export function WebhookSettings(props: {
  settings: ConsoleSettings;
  setWebhookUrl: (url: string | null) => Promise<void>;
  /** The page's origin, to make the receiver's path absolute. */
  origin: string;
}) {
  const current = props.settings.webhookUrl ?? '';
  const [draft, setDraft] = useState(current);
  const action = useAction();
  // A change from elsewhere (another console, the CLI) shows up in the field.
  useEffect(() => setDraft(current), [current]);
  const receiver = new URL(props.settings.receiverPath, props.origin).href;

  const save = (url: string | null) => {
    if (url !== null) setDraft(url);
    void action.run(() => props.setWebhookUrl(url));
  };

  return (
    <form
      class="webhook-settings"
      onSubmit={(event) => {
        event.preventDefault();
        const url = draft.trim();
        save(url === '' ? null : url);
      }}
    >
      <label for="webhook-url">Webhook URL</label>
      <input
        id="webhook-url"
        type="url"
        autoComplete="off"
        placeholder="https://…"
        aria-describedby="webhook-current"
        value={draft}
        onInput={(event) => setDraft(event.currentTarget.value)}
      />
      <div class="buttons">
        <button type="submit" class="button" disabled={action.busy}>
          Save
        </button>
        <button type="button" class="button quiet" disabled={action.busy} onClick={() => save(null)}>
          Clear
        </button>
        <button type="button" class="button quiet" disabled={action.busy} onClick={() => save(receiver)}>
          Use the built-in receiver
        </button>
      </div>
      <p id="webhook-current" class="hint" role="status">
        {current ? (
          <span>
            Events go to <code class="url">{current}</code>
          </span>
        ) : (
          'No webhook: events are logged here but not sent.'
        )}
      </p>
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
    </form>
  );
}
