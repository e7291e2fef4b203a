// The agent console: threads | conversation | webhooks (stacked on a narrow screen).
import { Fragment, h } from 'preact';
import type { Signal } from '@preact/signals-core';
import { AgentProfile } from './AgentProfile.tsx';
import type { Agent, RestApi } from './api.ts';
import { Conversation } from './Conversation.tsx';
import { FeedIndicator } from './FeedIndicator.tsx';
import type { ConsoleStore } from './store.ts';
import { ThreadList } from './ThreadList.tsx';
import { useSignalValue } from './use-signal.ts';
import { WebhookLog } from './WebhookLog.tsx';

export interface ConsoleAppProps {
  store: ConsoleStore;
  rest: RestApi;
  agent: Signal<Agent>;
  updateAgent: (change: Partial<Agent>) => void;
  /** The page's origin (the built-in receiver's URL is made absolute with it). */
  origin: string;
}

export function ConsoleApp(props: ConsoleAppProps) {
  const { store } = props;
  const feed = useSignalValue(store.feed);
  const loadError = useSignalValue(store.loadError);
  return (
    <Fragment>
      <a class="skip" href="#conversation">
        Skip to the conversation
      </a>
      <header class="top">
        <h1>Parley agent console</h1>
        <FeedIndicator status={feed} />
        <AgentProfile agent={props.agent} update={props.updateAgent} />
      </header>
      {loadError && (
        <p class="error banner" role="alert">
          {`The emulator's state could not be loaded: ${loadError}`}
        </p>
      )}
      <div class="columns">
        <ThreadList store={store} />
        <Conversation store={store} rest={props.rest} agent={props.agent} />
        <WebhookLog store={store} origin={props.origin} />
      </div>
    </Fragment>
  );
}
