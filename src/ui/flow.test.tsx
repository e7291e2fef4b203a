// @vitest-environment happy-dom
// The UI on a real client with a fake socket: connect, send, delivery, a bot reply with quick
// replies after a typing delay, and a quick reply click.
import { h } from 'preact';
import { signal } from '@preact/signals-core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakePlatform, fakeSocketClass } from '../../test/fakes.ts';
import { createChatClient } from '../client/create-chat-client.ts';
import { memoryStore } from '../store/memory-store.ts';
import { ChatApp } from './App.tsx';
import { panelStrings } from '../i18n/strings.ts';
import type { WidgetView } from './view.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2024, 4, 1, 9, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
  });
}

it('runs a whole conversation through the real client', async () => {
  const sockets = fakeSocketClass();
  let uuids = 0;
  const client = createChatClient({
    clientId: 'client-1',
    baseUrl: 'https://service.test',
    platform: fakePlatform({ WebSocket: sockets.SocketClass, uuid: () => `uuid-${++uuids}` }),
    store: memoryStore(),
    locale: { language: () => 'en', timezoneHours: () => 0 },
  });
  const open = signal(false);
  const view: WidgetView = {
    client,
    open,
    inline: signal(false),
    drawing: signal({ markdown: false, renderers: undefined, element: document.createElement('parley-chat') }),
    draft: signal<string | undefined>(undefined),
    heading: signal('Help'),
    strings: signal(panelStrings('en', undefined, {})),
    setOpen(value) {
      open.value = value;
      if (value) client.connect(); // as the element does on first open
    },
    focusLauncher: () => {},
  };
  const { container } = render(<ChatApp view={view} />);
  const messages = (from: string) => [...container.querySelectorAll<HTMLElement>(`[part~="message"][data-from="${from}"]`)];
  const status = () => container.querySelector('[part~="status"]')!.textContent;

  await act(() => view.setOpen(true)); // the launcher's click (the loader's: loader/launcher.ts)
  await settle();
  expect(status()).toBe('Connecting…');
  const socket = sockets.last();
  await act(() => {
    socket.open();
  });
  expect(status()).toBe('Online');

  const textbox = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.input(textbox, { target: { value: 'Hello' } });
  fireEvent.keyDown(textbox, { key: 'Enter' });
  await settle();
  const [mine] = messages('user');
  expect(mine!.textContent).toContain('Hello');
  expect(mine!.dataset.status).toBe('sent');
  const sent = socket.frames().find((f) => f.type === 'message.send')!;
  expect(sent.payload).toMatchObject({ speech: 'Hello', traceId: 1 });

  const threadId = client.threadId;
  await act(() => {
    socket.receive({ type: 'message.delivered', payload: { threadId, traceId: 1 } });
  });
  expect(messages('user')[0]!.dataset.status).toBe('delivered');
  expect(messages('user')[0]!.textContent).toContain('Delivered');

  await act(() =>
    socket.receive({
      type: 'message.received',
      payload: {
        threadId,
        originator: { role: 'bot' },
        messages: [
          {
            responses: [
              {
                type: 'text',
                delay: 1000,
                payload: { text: 'Hi! Need help?', quickReplies: [{ label: 'Yes please', value: 'yes', type: 'text' }, { label: 'No' }] },
              },
            ],
          },
        ],
      },
    }),
  );
  expect(container.querySelector('[part~="typing"]')).not.toBeNull();
  expect(messages('bot')).toHaveLength(0);
  expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();

  await act(() => {
    vi.advanceTimersByTime(1000);
  });
  expect(container.querySelector('[part~="typing"]')).toBeNull();
  expect(messages('bot')[0]!.textContent).toContain('Hi! Need help?');
  const group = screen.getByRole('group', { name: 'Suggested replies' });

  fireEvent.click(within(group).getByRole('button', { name: 'Yes please' }));
  await settle();
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  expect(messages('user').map((m) => m.querySelector('.bubble')!.textContent)).toEqual(['Hello', 'Yes please']);
  expect(screen.queryByRole('group', { name: 'Suggested replies' })).toBeNull();
  const frames = socket.frames().filter((f) => f.type === 'message.send');
  expect(frames.at(-1)!.payload).toMatchObject({ speech: 'yes', traceId: 2 });

  // Closed: a reply counts as unread (the loader's launcher shows the count: element.test.ts).
  fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
  await act(() =>
    socket.receive({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Great!' } }] }] },
    }),
  );
  expect(client.unread.value).toBe(1);

  await client.destroy();
});
