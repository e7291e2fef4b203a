// Resend (emulator-contract.md, "For the back end's own tools"): a delivery's event sent again,
// now, with the same `id` and the very same bytes, to the delivery's own URL, as one more attempt
// in its log, whatever its state (pending, retrying, delivered, failed, dropped). The real service
// has no manual retry (spec 6.2): this is a developer's tool, to test a receiver's idempotency and
// its recovery, and the console says so.
//
// The decision: a resend stands outside the retry schedule, as the Stripe CLI's and Dashboard's
// resend does (Stripe's automatic retries go on whatever a manual resend answered). So it changes
// neither the delivery's state nor its next attempt, and is not one of the schedule's attempts: a
// retrying delivery keeps retrying on time even when the resend is acknowledged (its receiver then
// sees the `id` again, as an idempotency test wants); a failed or dropped one stays so, a
// delivered one stays delivered. The state keeps saying what the real service would have done;
// the attempt is marked `resend` in the log.
//
// One implementation: the control API (`POST __control/webhooks/:deliveryId/resend`) and the
// console's API (`POST console/api/webhooks/:deliveryId/resend`) both answer with `answerResend`
// over the dispatcher's `resend`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../core/clock.ts';
import { HttpError, readJson, sendError, sendJson } from '../core/http.ts';
import type { WebhookDelivery, WebhookResend } from '../core/model.ts';
import { applyResendAnswer, postOnce } from './attempts.ts';
import type { Tracked } from './ledger.ts';
import type { Post } from './post.ts';

/** What a resend needs of the dispatcher. */
export interface ResendParts {
  /** The kept delivery of an event id (none once closed). */
  find(id: string): Tracked | undefined;
  clock: Clock;
  post: Post;
  attemptTimeoutMs: number;
  /** The attempt is in the log: say it, publish it, and return the delivery as the log shows it. */
  recorded(item: Tracked, line: string): WebhookDelivery;
  /** A resend ended (idle() may hold now). */
  ended(): void;
  /** Each post, for close() to wait for. */
  track(done: Promise<unknown>): void;
}

export function createResends(parts: ResendParts) {
  /** Bumped by reset: answers to resends started before it are not recorded. */
  let generation = 0;
  let inFlight = 0;

  function resend(id: string): Promise<WebhookResend> {
    const item = parts.find(id);
    if (!item) return Promise.resolve({ outcome: 'unknown' });
    const started = generation;
    const at = parts.clock.now();
    // The bytes of every attempt. A settled delivery released them; its body (the very object they
    // were made from) makes them again.
    const json = item.json || JSON.stringify(item.delivery.body);
    inFlight += 1;
    const done = postOnce(parts.post, item.delivery.url, json, parts.attemptTimeoutMs).then((result): WebhookResend => {
      if (started !== generation) return { outcome: 'reset' };
      inFlight -= 1;
      const { attempt, line } = applyResendAnswer(item.delivery, at, parts.clock.now(), result);
      const delivery = parts.recorded(item, line);
      parts.ended();
      return { outcome: 'sent', attempt, delivery };
    });
    parts.track(done);
    return done;
  }

  return {
    resend,
    inFlight: () => inFlight,
    /** Forgets the resends in flight: their answers will not be recorded. */
    reset() {
      generation += 1;
      inFlight = 0;
    },
  };
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * A resend over HTTP, the same for the control API and the console (their own method checks come
 * first). `encodedId` is the path's segment; the body is empty or `{}`. It answers when the
 * attempt has its result (at most the attempt timeout, 10 s): 200 `{status: "ok", attempt,
 * delivery}` (a failed attempt is a result too); 404 naming the id when no delivery of it is kept;
 * 409 when the emulator was reset meanwhile; 400 for another body or a malformed id.
 */
export async function answerResend(
  req: IncomingMessage,
  res: ServerResponse,
  encodedId: string,
  resend: (id: string) => Promise<WebhookResend>,
): Promise<void> {
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    return sendError(req, res, 400, 'the delivery id is not a valid URL-encoded string');
  }
  let body: unknown;
  try {
    body = await readJson(req, { requireJsonType: false });
  } catch (error) {
    return sendError(req, res, error instanceof HttpError ? error.status : 400, (error as Error).message);
  }
  if (!isEmptyObject(body)) return sendError(req, res, 400, 'a resend takes no body (or {})');
  const result = await resend(id);
  const named = JSON.stringify(id);
  if (result.outcome === 'unknown') {
    const why = 'no event has this id, or the emulator forgot it (it keeps a bounded log, the oldest settled deliveries forgotten first)';
    return sendError(req, res, 404, `no webhook delivery ${named}: ${why}`);
  }
  if (result.outcome === 'reset') return sendError(req, res, 409, `the emulator was reset before the resend of ${named} was answered`);
  sendJson(req, res, 200, { status: 'ok', attempt: result.attempt, delivery: result.delivery });
}
