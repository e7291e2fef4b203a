// The live list of threads, those waiting for an agent first, then the newest activity: a list of buttons, the selected one
// aria-current. Arrow keys, Home and End move between them.
import { h } from 'preact';
import type { ThreadSummary } from '../core/model.ts';
import { DroppedNote } from './DroppedNote.tsx';
import { ago, clock, isoTime, STATUS_LABEL } from './format.ts';
import type { ConsoleStore } from './store.ts';
import { useNow } from './use-now.ts';
import { useSignalValue } from './use-signal.ts';

export function ThreadList({ store }: { store: ConsoleStore }) {
  const threads = useSignalValue(store.threads);
  const selectedId = useSignalValue(store.selectedId);
  const unread = useSignalValue(store.unread);

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('button.thread')];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const to =
      event.key === 'ArrowDown'
        ? at + 1
        : event.key === 'ArrowUp'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : -1;
    if (to < 0 || to >= buttons.length) return;
    event.preventDefault();
    buttons[to]!.focus();
  };

  return (
    <nav class="column threads" aria-labelledby="threads-heading">
      <h2 id="threads-heading">
        Threads <span class="count">({threads.length})</span>
      </h2>
      <DroppedNote store={store} bounds={['threads', 'threadBytes', 'transcript']}>
        Older threads or messages were dropped: the emulator keeps a bounded history.
      </DroppedNote>
      {threads.length === 0 ? (
        <p class="empty">No conversation yet: open the widget and say something.</p>
      ) : (
        <ul class="thread-list" onKeyDown={onKeyDown}>
          {threads.map((thread, index) => (
            <li key={thread.threadId}>
              <ThreadItem
                id={`thread-${index}`}
                thread={thread}
                current={thread.threadId === selectedId}
                isNew={unread.has(thread.threadId)}
                onSelect={() => store.select(thread.threadId)}
              />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * Named by the visitor's name where a message gave one (else "Visitor") and the thread's id, then
 * described by the last message, how long ago, and the tags: short names that actions' names do
 * not collide with.
 */
function ThreadItem(props: { id: string; thread: ThreadSummary; current: boolean; isNew: boolean; onSelect: () => void }) {
  const { thread, id } = props;
  const online = thread.openSockets > 0;
  const now = useNow(true, 30_000);
  const names = `${id}-name ${id}-id${props.isNew ? ` ${id}-new` : ''}`;
  return (
    <button
      type="button"
      class="thread"
      aria-current={props.current ? 'true' : undefined}
      aria-labelledby={names}
      aria-describedby={thread.lastText ? `${id}-text ${id}-time ${id}-tags` : `${id}-time ${id}-tags`}
      onClick={props.onSelect}
    >
      <span class="thread-top">
        <span class="thread-name" id={`${id}-name`}>
          {thread.visitorName ?? 'Visitor'}
        </span>
        {props.isNew && (
          <span class="new" id={`${id}-new`}>
            New
          </span>
        )}
        <time class="muted" id={`${id}-time`} dateTime={isoTime(thread.lastActivityAt)} title={clock(thread.lastActivityAt)}>
          {ago(thread.lastActivityAt, now)}
        </time>
      </span>
      <span class="thread-id muted" id={`${id}-id`}>
        {thread.threadId}
      </span>
      {thread.lastText && (
        <span class="thread-text" id={`${id}-text`}>
          {thread.lastText}
        </span>
      )}
      <span class="thread-tags" id={`${id}-tags`}>
        <span class={`badge status-${thread.status}`}>{STATUS_LABEL[thread.status]}</span>
        {thread.botPaused && <span class="badge paused">Bot paused</span>}
        <span class={online ? 'presence online' : 'presence'}>{online ? 'Visitor online' : 'Visitor offline'}</span>
      </span>
    </button>
  );
}
