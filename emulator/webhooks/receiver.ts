// The built-in webhook receiver: an address of the emulator that records what it is sent, so a
// user sees webhooks without writing a server, and can be told to fail the next N deliveries to
// watch the retries. Mounted by the emulator under any path; routes are relative to the mount.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { trimTrailingSlashes } from '../safety/bounds.ts';
import { BoundedList, estimateSize } from '../safety/bounded.ts';
import { BOUNDS, type Bound } from '../safety/retention.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { sendError, sendJson, sendPreflight } from '../core/http.ts';

/** One POST the receiver got. */
interface ReceivedWebhook {
  /** Epoch milliseconds. */
  at: number;
  headers: { 'content-type'?: string; 'user-agent'?: string };
  /** The parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
  /** What the receiver answered: 200, or the status it was told to fail with. */
  answered: number;
}

export interface WebhookReceiver {
  /** `subpath` is the request's path below the mount, '' or starting with '/', without the query. */
  handle(req: IncomingMessage, res: ServerResponse, subpath: string): void;
  /** Oldest first. */
  received(): ReceivedWebhook[];
  /** Answers the next `count` deliveries with `status` (default 500) instead of 200. */
  failNext(count: number, status?: number): void;
  /** Forgets what was received and the fail counter. */
  reset(): void;
  /** Bodies kept and their estimated bytes. */
  kept(): { count: number; bytes: number };
}

const MAX_BODY_BYTES = 1_000_000;

/** Keeps at most `bound` (default `BOUNDS.receiver`; `maxRecords` overrides its count), the oldest dropped first. */
export function createReceiver(options: { clock?: Clock; maxRecords?: number; bound?: Bound; onDrop?: () => void } = {}): WebhookReceiver {
  const clock = options.clock ?? systemClock;
  const bound = options.bound ?? BOUNDS.receiver;
  const limits = { ...bound, count: Math.max(1, options.maxRecords ?? bound.count ?? Infinity) };
  // A body counts as long as the text it was parsed from.
  const sizeOf = (item: Kept) => estimateSize(item.webhook.headers) + 2 * item.textLength + 32;
  const received = new BoundedList<Kept>(limits, sizeOf, options.onDrop);
  const bodies = () => received.toArray().map((kept) => kept.webhook);
  let failing = { count: 0, status: 500 };

  function failNext(count: number, status = 500): void {
    failing = { count, status };
  }

  function reset(): void {
    received.clear();
    failing = { count: 0, status: 500 };
  }

  async function record(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    if (text === undefined) return sendError(req, res, 413, 'body is larger than 1 MB');
    const answered = failing.count > 0 ? failing.status : 200;
    if (failing.count > 0) failing.count -= 1;
    received.push({ webhook: { at: clock.now(), headers: pickHeaders(req), body: parseOrText(text), answered }, textLength: text.length });
    if (answered === 200) sendJson(req, res, 200, { status: 'ok' });
    else sendError(req, res, answered, `failing on purpose (${failing.count} more to fail)`);
  }

  function list(req: IncomingMessage, res: ServerResponse): void {
    const type = new URL(req.url ?? '/', 'http://receiver').searchParams.get('type');
    const all = bodies();
    const items = type === null ? all : all.filter((item) => typeOf(item.body) === type);
    sendJson(req, res, 200, { status: 'ok', failNext: { ...failing }, received: items });
  }

  async function setFailing(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse((await readText(req)) || '{}');
    } catch {
      return sendError(req, res, 400, 'body is not valid JSON');
    }
    const problem = failBodyProblem(body);
    if (problem) return sendError(req, res, 400, problem);
    const { count, status } = body as { count: number; status?: number };
    failNext(count, status);
    sendJson(req, res, 200, { status: 'ok', failNext: { ...failing } });
  }

  function handle(req: IncomingMessage, res: ServerResponse, subpath: string): void {
    const route = trimTrailingSlashes(subpath) || '/';
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return sendPreflight(req, res);
    const done = (work: Promise<void>): void => {
      work.catch((error: unknown) => {
        if (!res.headersSent) sendError(req, res, 400, error instanceof Error ? error.message : String(error));
      });
    };
    if (route === '/') {
      if (method === 'POST') return done(record(req, res));
      if (method === 'GET') return list(req, res);
      if (method === 'DELETE') {
        reset();
        return sendJson(req, res, 200, { status: 'ok' });
      }
      return sendError(req, res, 405, `${method} is not allowed here; use POST, GET or DELETE`);
    }
    if (route === '/fail') {
      if (method === 'POST') return done(setFailing(req, res));
      return sendError(req, res, 405, `${method} is not allowed here; use POST`);
    }
    sendError(req, res, 404, `no receiver route ${route}`);
  }

  return { handle, received: bodies, failNext, reset, kept: () => received.kept() };
}

/** A body received and the length of its text, for the size estimate. */
interface Kept {
  webhook: ReceivedWebhook;
  textLength: number;
}

/** The reason a `/fail` body is refused, naming the field; `undefined` when it is fine. */
function failBodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object {count, status?}';
  const { count, status, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return `unknown field ${extra}; expected count and status`;
  if (!Number.isInteger(count) || (count as number) < 0) return 'count must be an integer >= 0';
  if (status !== undefined && (!Number.isInteger(status) || (status as number) < 300 || (status as number) > 599)) {
    return 'status must be an integer from 300 to 599';
  }
  return undefined;
}

/** The raw body as text; `undefined` when it is too large. */
function readText(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function pickHeaders(req: IncomingMessage): ReceivedWebhook['headers'] {
  const headers: ReceivedWebhook['headers'] = {};
  if (req.headers['content-type'] !== undefined) headers['content-type'] = req.headers['content-type'];
  if (req.headers['user-agent'] !== undefined) headers['user-agent'] = req.headers['user-agent'];
  return headers;
}

function typeOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined;
}
