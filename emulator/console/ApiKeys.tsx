// The keys a back end needs to call this emulator: made at random at each start unless set
// (emulator contract, "no published key"), so the console is where a developer finds them.
import { h } from 'preact';
import type { ConsoleSettings } from '../core/model.ts';

export function ApiKeys(props: { settings: ConsoleSettings }) {
  const { apiKey, managementKey } = props.settings;
  return (
    <details class="api-keys">
      <summary>API keys</summary>
      <dl>
        <dt>REST</dt>
        <dd>
          <code class="url">{`Authorization: ${apiKey}`}</code>
        </dd>
        <dt>Management</dt>
        <dd>
          <code class="url">{`Authorization: Bearer ${managementKey}`}</code>
        </dd>
      </dl>
      <p class="hint">Made at random at each start unless set with --api-key and --management-key.</p>
    </details>
  );
}
