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
// Bounds (retention.ts, kept by ledger.ts). Events not yet delivered (queued or retrying) are at most `webhookQueue`:
// beyond it the oldest one not in flight is dropped, its state `dropped` (a receiver that does not
// answer must not make the emulator keep hours of events). Deliveries kept for the console are at
// most `webhooks`, the oldest settled ones forgotten first; a settled one keeps its body, not its bytes.
//
// Resend (resend.ts): any kept delivery's event sent again now, one more attempt outside the schedule.
import { randomBytes } from 'node:crypto';
import { BOUNDS, type Bound } from '../safety/retention.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import type { WebhookDelivery, WebhookResend } from '../core/model.ts';
import { createAgents, DEFAULT_ATTEMPT_TIMEOUT_MS, postJson, type Post, type PostResult } from './post.ts';
import { applyAnswer, armRetry, postOnce } from './attempts.ts';
import { createDeliveryLedger, jsonBytes, type Tracked } from './ledger.ts';
import { createResends } from './resend.ts';

/** Where events go; read when an event is emitted. */
interface WebhookTarget {
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
  /**
   * Sends a kept delivery's event again now (same id, same bytes, its URL), whatever its state;
   * resolves with the new attempt once answered. Outside the schedule: no state changes (resend.ts).
   */
  resend(deliveryId: string): Promise<WebhookResend>;
  /** Resolves when no event is queued, in flight or waiting for a retry, and no resend is in flight. */
  idle(): Promise<void>;
  /** Deliveries kept, and those not yet settled, with their estimated bytes. */
  kept(): { webhooks: { count: number; bytes: number }; webhookQueue: { count: number; bytes: number } };
  /** Forgets every delivery and cancels every timer; answers to attempts in flight are ignored. */
  reset(): void;
  /** Resets, then waits for attempts in flight to end and closes the keep-alive sockets. */
  close(): Promise<void>;
}

let eventCounter = 0;

/** Unique in the process, readable in logs: `evt_12_9f3a1c0b`. */
function newEventId(): string {
  eventCounter += 1;
  return `evt_${eventCounter}_${randomBytes(4).toString('hex')}`;
}

/** The body: `id`, `type`, `verifyToken` and `createdAt` first and never overridden by the fields. */
function buildBody(id: string, type: string, createdAt: number, target: WebhookTarget, fields: Record<string, unknown>) {
  const reserved = {
    id,
    type,
    ...(target.verifyToken !== undefined ? { verifyToken: target.verifyToken } : {}),
    createdAt: new Date(createdAt).toISOString(),
  };
  return Object.assign({ ...reserved }, fields, reserved) as Record<string, unknown>;
}

function snapshot(delivery: WebhookDelivery): WebhookDelivery {
  return { ...delivery, attempts: [...delivery.attempts] };
}

/** The posts still running, for close() to wait for. */
function runningSet() {
  const running = new Set<Promise<unknown>>();
  return {
    track(done: Promise<unknown>): void {
      running.add(done);
      void done.finally(() => running.delete(done));
    },
    settled: () => Promise.all([...running]),
  };
}

/** Promises that resolve at the first `check()` (or `wait()`) that finds `isIdle()`. */
function idleWaiters(isIdle: () => boolean) {
  let waiting: Array<() => void> = [];
  const check = (): void => {
    if (!isIdle()) return;
    const due = waiting;
    waiting = [];
    for (const resolve of due) resolve();
  };
  return {
    check,
    wait: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        check();
      }),
  };
}

/** The two bounds, from the options or retention.ts. */
function ledgerBounds(options: WebhookDispatcherOptions) {
  const recordBound = options.records ?? BOUNDS.webhooks;
  return {
    maxRecords: Math.max(1, options.maxRecords ?? recordBound.count ?? Infinity),
    maxRecordBytes: recordBound.bytes ?? Infinity,
    queue: options.queue ?? BOUNDS.webhookQueue,
  };
}

/** The options' timing and transport, defaults filled in (a real HTTP client unless `post` is given). */
function transportOf(options: WebhookDispatcherOptions) {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new Error(`webhook time scale must be a positive number, got ${timeScale}`);
  const agents = options.post ? undefined : createAgents();
  const post: Post = options.post ?? ((url, body, timeoutMs) => postJson(url, body, { timeoutMs, agents }));
  return {
    clock: options.clock ?? systemClock,
    timeScale,
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS,
    maxInFlight: Math.max(1, options.maxInFlight ?? 1),
    agents,
    post,
  };
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { clock, timeScale, attemptTimeoutMs, maxInFlight, agents, post } = transportOf(options);

  const ledger = createDeliveryLedger({ ...ledgerBounds(options), onForget: () => options.onDrop?.('webhooks') });
  /** Events whose first attempt has not started. */
  const firstAttempts: Tracked[] = [];
  let firstAttemptsInFlight = 0;
  const idle = idleWaiters(() => ledger.unsettled() === 0 && firstAttemptsInFlight === 0 && resends.inFlight() === 0);
  /** Bumped by reset: answers to attempts started before it are ignored. */
  let generation = 0;
  const posts = runningSet();
  let closed = false;

  function notify(item: Tracked): void {
    try {
      options.onChange?.(snapshot(item.delivery));
    } catch (error) {
      // A broken listener (the console) must not stop deliveries.
      options.log?.(`webhook onChange listener threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const resends = createResends({
    find: (id) => (closed ? undefined : ledger.get(id)),
    clock,
    post,
    attemptTimeoutMs,
    recorded(item, line) {
      options.log?.(line);
      notify(item);
      return snapshot(item.delivery);
    },
    ended: () => idle.check(),
    track: posts.track,
  });

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
    const done = postOnce(post, item.delivery.url, item.json, attemptTimeoutMs).then((result) => {
      if (started !== generation) return;
      item.inFlight = false;
      if (isFirst) firstAttemptsInFlight -= 1;
      recordAttempt(item, at, result);
      if (isFirst) startFirstAttempts();
      idle.check();
    });
    posts.track(done);
  }

  function recordAttempt(item: Tracked, at: number, result: PostResult): void {
    const now = clock.now();
    const outcome = applyAnswer(item.delivery, at, now, result, timeScale);
    if (outcome.retryIn === undefined) ledger.settle(item);
    else armRetry(clock, item, now, outcome.retryIn, () => attempt(item, false));
    options.log?.(outcome.line);
    notify(item);
  }

  function drop(item: Tracked): void {
    const { delivery } = item;
    if (item.retryTimer !== undefined) clock.clearTimeout(item.retryTimer);
    item.retryTimer = undefined;
    const queued = firstAttempts.indexOf(item);
    if (queued >= 0) firstAttempts.splice(queued, 1);
    delivery.state = 'dropped';
    delete delivery.nextAttemptAt;
    options.log?.(
      `webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: dropped, ${ledger.unsettled()} events were waiting (at most ${ledger.describeQueue()})`,
    );
    options.onDrop?.('webhookQueue');
    ledger.settle(item);
    notify(item);
  }

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
    ledger.add(item);
    firstAttempts.push(item);
    notify(item);
    ledger.trimQueue(item, drop);
    startFirstAttempts();
    ledger.forgetOldSettled();
    return snapshot(delivery);
  }

  function reset(): void {
    generation += 1;
    for (const item of ledger.items()) {
      if (item.retryTimer !== undefined) clock.clearTimeout(item.retryTimer);
    }
    ledger.clear();
    resends.reset();
    firstAttempts.length = 0;
    firstAttemptsInFlight = 0;
    idle.check();
  }

  return {
    emit,
    records: () => [...ledger.items()].map((item) => snapshot(item.delivery)),
    resend: resends.resend,
    kept: ledger.kept,
    idle: idle.wait,
    reset,
    async close() {
      closed = true;
      reset();
      await posts.settled();
      agents?.http.destroy();
      agents?.https.destroy();
    },
  };
}
