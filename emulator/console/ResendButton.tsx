// Resend on a delivery of the webhook log: its event sent again now, same `id`, as a new attempt
// (the control API's resend, through the console's own API). The new attempt shows in the log
// when the feed brings it; here only what the call answered, or why it failed.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { WebhookAttempt } from '../core/model.ts';
import { ActionButton } from './ActionButton.tsx';
import { attemptResult } from './format.ts';
import { useAction } from './use-action.ts';

export function ResendButton(props: {
  deliveryId: string;
  resend: (deliveryId: string) => Promise<WebhookAttempt>;
  /** What the button's description names: the delivery, and the note on resends. */
  describedBy: string;
}) {
  const action = useAction();
  const [done, setDone] = useState('');

  const resend = () => {
    setDone('');
    void action.run(async () => {
      const attempt = await props.resend(props.deliveryId);
      setDone(`Resent: ${attemptResult(attempt).text}.`);
    });
  };

  return (
    <div class="resend">
      {/* Stays focusable while it runs (aria-disabled): the keyboard user is still on it. */}
      <ActionButton class="button quiet" unavailable={action.busy} describedBy={props.describedBy} onAction={resend}>
        Resend
      </ActionButton>
      <span class="muted" role="status">
        {action.busy ? 'Resending…' : done}
      </span>
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
    </div>
  );
}
