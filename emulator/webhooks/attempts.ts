// One attempt's answer, read into the delivery's attempt log and its next state (delivered,
// failed, or retrying on the schedule of schedule.ts), and the timer of a retry.
import type { Clock } from '../core/clock.ts';
import type { WebhookAttempt, WebhookDelivery } from '../core/model.ts';
import type { PostResult } from './post.ts';
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

/** Appends the attempt started `at` and answered `now`, and moves the delivery to its next state. */
export function applyAnswer(delivery: WebhookDelivery, at: number, now: number, result: PostResult, timeScale: number): AnswerOutcome {
  const failure = failureOf(result);
  const entry: WebhookAttempt = { at, durationMs: now - at };
  if ('status' in result) entry.status = result.status;
  if (failure) entry.error = failure;
  delivery.attempts.push(entry);
  delete delivery.nextAttemptAt;

  const label = `webhook ${delivery.id} ${delivery.type} -> ${delivery.url}: attempt ${delivery.attempts.length}`;
  if (!failure) {
    delivery.state = 'delivered';
    return { line: `${label} acknowledged (${entry.status})` };
  }
  const delay = nextAttemptDelay(delivery.attempts.length, now - delivery.createdAt, timeScale);
  if (delay === undefined) {
    delivery.state = 'failed';
    return { line: `${label} failed (${failure}); given up, the retry window is over` };
  }
  delivery.state = 'retrying';
  delivery.nextAttemptAt = now + delay;
  return { line: `${label} failed (${failure}); next attempt in ${formatDelay(delay)}`, retryIn: delay };
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
