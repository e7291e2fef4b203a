// Triggers an event on the thread: the list is the service's (GET trigger/event?sync=true),
// loaded once and on demand; the trigger is POST trigger/event/{threadId}?eventName=.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RestApi } from './api.ts';
import { useAction } from './use-action.ts';

export function EventTrigger(props: { threadId: string; rest: RestApi }) {
  const [events, setEvents] = useState<string[] | undefined>(undefined);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState('');
  const list = useAction();
  const trigger = useAction();

  const load = () =>
    list.run(async () => {
      const items = await props.rest.listEvents();
      setEvents(items);
      setChosen((current) => (items.includes(current) ? current : (items[0] ?? '')));
    });

  useEffect(() => {
    void load();
  }, []);

  const fire = async () => {
    if (!chosen) return;
    setDone('');
    const name = chosen;
    if (await trigger.run(() => props.rest.triggerEvent(props.threadId, name))) setDone(`Triggered ${name}.`);
  };

  return (
    <form
      class="trigger"
      onSubmit={(event) => {
        event.preventDefault();
        void fire();
      }}
    >
      {events && events.length === 0 ? (
        <span>
          Trigger an event: <span class="muted">none has manual triggering enabled.</span>
        </span>
      ) : (
        <label for="event-name">Trigger an event</label>
      )}
      {!(events && events.length === 0) && (
        <select id="event-name" value={chosen} disabled={!events} onChange={(event) => setChosen(event.currentTarget.value)}>
          {!events && <option value="">Loading…</option>}
          {events?.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      )}
      <button type="submit" class="button" disabled={!chosen || trigger.busy}>
        Trigger
      </button>
      <button type="button" class="button quiet" onClick={() => void load()} disabled={list.busy}>
        Reload list
      </button>
      <span class="muted" role="status">
        {done}
      </span>
      {(list.error || trigger.error) && (
        <p class="error" role="alert">
          {trigger.error ?? list.error}
        </p>
      )}
    </form>
  );
}
