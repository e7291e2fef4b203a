// @vitest-environment happy-dom
// The console page with a fake emulator behind fetch and EventSource.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadSummary, TranscriptEntry, WebhookDelivery } from '../core/model.ts';
import { AGENT_KEY, createAgent } from './agent.ts';
import { createConsoleApi, createRestApi } from './api.ts';
import { ConsoleApp } from './App.tsx';
import { createConsoleStore } from './store.ts';
import { delivery, entry, FakeEventSource, fakeFetch, SETTINGS, thread } from '../../test/emulator/console-fakes.ts';

afterEach(cleanup);

let threads: ThreadSummary[];
let transcripts: Map<string, TranscriptEntry[]>;
let webhooks: WebhookDelivery[];
let restAnswer: { status: number; body: unknown };

beforeEach(() => {
  FakeEventSource.instances = [];
  threads = [
    thread('older', { lastActivityAt: 1_000, lastText: 'first' }),
    thread('newer', { lastActivityAt: 2_000, lastText: 'help please', openSockets: 1 }),
  ];
  transcripts = new Map([
    ['older', []],
    ['newer', [entry('newer', { id: 'v1', speech: 'I want a human' })]],
  ]);
  webhooks = [];
  restAnswer = { status: 200, body: { status: 'ok' } };
});

async function openConsole(storage = new Map<string, string>()) {
  const rest = () => restAnswer;
  const t = fakeFetch({
    'GET api/state': () => ({ body: { settings: SETTINGS, threads, webhooks } }),
    'PUT api/webhook': (call) => ({
      body: { status: 'ok', settings: { ...SETTINGS, webhookUrl: (call.body as { url: string | null }).url ?? undefined } },
    }),
    'GET /parley-emulator/rest/v1/trigger/event?sync=true': () => ({ body: { status: 'ok', result: { items: ['welcome', 'show_card'] } } }),
    ...Object.fromEntries(
      ['older', 'newer'].map((id) => [
        `GET api/threads/${id}`,
        () => ({ body: { thread: threads.find((x) => x.threadId === id), transcript: transcripts.get(id) } }),
      ]),
    ),
    ...Object.fromEntries(
      ['messages', 'handover', 'resolve', 'pause', 'trigger/event'].flatMap((verb) =>
        ['older', 'newer'].map((id) => [`POST /parley-emulator/rest/v1/${verb}/${id}`, rest]),
      ),
    ),
    'DELETE /parley-emulator/rest/v1/pause/newer': rest,
  });
  const store = createConsoleStore({ api: createConsoleApi(t.fetch), EventSource: FakeEventSource });
  const restApi = createRestApi(() => store.settings.peek(), t.fetch);
  const agentStore = createAgent({ getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) });
  const view = render(
    <ConsoleApp store={store} rest={restApi} agent={agentStore.agent} updateAgent={agentStore.update} origin="http://127.0.0.1:5199" />,
  );
  store.start();
  await act(async () => {
    FakeEventSource.last.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const feed = (event: Parameters<FakeEventSource['send']>[0]) => act(() => FakeEventSource.last.send(event));
  const restCalls = () => t.calls.filter((call) => call.url.startsWith('/parley-emulator/rest/') && call.method !== 'GET');
  const select = async (id: string) => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Visitor ${id}`) }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { ...view, store, calls: t.calls, restCalls, feed, select, storage };
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Does `fn` and lets the REST call and the re-render it started finish. */
async function run(fn: () => void) {
  await act(async () => {
    fn();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('agent console', () => {
  it('has landmarks and headings: threads, conversation, webhooks', async () => {
    await openConsole();
    expect(screen.getByRole('heading', { level: 1, name: 'Parley agent console' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /Threads/ })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Webhooks' })).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('shows the API keys this start made, for a back end to copy', async () => {
    await openConsole();
    const keys = screen.getByText('API keys').closest('details')!;
    expect(keys.textContent).toContain('Authorization: test-key');
    expect(keys.textContent).toContain('Authorization: Bearer test-management-key');
  });

  it('lists threads newest first, with presence and a New marker for unseen activity', async () => {
    const t = await openConsole();
    const nav = screen.getByRole('navigation', { name: /Threads/ });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.querySelector('.thread-id')!.textContent)).toEqual(['newer', 'older']);
    expect(buttons[0]!.textContent).toContain('Visitor online');
    expect(buttons[1]!.textContent).toContain('Visitor offline');
    t.feed({ kind: 'entry', entry: entry('older', { speech: 'anyone?' }) });
    t.feed({ kind: 'thread', thread: thread('older', { lastActivityAt: 3_000, lastText: 'anyone?' }) });
    const updated = within(nav).getAllByRole('button');
    expect(updated[0]!.textContent).toContain('older');
    expect(updated[0]!.textContent).toContain('New');
    expect(updated[0]!.textContent).toContain('anyone?');
  });

  it('moves between threads with the arrow keys, Home and End', async () => {
    await openConsole();
    const buttons = within(screen.getByRole('navigation', { name: /Threads/ })).getAllByRole('button');
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[1]);
  });

  it('shows the selected thread (aria-current), its state and its transcript as a live log', async () => {
    const t = await openConsole();
    await t.select('newer');
    expect(screen.getByRole('button', { name: /^Visitor newer/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: /^Visitor older/ }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Thread newer' })).toBeTruthy();
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.textContent).toContain('Visitor');
    expect(log.textContent).toContain('I want a human');
    expect(screen.getByText('Online (1 open socket)')).toBeTruthy();

    t.feed({
      kind: 'entry',
      entry: entry('newer', {
        source: 'bot',
        originator: { role: 'bot', name: 'Parley' },
        speech: undefined,
        messages: [
          {
            fallback: 'A card',
            silent: false,
            originator: { role: 'bot' },
            responses: [
              { type: 'text', payload: { text: 'One moment, a person will answer.' } },
              { type: 'card', payload: { title: 'x' } },
            ],
          },
        ],
      }),
    });
    expect(log.textContent).toContain('Parley (bot)');
    expect(log.textContent).toContain('One moment, a person will answer.');
    expect(log.textContent).toContain('[card] A card');
  });

  it('renders every text as text, never as HTML', async () => {
    transcripts.set('newer', [entry('newer', { speech: '<img src=x onerror="alert(1)"><b>bold</b>' })]);
    const t = await openConsole();
    await t.select('newer');
    const log = screen.getByRole('log');
    expect(log.querySelector('img, b')).toBeNull();
    expect(log.textContent).toContain('<img src=x onerror="alert(1)"><b>bold</b>');
  });

  it('replies as a moderator with the agent’s name and picture, and clears the box', async () => {
    const t = await openConsole();
    fireEvent.click(screen.getByText(/Replying as/));
    fireEvent.input(screen.getByLabelText('Agent name'), { target: { value: 'Ada' } });
    fireEvent.input(screen.getByLabelText('Picture URL'), { target: { value: 'https://example.test/ada.png' } });
    expect(JSON.parse(t.storage.get(AGENT_KEY)!)).toEqual({ name: 'Ada', picture: 'https://example.test/ada.png' });
    await t.select('newer');
    const box = screen.getByRole('textbox', { name: 'Reply as Ada' }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Hello, I am Ada.' } });
    expect(screen.getByText('16 / 255')).toBeTruthy();
    await run(() => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(t.restCalls()).toEqual([
      expect.objectContaining({
        url: '/parley-emulator/rest/v1/messages/newer',
        headers: expect.objectContaining({ Authorization: 'test-key' }),
        body: {
          payload: {
            type: 'text',
            speech: 'Hello, I am Ada.',
            originator: { name: 'Ada', role: 'moderator', profile: { picture: 'https://example.test/ada.png' } },
          },
        },
      }),
    ]);
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it('remembers the agent from an earlier visit', async () => {
    await openConsole(new Map([[AGENT_KEY, JSON.stringify({ name: 'Bea', picture: '' })]]));
    expect(screen.getByText('Bea')).toBeTruthy();
  });

  it('blocks a reply over 255 characters, and keeps a refused one with the service’s reason', async () => {
    const t = await openConsole();
    await t.select('newer');
    const box = screen.getByRole('textbox', { name: /Reply as/ }) as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    fireEvent.input(box, { target: { value: 'x'.repeat(256) } });
    expect(screen.getByText('1 characters too many')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(send.disabled).toBe(true);

    restAnswer = { status: 400, body: { status: 'error', message: 'payload.speech is too long' } };
    fireEvent.input(box, { target: { value: 'kept' } });
    await run(() => {
      fireEvent.click(send);
    });
    expect(screen.getByRole('alert').textContent).toBe('payload.speech is too long');
    expect(box.value).toBe('kept');
  });

  it('hands over with the default pause or the given seconds, pauses and resumes', async () => {
    const t = await openConsole();
    await t.select('newer');
    const handover = screen.getByRole('button', { name: 'Hand over' });
    expect((screen.getByLabelText('Pause (seconds)') as HTMLInputElement).placeholder).toBe('300');
    await run(() => {
      fireEvent.click(handover);
    });
    fireEvent.input(screen.getByLabelText('Pause (seconds)'), { target: { value: '90' } });
    await run(() => {
      fireEvent.click(handover);
    });
    expect(t.restCalls().map((call) => call.body)).toEqual([{}, { secondsToPause: 90 }]);

    const pause = screen.getByRole('button', { name: 'Pause bot' });
    const resume = screen.getByRole('button', { name: 'Resume bot' });
    expect(resume.getAttribute('aria-disabled')).toBe('true');
    await run(() => {
      fireEvent.click(resume); // unavailable: nothing sent
      fireEvent.click(pause);
    });
    expect(t.restCalls().at(-1)).toMatchObject({ method: 'POST', url: '/parley-emulator/rest/v1/pause/newer' });
    t.feed({ kind: 'thread', thread: { ...threads[1]!, botPaused: true } });
    expect(pause.getAttribute('aria-disabled')).toBe('true');
    expect(resume.getAttribute('aria-disabled')).toBeNull();
    await run(() => {
      fireEvent.click(resume);
    });
    expect(t.restCalls().at(-1)).toMatchObject({ method: 'DELETE', url: '/parley-emulator/rest/v1/pause/newer' });
    expect(t.restCalls()).toHaveLength(4);
  });

  it('shows a handover pause with its end and a countdown', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(100_000);
    threads[1] = {
      ...threads[1]!,
      status: 'handover',
      botPaused: true,
      pausedUntil: 100_000 + 125_000,
      tags: { control_state: 'handover' },
    };
    const t = await openConsole();
    await t.select('newer');
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Handover');
    expect(main.textContent).toContain('(2:05 left)');
    expect(main.querySelector('.until time')!.getAttribute('dateTime')).toBe(new Date(225_000).toISOString());
    expect(main.textContent).toContain('control_state: handover');
    expect(screen.getByText('Conversation handover, bot paused.')).toBeTruthy();
  });

  it('makes handover and resolve unavailable once resolved', async () => {
    threads[1] = { ...threads[1]!, status: 'resolved' };
    const t = await openConsole();
    await t.select('newer');
    for (const name of ['Hand over', 'Resolve']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      await run(() => {
        fireEvent.click(button);
      });
    }
    expect(t.restCalls()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Pause bot' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows a REST error to the agent as an alert', async () => {
    const t = await openConsole();
    await t.select('newer');
    restAnswer = { status: 401, body: { status: 'error', message: 'wrong API key' } };
    await run(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('wrong API key');
  });

  it('lists the triggerable events and triggers one', async () => {
    const t = await openConsole();
    await t.select('newer');
    await flush();
    const select = screen.getByLabelText('Trigger an event') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['welcome', 'show_card']);
    fireEvent.change(select, { target: { value: 'show_card' } });
    await run(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Trigger' }));
    });
    expect(t.restCalls().at(-1)).toMatchObject({ url: '/parley-emulator/rest/v1/trigger/event/newer?eventName=show_card', body: {} });
    expect(screen.getByText('Triggered show_card.')).toBeTruthy();
  });

  it('logs each webhook delivery: type, state, attempts, next attempt and body', async () => {
    webhooks = [
      delivery('w1', { type: 'inbound', createdAt: 1 }),
      delivery('w2', {
        type: 'paused',
        createdAt: 2,
        state: 'retrying',
        attempts: [{ at: 10, error: 'HTTP 500', status: 500, durationMs: 4.2 }],
        nextAttemptAt: 20_000,
      }),
    ];
    const t = await openConsole();
    const log = screen.getByRole('list', { name: 'Deliveries (2)' });
    const items = within(log)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('delivery'));
    expect(items.map((item) => item.querySelector('.type')!.textContent)).toEqual(['paused', 'inbound']);
    expect(items[0]!.textContent).toContain('Retrying');
    expect(items[0]!.textContent).toContain('HTTP 500 · 4 ms');
    expect(items[0]!.textContent).toContain('Next attempt at');
    expect(items[0]!.querySelector('details pre')!.textContent).toContain('"type": "inbound"');

    t.feed({ kind: 'webhook', delivery: { ...webhooks[1]!, state: 'failed', nextAttemptAt: undefined } });
    const failed = screen.getAllByText('Failed')[0]!.closest('li')!;
    expect(failed.textContent).toContain('Given up');
    t.feed({ kind: 'webhook', delivery: delivery('w3', { type: 'resumed', createdAt: 3 }) });
    expect(screen.getByRole('list', { name: 'Deliveries (3)' })).toBeTruthy();
  });

  it('says once beside a list that the emulator dropped older items of it', async () => {
    const t = await openConsole();
    expect(screen.queryByRole('note')).toBeNull();
    t.feed({ kind: 'dropped', bound: 'frames' }); // not shown in the console
    expect(screen.queryByRole('note')).toBeNull();
    t.feed({ kind: 'dropped', bound: 'webhookQueue' });
    t.feed({ kind: 'dropped', bound: 'webhooks' });
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([
      'Older webhook events were dropped: the emulator keeps a bounded log.',
    ]);
    t.feed({ kind: 'webhook', delivery: delivery('w9', { state: 'dropped', createdAt: 9 }) });
    expect(screen.getByText('Dropped unsent: too many events were waiting.')).toBeTruthy();
    t.feed({ kind: 'dropped', bound: 'threads' });
    expect(screen.getAllByRole('note')[0]!.textContent).toBe(
      'Older threads or messages were dropped: the emulator keeps a bounded history.',
    );
  });

  it('sets, clears and points the webhook at the built-in receiver', async () => {
    const t = await openConsole();
    const puts = () => t.calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    await run(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Use the built-in receiver' }));
    });
    expect(puts()).toEqual([{ url: 'http://127.0.0.1:5199/parley-emulator/receiver' }]);
    expect(screen.getByText('http://127.0.0.1:5199/parley-emulator/receiver', { selector: 'code' })).toBeTruthy();
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('http://127.0.0.1:5199/parley-emulator/receiver');
    await run(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    });
    expect(puts()[1]).toEqual({ url: null });
    expect(screen.getByText('No webhook: events are logged here but not sent.')).toBeTruthy();
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('');
  });
});
