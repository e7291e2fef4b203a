// Webhook delivery (spec 6.2): each event is POSTed as JSON to the configured URL, a 2xx answer
// acknowledges it, anything else is retried on the schedule of schedule.ts until the 4-hour window
// (scaled) closes.
//
// Ordering. First attempts leave in emission order, at most `maxInFlight` at a time (default 1:
// the next event's first attempt starts when the previous one has its answer). So while the
// receiver acknowledges, it sees events in the order they happened — what a test of a receiver
// expects, and what a customer's receiver can keep up with. A failed event then retries on its own
// timer and does not hold back later events: a per-URL FIFO would let one bad event block the
// whole stream for four hours, which no real service can afford. Hence: a receiver must not rely
// on order across failures (an event's retry can arrive after later events); `createdAt` and the
// event's own fields say what happened when.
//
// Bounds (bounds.ts). Events not yet delivered (queued or retrying) are at most `webhookQueue`:
// beyond it the oldest one not in flight is dropped, its state `dropped` (a receiver that does not
// answer must not make the emulator keep hours of events). Deliveries kept for the console are at
// most `webhooks`, the oldest settled ones forgotten first; a settled one keeps its body, not its bytes.
import { randomBytes } from 'node:crypto';
import { BOUNDS, type Bound } from '../retention.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { WebhookAttempt, WebhookDelivery } from '../model.ts';
import { createAgents, DEFAULT_ATTEMPT_TIMEOUT_MS, postJson, type Post, type PostResult } from './post.ts';
import { formatOffset, nextAttemptDelay } from './schedule.ts';

/** Where events go; read when an event is emitted. */
export interface WebhookTarget {
  url: string;
  /** Sent in every body, as the real service authenticates its calls. */
  verifyToken?: string;
}

export interface WebhookDispatcherOptions {
  /** The configured URL, read at each emission; `undefined` = no webhook, nothing recorded or sent. */
  target(): WebhookTarget | undefined;
  /** Multiplies every wait of the schedule (0.001 runs the 4-hour window in 14.4 s). Default 1. */
  timeScale?: number;
  clock?: Clock;
  /** Default: a real HTTP(S) POST with keep-alive. */
  post?: Post;
  /** Per attempt, real time, never scaled. Default 10 s. */
  attemptTimeoutMs?: number;
  /** First attempts in flight at once; 1 (the default) keeps order while the receiver acknowledges. */
  maxInFlight?: number;
  /** Called with a snapshot on emission and after every attempt. */
  onChange?(delivery: WebhookDelivery): void;
  log?(line: string): void;
  /** Deliveries kept for `records()`; beyond it the oldest settled ones are forgotten. Default `BOUNDS.webhooks`. */
  maxRecords?: number;
  /** Deliveries kept for `records()`, by count and bytes. Default `BOUNDS.webhooks` (`maxRecords` overrides its count). */
  records?: Bound;
  /** Events not yet delivered; beyond it the oldest not in flight is dropped. Default `BOUNDS.webhookQueue`. */
  queue?: Bound;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: 'webhooks' | 'webhookQueue'): void;
}

export interface WebhookDispatcher {
  /** Records and sends one event; `undefined` when no target is configured (or after close). */
  emit(type: string, fields: Record<string, unknown>): WebhookDelivery | undefined;
  /** Snapshots, in emission order. */
  records(): WebhookDelivery[];
  /** Resolves when no event is queued, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Deliveries kept, and those not yet settled, with their estimated bytes. */
  kept(): { webhooks: { count: number; bytes: number }; webhookQueue: { count: number; bytes: number } };
  /** Forgets every delivery and cancels every timer; answers to attempts in flight are ignored. */
  reset(): void;
  /** Resets, then waits for attempts in flight to end and closes the keep-alive sockets. */
  close(): Promise<void>;
}

/** An event being delivered, with what only the dispatcher needs. */
interface Tracked {
  delivery: WebhookDelivery;
  /** The exact bytes of every attempt; released once settled. */
  json: string;
  /** Estimated bytes kept: the body, and the JSON while it may be sent again. */
  bytes: number;
  inFlight: boolean;
  retryTimer?: unknown;
}

let eventCounter = 0;

/** Unique in the process, readable in logs: `evt_12_9f3a1c0b`. */
function newEventId(): string {
  eventCounter += 1;
  return `evt_${eventCounter}_${randomBytes(4).toString('hex')}`;
}

/** The body: `id`, `type`, `verifyToken` and `createdAt` first and never overridden by the fields. */
function buildBody(id: string, type: string, createdAt: number, target: WebhookTarget, fields: Record<string, unknown>) {
  const reserved = { id, type, ...(target.verifyToken !== undefined ? { verifyToken: target.verifyToken } : {}), createdAt: new Date(createdAt).toISOString() };
  return Object.assign({ ...reserved }, fields, reserved) as Record<string, unknown>;
}

/** How an answer reads in the attempt log: `undefined` when it acknowledges. */
function failureOf(result: PostResult): string | undefined {
  if ('error' in result) return result.error;
  if (result.status >= 200 && result.status < 300) return undefined;
  if (result.status >= 300 && result.status < 400) return `redirect ${result.status}`;
  return `HTTP ${result.status}`;
}

function snapshot(delivery: WebhookDelivery): WebhookDelivery {
  return { ...delivery, attempts: [...delivery.attempts] };
}

function isSettled(delivery: WebhookDelivery): boolean {
  return delivery.state === 'delivered' || delivery.state === 'failed' || delivery.state === 'dropped';
}

/** The body's estimate counts it as long as its JSON: 2 bytes per UTF-16 code unit. */
const jsonBytes = (json: string) => 2 * json.length;

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const clock = options.clock ?? systemClock;
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new Error(`webhook time scale must be a positive number, got ${timeScale}`);
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const maxInFlight = Math.max(1, options.maxInFlight ?? 1);
  const recordBound = options.records ?? BOUNDS.webhooks;
  const maxRecords = Math.max(1, options.maxRecords ?? recordBound.count ?? Infinity);
  const maxRecordBytes = recordBound.bytes ?? Infinity;
  const queueBound = options.queue ?? BOUNDS.webhookQueue;
  const agents = options.post ? undefined : createAgents();
  const post: Post = options.post ?? ((url, body, timeoutMs) => postJson(url, body, { timeoutMs, agents }));

  /** Every remembered delivery, in emission order (a Map keeps insertion order). */
  const tracked = new Map<string, Tracked>();
  /** Events whose first attempt has not started. */
  const firstAttempts: Tracked[] = [];
  let firstAttemptsInFlight = 0;
  /** Deliveries pending or retrying: zero means idle. */
  let unsettled = 0;
  let unsettledBytes = 0;
  let trackedBytes = 0;
  let idleWaiters: Array<() => void> = [];
  /** Bumped by reset: answers to attempts started before it are ignored. */
  let generation = 0;
  const postsInFlight = new Set<Promise<void>>();
  let closed = false;

  function notify(item: Tracked): void {
    try {
      options.onChange?.(snapshot(item.delivery));
    } catch (error) {
      // A broken listener (the console) must not stop deliveries.
      options.log?.(`webhook onChange listener threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function resolveIdleWaiters(): void {
    if (unsettled > 0 || firstAttemptsInFlight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function startFirstAttempts(): void {
    while (firstAttemptsInFlight < maxInFlight && firstAttempts.length > 0) {
      firstAttemptsInFlight += 1;
      attempt(firstAttempts.shift()!, true);
    }
  }

  function attempt(item: Tracked, isFirst: boolean): void {
    const started = generation;
    const at = clock.now();
    item.inFlight = true;
    const done = post(item.delivery.url, item.json, attemptTimeoutMs)
      .catch((error: unknown): PostResult => ({ error: `network: ${error instanceof Error ? error.message : String(error)}` }))
      .then((result) => {
        if (started !== generation) return;
        item.inFlight = false;
        if (isFirst) firstAttemptsInFlight -= 1;
        recordAttempt(item, at, result);
        if (isFirst) startFirstAttempts();
        resolveIdleWaiters();
      });
    postsInFlight.add(done);
    void done.finally(() => postsInFlight.delete(done));
  }

  function recordAttempt(item: Tracked, at: number, result: PostResult): void {
    const { delivery } = item;
    const now = clock.now();
    const failure = failureOf(result);
    const entry: WebhookAttempt = { at, durationMs: now - at };
    if ('status' in result) entry.status = result.status;
    if (failure) entry.error = failure;
    delivery.attempts.push(entry);
    delete delivery.nextAttemptAt;

    const label = `webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: attempt ${delivery.attempts.length}`;
    if (!failure) {
      delivery.state = 'delivered';
      settle(item);
      options.log?.(`${label} acknowledged (${entry.status})`);
    } else {
      const delay = nextAttemptDelay(delivery.attempts.length, now - delivery.createdAt, timeScale);
      if (delay === undefined) {
        delivery.state = 'failed';
        settle(item);
        options.log?.(`${label} failed (${failure}); given up, the retry window is over`);
      } else {
        delivery.state = 'retrying';
        const due = (delivery.nextAttemptAt = now + delay);
        // A timer may fire a millisecond before the wall clock says it is due: never retry early.
        const wake = () => {
          const early = due - clock.now();
          if (early > 0) return void (item.retryTimer = clock.setTimeout(wake, early));
          item.retryTimer = undefined;
          attempt(item, false);
        };
        item.retryTimer = clock.setTimeout(wake, delay);
        options.log?.(`${label} failed (${failure}); next attempt in ${formatDelay(delay)}`);
      }
    }
    notify(item);
  }

  /** It will not be sent again: its JSON goes, the body stays for the console. */
  function settle(item: Tracked): void {
    unsettled -= 1;
    unsettledBytes -= item.bytes;
    trackedBytes -= jsonBytes(item.json);
    item.bytes -= jsonBytes(item.json);
    item.json = '';
    forgetOldSettled();
  }

  const overRecords = () => tracked.size > maxRecords || trackedBytes > maxRecordBytes;

  /** Only settled deliveries are forgotten: one still being retried stays visible. */
  function forgetOldSettled(): void {
    if (!overRecords()) return;
    for (const [id, item] of tracked) {
      if (!overRecords()) return;
      if (!isSettled(item.delivery)) continue;
      tracked.delete(id);
      trackedBytes -= item.bytes;
      options.onDrop?.('webhooks');
    }
  }

  const overQueue = () => unsettled > (queueBound.count ?? Infinity) || unsettledBytes > (queueBound.bytes ?? Infinity);

  /** Too many events wait: the oldest not in flight is dropped (`newest` always stays). */
  function dropOldestUnsettled(newest: Tracked): void {
    for (const item of tracked.values()) {
      if (!overQueue()) return;
      if (isSettled(item.delivery) || item.inFlight || item === newest) continue;
      drop(item);
    }
  }

  function drop(item: Tracked): void {
    const { delivery } = item;
    if (item.retryTimer !== undefined) clock.clearTimeout(item.retryTimer);
    item.retryTimer = undefined;
    const queued = firstAttempts.indexOf(item);
    if (queued >= 0) firstAttempts.splice(queued, 1);
    delivery.state = 'dropped';
    delete delivery.nextAttemptAt;
    options.log?.(`webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: dropped, ${unsettled} events were waiting (at most ${describeQueue()})`);
    options.onDrop?.('webhookQueue');
    settle(item);
    notify(item);
  }

  const describeQueue = () => [queueBound.count, queueBound.bytes === undefined ? undefined : `${queueBound.bytes / (1024 * 1024)} MB`].filter((x) => x !== undefined).join(', ');

  function emit(type: string, fields: Record<string, unknown>): WebhookDelivery | undefined {
    if (closed) return undefined;
    const target = options.target();
    if (!target) return undefined;
    const id = newEventId();
    const createdAt = clock.now();
    const body = buildBody(id, type, createdAt, target, fields);
    const delivery: WebhookDelivery = { id, type, url: target.url, body, createdAt, state: 'pending', attempts: [] };
    const json = JSON.stringify(body);
    const item: Tracked = { delivery, json, bytes: 2 * jsonBytes(json), inFlight: false };
    tracked.set(id, item);
    trackedBytes += item.bytes;
    unsettled += 1;
    unsettledBytes += item.bytes;
    firstAttempts.push(item);
    notify(item);
    if (overQueue()) dropOldestUnsettled(item);
    startFirstAttempts();
    forgetOldSettled();
    return snapshot(delivery);
  }

  function reset(): void {
    generation += 1;
    for (const item of tracked.values()) {
      if (item.retryTimer !== undefined) clock.clearTimeout(item.retryTimer);
    }
    tracked.clear();
    firstAttempts.length = 0;
    firstAttemptsInFlight = 0;
    unsettled = 0;
    unsettledBytes = 0;
    trackedBytes = 0;
    resolveIdleWaiters();
  }

  return {
    emit,
    records: () => [...tracked.values()].map((item) => snapshot(item.delivery)),
    kept: () => ({ webhooks: { count: tracked.size, bytes: trackedBytes }, webhookQueue: { count: unsettled, bytes: unsettledBytes } }),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        resolveIdleWaiters();
      }),
    reset,
    async close() {
      closed = true;
      reset();
      await Promise.all([...postsInFlight]);
      agents?.http.destroy();
      agents?.https.destroy();
    },
  };
}

/** Scaled waits can be milliseconds; say so rather than "0 s". */
function formatDelay(ms: number): string {
  return ms < 10_000 ? `${ms} ms` : formatOffset(ms);
}
