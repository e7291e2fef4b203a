// The selected thread: its state, the agent's actions on it, its transcript and the composer.
// Everything under the thread's key starts afresh (draft, errors) when another thread is chosen.
import { h } from 'preact';
import type { Signal } from '@preact/signals-core';
import type { Agent, RestApi } from './api.ts';
import { Composer } from './Composer.tsx';
import { EventTrigger } from './EventTrigger.tsx';
import { StateControls } from './StateControls.tsx';
import type { ConsoleStore } from './store.ts';
import { ThreadState } from './ThreadState.tsx';
import { Transcript } from './Transcript.tsx';
import { useSignalValue } from './use-signal.ts';

export function Conversation(props: { store: ConsoleStore; rest: RestApi; agent: Signal<Agent> }) {
  const { store, rest } = props;
  const selectedId = useSignalValue(store.selectedId);
  const thread = useSignalValue(store.selected);
  const transcript = useSignalValue(store.transcript);
  const transcriptError = useSignalValue(store.transcriptError);
  const settings = useSignalValue(store.settings);
  const agent = useSignalValue(props.agent);

  return (
    <main id="conversation" class="column conversation" aria-labelledby="conversation-heading" tabIndex={-1}>
      {selectedId === undefined ? (
        <div class="placeholder">
          <h2 id="conversation-heading">No thread selected</h2>
          <p class="muted">Choose a thread in the list to read it and answer as an agent.</p>
        </div>
      ) : (
        <div class="thread-view" key={selectedId}>
          <h2 id="conversation-heading">
            Thread <span class="thread-id">{selectedId}</span>
          </h2>
          {thread ? (
            <div class="thread-panel">
              <ThreadState thread={thread} />
              <StateControls thread={thread} rest={rest} defaultPauseSeconds={settings?.defaultPauseSeconds ?? 0} />
              <EventTrigger threadId={thread.threadId} rest={rest} />
            </div>
          ) : (
            !transcriptError && <p class="muted">Loading…</p>
          )}
          <h3 id="transcript-heading" class="transcript-heading">
            Transcript
          </h3>
          {transcriptError ? (
            <p class="error" role="alert">
              {transcriptError}
            </p>
          ) : transcript ? (
            <Transcript entries={transcript} />
          ) : (
            <p class="muted">Loading the transcript…</p>
          )}
          {thread && <Composer threadId={thread.threadId} rest={rest} agent={agent} />}
        </div>
      )}
    </main>
  );
}
