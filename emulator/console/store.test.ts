// The console's store: state loads, feed events, held events during loads, selection, unread.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadSummary, TranscriptEntry } from '../core/model.ts';
import { createConsoleApi } from './api.ts';
import { createConsoleStore, RETRY_MS, type ConsoleStore } from './store.ts';
import { delivery, entry, FakeEventSource, fakeFetch, SETTINGS, thread } from '../../test/emulator/console-fakes.ts';

/** A promise the test resolves by hand (to hold an answer back). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let threads: ThreadSummary[];
let transcripts: Map<string, TranscriptEntry[]>;
let stateGate: Promise<void> | undefined;
let threadGate: Promise<void> | undefined;
let dropped: string[];
let store: ConsoleStore;
let t: ReturnType<typeof fakeFetch>;

beforeEach(() => {
  FakeEventSource.instances = [];
  threads = [thread('t1', { lastActivityAt: 10 }), thread('t2', { lastActivityAt: 20 })];
  transcripts = new Map([['t1', [entry('t1', { id: 'e1' })]]]);
  stateGate = threadGate = undefined;
  dropped = [];
  t = fakeFetch({
    'GET api/state': async () => {
      const snapshot = { settings: SETTINGS, threads: [...threads], webhooks: [delivery('w1')], dropped: [...dropped] };
      await stateGate;
      return { body: snapshot };
    },
    'GET api/threads/t1': async () => {
      const found = threads.find((x) => x.threadId === 't1');
      const snapshot = { thread: found, transcript: [...(transcripts.get('t1') ?? [])] };
      await threadGate;
      return found ? { body: snapshot } : { status: 404, body: { status: 'error', message: 'no thread "t1"' } };
    },
  });
  store = createConsoleStore({ api: createConsoleApi(t.fetch), EventSource: FakeEventSource });
});

afterEach(() => store.dispose());

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function startLive() {
  store.start();
  FakeEventSource.last.open();
  await settle();
}

describe('console store', () => {
  it('opens the feed at api/feed and loads the state when it opens', async () => {
    store.start();
    expect(FakeEventSource.last.url).toBe('api/feed');
    expect(store.feed.value).toBe('connecting');
    FakeEventSource.last.open();
    await settle();
    expect(store.feed.value).toBe('live');
    expect(store.settings.value).toEqual(SETTINGS);
    expect(store.threads.value.map((x) => x.threadId)).toEqual(['t2', 't1']); // newest activity first
    expect(store.webhooks.value.map((x) => x.id)).toEqual(['w1']);
  });

  it('applies thread, webhook and entry events; entries of other threads mark them unread', async () => {
    await startLive();
    const source = FakeEventSource.last;
    source.send({ kind: 'thread', thread: thread('t1', { lastActivityAt: 30, status: 'handover' }) });
    source.send({ kind: 'thread', thread: thread('t3', { lastActivityAt: 25 }) });
    expect(store.threads.value.map((x) => `${x.threadId}:${x.status}`)).toEqual(['t1:handover', 't3:open', 't2:open']);
    source.send({ kind: 'webhook', delivery: delivery('w2', { createdAt: 5_000 }) });
    source.send({ kind: 'webhook', delivery: delivery('w1', { state: 'failed' }) });
    expect(store.webhooks.value.map((x) => `${x.id}:${x.state}`)).toEqual(['w2:delivered', 'w1:failed']);
    source.send({ kind: 'entry', entry: entry('t3') });
    expect([...store.unread.value]).toEqual(['t3']);
    store.select('t3');
    expect(store.unread.value.size).toBe(0);
  });

  it('lists the threads waiting for an agent (handover) first, then the newest activity first', async () => {
    await startLive();
    const source = FakeEventSource.last;
    source.send({ kind: 'thread', thread: thread('waiting', { lastActivityAt: 10, status: 'handover' }) });
    source.send({ kind: 'thread', thread: thread('busy', { lastActivityAt: 90_000 }) });
    expect(store.threads.value.map((x) => x.threadId)).toEqual(['waiting', 'busy', 't2', 't1']);
  });

  it('knows which bounds dropped older items: from the state, then from the feed; a reset reloads them', async () => {
    dropped = ['receiver'];
    await startLive();
    expect([...store.dropped.value]).toEqual(['receiver']);
    FakeEventSource.last.send({ kind: 'dropped', bound: 'threads' });
    FakeEventSource.last.send({ kind: 'dropped', bound: 'threads' });
    expect([...store.dropped.value]).toEqual(['receiver', 'threads']);
    dropped = [];
    FakeEventSource.last.send({ kind: 'reset' });
    await settle();
    expect(store.dropped.value.size).toBe(0);
  });

  it('ignores feed data that is not a feed event', async () => {
    await startLive();
    FakeEventSource.last.send('not json');
    FakeEventSource.last.send('{"no":"kind"}');
    expect(store.threads.value).toHaveLength(2);
  });

  it('loads the selected transcript and appends its new entries once', async () => {
    await startLive();
    store.select('t1');
    expect(store.transcript.value).toBeUndefined();
    await settle();
    expect(store.transcript.value!.map((x) => x.id)).toEqual(['e1']);
    const said = entry('t1', { id: 'e2' });
    FakeEventSource.last.send({ kind: 'entry', entry: said });
    FakeEventSource.last.send({ kind: 'entry', entry: said });
    expect(store.transcript.value!.map((x) => x.id)).toEqual(['e1', 'e2']);
    expect(store.unread.value.size).toBe(0);
  });

  it('keeps the entries that arrive while the transcript loads', async () => {
    await startLive();
    const gate = deferred<void>();
    threadGate = gate.promise;
    store.select('t1');
    await settle(); // the request has taken its snapshot: e1 only
    const late = entry('t1', { id: 'late' });
    FakeEventSource.last.send({ kind: 'entry', entry: late });
    gate.resolve();
    await settle();
    expect(store.transcript.value!.map((x) => x.id)).toEqual(['e1', 'late']);
  });

  it('holds feed events while the state loads, so an older snapshot undoes none of them', async () => {
    store.start();
    const gate = deferred<void>();
    stateGate = gate.promise;
    FakeEventSource.last.open();
    await settle(); // snapshot taken: t1 is open
    FakeEventSource.last.send({ kind: 'thread', thread: thread('t1', { lastActivityAt: 40, status: 'resolved' }) });
    expect(store.threads.value).toEqual([]);
    gate.resolve();
    await settle();
    expect(store.threads.value[0]).toMatchObject({ threadId: 't1', status: 'resolved' });
  });

  it('reloads everything on a reset event and on every reopening of the feed', async () => {
    await startLive();
    store.select('t1');
    await settle();
    const loads = () => t.calls.filter((call) => call.url === 'api/state').length;
    expect(loads()).toBe(1);
    threads = [];
    transcripts.clear();
    FakeEventSource.last.send({ kind: 'reset' });
    await settle();
    expect(loads()).toBe(2);
    expect(store.threads.value).toEqual([]);
    expect(store.transcript.value).toBeUndefined();
    expect(store.transcriptError.value).toBe('This thread no longer exists.');

    FakeEventSource.last.fail();
    expect(store.feed.value).toBe('reconnecting');
    threads = [thread('t5')];
    FakeEventSource.last.open();
    await settle();
    expect(loads()).toBe(3);
    expect(store.threads.value.map((x) => x.threadId)).toEqual(['t5']);
  });

  it('opens a new feed a while after EventSource gives up, and shows the state meanwhile', async () => {
    vi.useFakeTimers();
    try {
      store.start();
      const first = FakeEventSource.last;
      first.fail(true);
      expect(store.feed.value).toBe('offline');
      expect(first.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(store.settings.value).toEqual(SETTINGS);
      await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
      expect(FakeEventSource.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.instances).toHaveLength(2);
      first.open(); // a late event of the old source is ignored
      expect(store.feed.value).toBe('offline');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why the state could not be loaded', async () => {
    store = createConsoleStore({
      api: createConsoleApi(async () => new Response('{"status":"error","message":"boom"}', { status: 500 })),
      EventSource: FakeEventSource,
    });
    await startLive();
    expect(store.loadError.value).toBe('boom');
  });

  it('sets the webhook URL through the console API and keeps the new settings', async () => {
    const put = fakeFetch({
      'PUT api/webhook': (call) => ({ body: { status: 'ok', settings: { ...SETTINGS, webhookUrl: (call.body as { url: string }).url } } }),
    });
    store = createConsoleStore({ api: createConsoleApi(put.fetch), EventSource: FakeEventSource });
    await store.setWebhookUrl('http://127.0.0.1/receiver');
    expect(store.settings.value?.webhookUrl).toBe('http://127.0.0.1/receiver');
  });
});
