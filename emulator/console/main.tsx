// The console page's entry: the real fetch, EventSource and localStorage, wired to the app.
import { h, render } from 'preact';
import { createAgent } from './agent.ts';
import { createConsoleApi, createRestApi } from './api.ts';
import { ConsoleApp } from './App.tsx';
import { createConsoleStore } from './store.ts';

const fetchFn = globalThis.fetch.bind(globalThis);
const store = createConsoleStore({ api: createConsoleApi(fetchFn), EventSource });
const rest = createRestApi(() => store.settings.peek(), fetchFn);
const { agent, update } = createAgent();

render(
  <ConsoleApp store={store} rest={rest} agent={agent} updateAgent={update} origin={location.origin} />,
  document.getElementById('app')!,
);
store.start();
