// The agent's name and picture as replies carry them (originator.name, profile.picture).
import { h } from 'preact';
import type { Signal } from '@preact/signals-core';
import { isPictureUrl } from './agent.ts';
import type { Agent } from './api.ts';
import { useSignalValue } from './use-signal.ts';

export function AgentProfile(props: { agent: Signal<Agent>; update: (change: Partial<Agent>) => void }) {
  const agent = useSignalValue(props.agent);
  const pictureOk = isPictureUrl(agent.picture.trim());
  return (
    <details class="agent">
      <summary>
        {agent.picture && pictureOk && (
          <img class="avatar" src={agent.picture} alt="" width={24} height={24} referrerPolicy="no-referrer" />
        )}
        <span>
          Replying as <strong>{agent.name.trim() || 'Agent'}</strong>
        </span>
      </summary>
      <div class="agent-fields">
        <label for="agent-name">Agent name</label>
        <input
          id="agent-name"
          type="text"
          autoComplete="off"
          value={agent.name}
          onInput={(event) => props.update({ name: event.currentTarget.value })}
        />
        <label for="agent-picture">Picture URL</label>
        <input
          id="agent-picture"
          type="url"
          autoComplete="off"
          placeholder="https://…"
          value={agent.picture}
          aria-invalid={pictureOk ? undefined : 'true'}
          aria-describedby="agent-picture-hint"
          onInput={(event) => props.update({ picture: event.currentTarget.value.trim() })}
        />
        <p id="agent-picture-hint" class={pictureOk ? 'hint' : 'hint error'}>
          {pictureOk ? 'Shown to the visitor with your replies. Empty: no picture.' : 'Not an http(s) URL: replies carry no picture.'}
        </p>
      </div>
    </details>
  );
}
