// One attempt's answer, read into the delivery's attempt log and its next state (delivered,
// failed, or retrying on the schedule of schedule.ts), and the timer of a retry. A resend's answer
// is logged too, beside the schedule: it changes no state (resend.ts says why).
import type { Clock } from '../core/clock.ts';
import type { WebhookAttempt, WebhookDelivery } from '../core/model.ts';
import type { Post, PostResult } from './post.ts';
import { formatOffset, nextAttemptDelay } from './schedule.ts';

/** What an answer did to its delivery: the log line, and the wait before a retry (none: settled). */
export interface AnswerOutcome {
  line: string;
  retryIn?: number;
}

/** How an answer reads in the attempt log: `undefined` when it acknowledges. */
function failureOf(result: PostResult): string | undefined {
  if ('error' in result) return result.error;
  if (result.status >= 200 && result.status < 300) return undefined;
  if (result.status >= 300 && result.status < 400) return `redirect ${result.status}`;
  return `HTTP ${result.status}`;
}

/** One POST of `json`; a post that throws is a network error, so every outcome is a value. */
export function postOnce(post: Post, url: string, json: string, timeoutMs: number): Promise<PostResult> {
  return post(url, json, timeoutMs).catch((error: unknown): PostResult => ({
    error: `network: ${error instanceof Error ? error.message : String(error)}`,
  }));
}

/** The attempt started `at` and answered `now`, appended to the delivery's log. */
function logAttempt(delivery: WebhookDelivery, at: number, now: number, result: PostResult, resend: boolean): WebhookAttempt {
  const failure = failureOf(result);
  const entry: WebhookAttempt = { at, durationMs: now - at };
  if ('status' in result) entry.status = result.status;
  if (failure) entry.error = failure;
  if (resend) entry.resend = true;
  delivery.attempts.push(entry);
  return entry;
}

/** The schedule's attempts so far: a resend is not one of them. */
const scheduledAttempts = (delivery: WebhookDelivery) => delivery.attempts.filter((attempt) => !attempt.resend).length;

/** Appends the attempt started `at` and answered `now`, and moves the delivery to its next state. */
export function applyAnswer(delivery: WebhookDelivery, at: number, now: number, result: PostResult, timeScale: number): AnswerOutcome {
  const entry = logAttempt(delivery, at, now, result, false);
  const failure = entry.error;
  delete delivery.nextAttemptAt;

  const attempts = scheduledAttempts(delivery);
  const label = `webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: attempt ${attempts}`;
  if (!failure) {
    delivery.state = 'delivered';
    return { line: `${label} acknowledged (${entry.status})` };
  }
  const delay = nextAttemptDelay(attempts, now - delivery.createdAt, timeScale);
  if (delay === undefined) {
    delivery.state = 'failed';
    return { line: `${label} failed (${failure}); given up, the retry window is over` };
  }
  delivery.state = 'retrying';
  delivery.nextAttemptAt = now + delay;
  return { line: `${label} failed (${failure}); next attempt in ${formatDelay(delay)}`, retryIn: delay };
}

/** Appends a resend's attempt; the state and the next attempt stay. Returns it, and the log line. */
export function applyResendAnswer(delivery: WebhookDelivery, at: number, now: number, result: PostResult) {
  const attempt = logAttempt(delivery, at, now, result, true);
  const answer = attempt.error ? `failed (${attempt.error})` : `acknowledged (${attempt.status})`;
  const line = `webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: resend ${answer}; the delivery stays ${delivery.state}`;
  return { attempt, line };
}

/** Calls `fire` once `delay` has passed, keeping the pending timer in `holder.retryTimer` (to cancel it). */
export function armRetry(clock: Clock, holder: { retryTimer?: unknown }, now: number, delay: number, fire: () => void): void {
  const due = now + delay;
  // A timer may fire a millisecond before the wall clock says it is due: never retry early.
  const wake = () => {
    const early = due - clock.now();
    if (early > 0) return void (holder.retryTimer = clock.setTimeout(wake, early));
    holder.retryTimer = undefined;
    fire();
  };
  holder.retryTimer = clock.setTimeout(wake, delay);
}

/** Scaled waits can be milliseconds; say so rather than "0 s". */
function formatDelay(ms: number): string {
  return ms < 10_000 ? `${ms} ms` : formatOffset(ms);
}
