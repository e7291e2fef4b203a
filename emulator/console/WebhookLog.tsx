// The webhook log: each event, each attempt (time, status or error, duration; a resend's marked),
// its state and next attempt, its JSON body on demand, and Resend. The newest come first; older
// ones on request.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { WebhookAttempt, WebhookDelivery } from '../core/model.ts';
import { DroppedNote } from './DroppedNote.tsx';
import { attemptResult, bodyThread, clock, DELIVERY_LABEL, isoTime } from './format.ts';
import { ResendButton } from './ResendButton.tsx';
import type { ConsoleStore } from './store.ts';
import { useSignalValue } from './use-signal.ts';
import { WebhookSettings } from './WebhookSettings.tsx';
import { ApiKeys } from './ApiKeys.tsx';

const PAGE = 50;

export function WebhookLog(props: { store: ConsoleStore; origin: string }) {
  const { store } = props;
  const settings = useSignalValue(store.settings);
  const deliveries = useSignalValue(store.webhooks);
  const selectedId = useSignalValue(store.selectedId);
  const [onlySelected, setOnlySelected] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const filtered =
    onlySelected && selectedId !== undefined ? deliveries.filter((delivery) => bodyThread(delivery.body) === selectedId) : deliveries;
  const shown = filtered.slice(0, limit);

  return (
    <aside class="column webhooks" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      {settings && <WebhookSettings settings={settings} setWebhookUrl={store.setWebhookUrl} origin={props.origin} />}
      {settings && <ApiKeys settings={settings} />}
      <h3 id="deliveries-heading">
        Deliveries <span class="count">({filtered.length})</span>
      </h3>
      <DroppedNote store={store} bounds={['webhooks', 'webhookQueue']}>
        Older webhook events were dropped: the emulator keeps a bounded log.
      </DroppedNote>
      <label class="check">
        <input
          type="checkbox"
          checked={onlySelected}
          disabled={selectedId === undefined}
          onChange={(event) => setOnlySelected(event.currentTarget.checked)}
        />
        Only the selected thread
      </label>
      <p id="resend-note" class="hint">
        Resend sends an event again now, with the same id, as a new attempt outside the retry schedule. The real service has no manual
        retry: this is the emulator's tool for testing your receiver.
      </p>
      {shown.length === 0 ? (
        <p class="empty">No webhook event yet.</p>
      ) : (
        <ol class="deliveries" aria-labelledby="deliveries-heading">
          {shown.map((delivery) => (
            <Delivery key={delivery.id} delivery={delivery} resend={store.resendWebhook} />
          ))}
        </ol>
      )}
      {filtered.length > limit && (
        <button type="button" class="button quiet" onClick={() => setLimit(limit + PAGE)}>
          {`Show ${Math.min(PAGE, filtered.length - limit)} older`}
        </button>
      )}
    </aside>
  );
}

function Delivery({ delivery, resend }: { delivery: WebhookDelivery; resend: (deliveryId: string) => Promise<WebhookAttempt> }) {
  const thread = bodyThread(delivery.body);
  const headId = `delivery-${delivery.id}`;
  return (
    <li class={`delivery state-${delivery.state}`}>
      <p class="delivery-head" id={headId}>
        <strong class="type">{delivery.type}</strong>
        <span class={`badge state-${delivery.state}`}>{DELIVERY_LABEL[delivery.state]}</span>
        <time class="muted" dateTime={isoTime(delivery.createdAt)}>
          {clock(delivery.createdAt)}
        </time>
      </p>
      <p class="delivery-meta muted">
        <span>{`id ${delivery.id}`}</span>
        {thread && <span>{`thread ${thread}`}</span>}
        <span class="url">{delivery.url}</span>
      </p>
      {delivery.attempts.length > 0 && (
        <ol class="attempts" aria-label={`Attempts of ${delivery.type} ${delivery.id}`}>
          {delivery.attempts.map((attempt, index) => (
            <Attempt key={index} attempt={attempt} number={index + 1} />
          ))}
        </ol>
      )}
      {delivery.state === 'pending' && delivery.attempts.every((attempt) => attempt.resend) && <p class="muted">Not attempted yet.</p>}
      {delivery.nextAttemptAt !== undefined && delivery.state === 'retrying' && (
        <p class="next">
          {'Next attempt at '}
          <time dateTime={isoTime(delivery.nextAttemptAt)}>{clock(delivery.nextAttemptAt)}</time>
        </p>
      )}
      {delivery.state === 'failed' && <p class="next">Given up: no further attempt.</p>}
      {delivery.state === 'dropped' && <p class="next">Dropped unsent: too many events were waiting.</p>}
      <details class="body">
        <summary>Body</summary>
        <pre>{JSON.stringify(delivery.body, null, 2)}</pre>
      </details>
      <ResendButton deliveryId={delivery.id} resend={resend} describedBy={`${headId} resend-note`} />
    </li>
  );
}

function Attempt({ attempt, number }: { attempt: WebhookAttempt; number: number }) {
  const { ok, text } = attemptResult(attempt);
  return (
    <li class={`attempt ${ok ? 'ok' : 'failed'}${attempt.resend ? ' resent' : ''}`}>
      {`#${number} ${attempt.resend ? 'resend ' : ''}`}
      <time dateTime={isoTime(attempt.at)}>{clock(attempt.at)}</time>
      {` · ${text} · ${Math.round(attempt.durationMs)} ms`}
    </li>
  );
}
