// The console's small JSON API over a ConsoleSource: the state, one thread, the webhook URL, a
// delivery's resend, and the door to the live feed (feed.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendError, sendJson } from '../../core/http.ts';
import type { ConsoleSource } from '../../core/model.ts';
import { answerResend } from '../../webhooks/resend.ts';
import type { FeedStreams } from './feed.ts';

/** Answers `path` (`/api/…`); `openFeed` answers the live feed. */
export function answerApi(
  source: ConsoleSource,
  openFeed: FeedStreams['open'],
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): void | Promise<void> {
  const method = req.method ?? 'GET';
  const only = (allowed: string) => {
    if (method === allowed) return true;
    res.setHeader('Allow', allowed);
    sendError(req, res, 405, `${method} is not allowed on ${path}; use ${allowed}`);
    return false;
  };
  if (path === '/api/state') {
    if (only('GET')) {
      sendJson(req, res, 200, {
        settings: source.settings(),
        threads: source.threads(),
        webhooks: source.webhooks(),
        dropped: source.dropped(),
      });
    }
    return;
  }
  if (path === '/api/feed') {
    if (only('GET')) openFeed(req, res);
    return;
  }
  if (path === '/api/webhook') {
    if (only('PUT')) return setWebhook(source, req, res);
    return;
  }
  // The control API's resend, answered by the same function (webhooks/resend.ts).
  const resend = /^\/api\/webhooks\/([^/]+)\/resend$/.exec(path);
  if (resend) {
    if (only('POST')) return answerResend(req, res, resend[1]!, (id) => source.resendWebhook(id));
    return;
  }
  const thread = /^\/api\/threads\/([^/]+)$/.exec(path);
  if (thread) {
    if (!only('GET')) return;
    let threadId: string;
    try {
      threadId = decodeURIComponent(thread[1]!);
    } catch {
      return sendError(req, res, 400, 'the thread id is not a valid URL-encoded string');
    }
    const transcript = source.transcript(threadId);
    const summary = source.threads().find((candidate) => candidate.threadId === threadId);
    if (!transcript || !summary) return sendError(req, res, 404, `no thread ${JSON.stringify(threadId)}`);
    return sendJson(req, res, 200, { thread: summary, transcript });
  }
  sendError(req, res, 404, `no console route ${path}`);
}

async function setWebhook(source: ConsoleSource, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = await readJson(req);
  } catch (error) {
    // readJson says why (413 too large, 415 not JSON, 400 invalid) when it can.
    const status = (error as { status?: unknown }).status;
    return sendError(req, res, typeof status === 'number' ? status : 400, (error as Error).message);
  }
  const url = (body as { url?: unknown } | null)?.url;
  if (url !== null && !isHttpUrl(url)) {
    return sendError(req, res, 400, 'url must be an http or https URL, or null to clear the webhook');
  }
  source.setWebhookUrl(url ?? undefined);
  sendJson(req, res, 200, { status: 'ok', settings: source.settings() });
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
