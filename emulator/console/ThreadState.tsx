// A thread's state: conversation status, bot active or paused (with the handover pause's
// countdown), visitor presence and tags. Changes of status are announced; the countdown is not.
import { h } from 'preact';
import type { ThreadSummary } from '../core/model.ts';
import { clock, countdown, isoTime, STATUS_LABEL } from './format.ts';
import { useNow } from './use-now.ts';

export function ThreadState({ thread }: { thread: ThreadSummary }) {
  const until = thread.botPaused ? thread.pausedUntil : undefined;
  const now = useNow(until !== undefined);
  const tags = Object.entries(thread.tags ?? {});
  const sockets = thread.openSockets;
  return (
    <div class="state">
      <p class="visually-hidden" role="status">
        {`Conversation ${STATUS_LABEL[thread.status].toLowerCase()}, bot ${thread.botPaused ? 'paused' : 'active'}.`}
      </p>
      <dl class="facts">
        <div>
          <dt>Conversation</dt>
          <dd>
            <span class={`badge status-${thread.status}`}>{STATUS_LABEL[thread.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Bot</dt>
          <dd>
            {!thread.botPaused ? (
              <span class="badge active">Active</span>
            ) : (
              <span>
                <span class="badge paused">Paused</span>
                {until !== undefined && (
                  <span class="until">
                    {' until '}
                    <time dateTime={isoTime(until)}>{clock(until)}</time>
                    {` (${countdown(until - now)} left)`}
                  </span>
                )}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Visitor</dt>
          <dd>{sockets > 0 ? `Online (${sockets} open socket${sockets === 1 ? '' : 's'})` : 'Offline'}</dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>
            {tags.length === 0 ? (
              <span class="muted">none</span>
            ) : (
              <ul class="tags">
                {tags.map(([key, value]) => (
                  <li key={key}>
                    <code>{key}</code>: {value}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
