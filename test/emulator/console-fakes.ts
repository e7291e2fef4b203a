// Test helpers of the console: an in-memory ConsoleSource, a scripted fetch and a fake
// EventSource. (Also used by the manual preview script.)
import type {
  ConsoleSettings,
  ConsoleSource,
  FeedEvent,
  ThreadSummary,
  TranscriptEntry,
  WebhookAttempt,
  WebhookDelivery,
  WebhookResend,
} from '../../emulator/core/model.ts';
import type { BoundName } from '../../emulator/safety/retention.ts';
import type { Fetch } from '../../emulator/console/api.ts';
import type { FeedSource } from '../../emulator/console/store.ts';

export const SETTINGS: ConsoleSettings = {
  restBase: '/parley-emulator/rest/v1',
  apiKey: 'test-key',
  managementKey: 'test-management-key',
  receiverPath: '/parley-emulator/receiver',
  defaultPauseSeconds: 300,
  strict: false,
};

export function thread(threadId: string, change: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    threadId,
    listedId: `${threadId}|o_${threadId}`,
    createdAt: 1_000,
    lastActivityAt: 1_000,
    status: 'open',
    botPaused: false,
    tags: {},
    entries: 0,
    openSockets: 0,
    ...change,
  };
}

let entryCount = 0;
export function entry(threadId: string, change: Partial<TranscriptEntry> = {}): TranscriptEntry {
  entryCount++;
  return {
    id: `m_${entryCount}`,
    threadId,
    at: 1_000 + entryCount,
    source: 'visitor',
    via: 'socket',
    originator: { role: 'external' },
    speech: `hello ${entryCount}`,
    ...change,
  };
}

export function delivery(id: string, change: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    type: 'inbound',
    url: 'http://127.0.0.1:9/hook',
    body: { id, type: 'inbound', threadId: 't1' },
    createdAt: 2_000,
    state: 'delivered',
    attempts: [{ at: 2_001, status: 200, durationMs: 3 }],
    ...change,
  };
}

/** An in-memory ConsoleSource whose records a test sets directly. */
export class FakeSource implements ConsoleSource {
  threadList: ThreadSummary[] = [];
  transcripts = new Map<string, TranscriptEntry[]>();
  deliveries: WebhookDelivery[] = [];
  droppedBounds: BoundName[] = [];
  config: ConsoleSettings = { ...SETTINGS };
  listeners = new Set<(event: FeedEvent) => void>();

  threads() {
    return this.threadList;
  }
  transcript(threadId: string) {
    return this.transcripts.get(threadId);
  }
  webhooks() {
    return this.deliveries;
  }
  dropped() {
    return this.droppedBounds;
  }
  subscribe(listener: (event: FeedEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  settings() {
    return this.config;
  }
  setWebhookUrl(url: string | undefined) {
    this.config = { ...this.config, webhookUrl: url };
    if (url === undefined) delete this.config.webhookUrl;
  }
  /** The ids resent, in order. */
  resent: string[] = [];
  /** A kept delivery's resend is answered 200; another id is unknown. */
  async resendWebhook(deliveryId: string): Promise<WebhookResend> {
    this.resent.push(deliveryId);
    const kept = this.deliveries.find((candidate) => candidate.id === deliveryId);
    if (!kept) return { outcome: 'unknown' };
    const attempt: WebhookAttempt = { at: 3_000, status: 200, durationMs: 2, resend: true };
    return { outcome: 'sent', attempt, delivery: { ...kept, attempts: [...kept.attempts, attempt] } };
  }
  publish(event: FeedEvent) {
    for (const listener of this.listeners) listener(event);
  }
}

interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = (call: FetchCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fetch that answers from `routes` (`'GET api/state'` -> answer) and records every call. */
export function fakeFetch(routes: Record<string, Route>) {
  const calls: FetchCall[] = [];
  const fetchFn: Fetch = async (input, init = {}) => {
    const method = init.method ?? 'GET';
    const call: FetchCall = {
      url: input,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${input}`] ?? routes[`${method} ${input.split('?')[0]}`];
    if (!route) return jsonResponse(404, { status: 'error', message: `no route ${method} ${input}` });
    const answer = await route(call);
    return jsonResponse(answer.status ?? 200, answer.body);
  };
  return { fetch: fetchFn, calls };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** EventSource as the store uses it; the test opens it, sends events and fails it. */
export class FakeEventSource implements FeedSource {
  static instances: FakeEventSource[] = [];
  static get last(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was created');
    return last;
  }
  readyState = 0;
  onopen: ((event: Event) => unknown) | null = null;
  onmessage: ((event: MessageEvent) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(event: FeedEvent | string) {
    const data = typeof event === 'string' ? event : JSON.stringify(event);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** A dropped connection (EventSource retries by itself) or, with `closed`, one it gave up on. */
  fail(closed = false) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.readyState = 2;
    this.closed = true;
  }
}
