// The demo page's chat: plain DOM on top of the headless client. Service text is only ever
// set through textContent. The <parley-chat> widget replaces this page's chat in the next step.
import { effect } from '@preact/signals-core';
import { createChatClient, type ConnectionStatus, type TranscriptEntry } from '../src/index.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = byId<HTMLDivElement>('log');
const statusText = byId<HTMLSpanElement>('status');
const typing = byId<HTMLDivElement>('typing');
const replies = byId<HTMLDivElement>('replies');
const errorBox = byId<HTMLParagraphElement>('error');
const composer = byId<HTMLFormElement>('composer');
const input = byId<HTMLInputElement>('text');
const secretToggle = byId<HTMLInputElement>('secret');
const resetButton = byId<HTMLButtonElement>('reset');

const secretMode = localStorage.getItem('parley-demo-secret') === '1';
secretToggle.checked = secretMode;
secretToggle.addEventListener('change', () => {
  localStorage.setItem('parley-demo-secret', secretToggle.checked ? '1' : '0');
  location.reload();
});

const client = createChatClient({
  // Each mode keeps its own thread: the clientId keys the stored conversation.
  clientId: secretMode ? 'e2e' : 'demo',
  baseUrl: '/mock',
  ...(secretMode ? { sdkUrl: '/mock/sdk' } : {}),
  startEvent: 'welcome',
});
client.setUser({ name: 'Demo visitor' });
client.connect();

function describe(status: ConnectionStatus): string {
  switch (status.state) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return 'Connecting…';
    case 'open':
      return 'Online';
    case 'offline':
      return 'Offline: waiting for the network';
    case 'reconnecting': {
      if (status.retryAt === undefined) return 'Reconnecting…';
      const seconds = Math.max(1, Math.ceil((status.retryAt - Date.now()) / 1000));
      return `Reconnecting in ${seconds} s…`;
    }
    case 'error':
      return `Cannot connect: ${status.error.message}`;
  }
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function bubble(entry: TranscriptEntry): HTMLElement {
  const element = document.createElement('div');
  element.className = 'bubble';
  if (entry.kind === 'user') {
    element.dataset.from = 'user';
    element.dataset.status = entry.status;
  } else {
    element.dataset.from = entry.from;
    if (entry.isFallback) element.classList.add('fallback');
    if (entry.from === 'agent') {
      const who = document.createElement('span');
      who.className = 'who';
      if (entry.picture) {
        const picture = document.createElement('img');
        picture.src = entry.picture;
        picture.alt = '';
        who.append(picture);
      }
      who.append(entry.name ?? 'Agent');
      element.append(who);
    }
  }
  element.append(entry.text);
  const meta = document.createElement('span');
  meta.className = 'meta';
  meta.textContent = entry.kind === 'user' ? `${time.format(entry.at)} · ${entry.status}` : time.format(entry.at);
  element.append(meta);
  if (entry.kind === 'user' && entry.status === 'failed') {
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Retry';
    retry.addEventListener('click', () => client.retry(entry.traceId));
    element.append(retry);
  }
  return element;
}

effect(() => {
  const visible = client.entries.value.filter((entry) => !(entry.kind === 'user' && entry.hidden));
  log.replaceChildren(...visible.map(bubble));
  log.scrollTop = log.scrollHeight;
});

// The countdown of "Reconnecting in N s" needs a tick of its own.
effect(() => {
  const status = client.status.value;
  statusText.textContent = describe(status);
  if (status.state !== 'reconnecting' || status.retryAt === undefined) return;
  const timer = setInterval(() => (statusText.textContent = describe(status)), 1000);
  return () => clearInterval(timer);
});

effect(() => {
  typing.hidden = !client.typing.value;
});

effect(() => {
  replies.replaceChildren(
    ...client.quickReplies.value.map((reply) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = reply.label;
      button.addEventListener('click', () => {
        void client.sendQuickReply(reply);
        input.focus();
      });
      return button;
    }),
  );
});

effect(() => {
  const message = client.serviceError.value;
  errorBox.hidden = !message;
  errorBox.textContent = message ? `The service could not process a message: ${message}` : '';
});

composer.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value;
  input.value = '';
  client.send(text).catch((error: unknown) => {
    input.value = text;
    errorBox.hidden = false;
    errorBox.textContent = String(error instanceof Error ? error.message : error);
  });
});

resetButton.addEventListener('click', () => void client.reset());
