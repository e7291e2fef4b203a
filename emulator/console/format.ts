// Words and times the console shows: who said something, what it said as text, when.
import type { ConversationStatus, ReceivedMessage, TranscriptEntry, WebhookAttempt, WebhookDeliveryState } from '../core/model.ts';

let clockFormat: Intl.DateTimeFormat | undefined;

/** HH:MM:SS in the agent's locale. */
export function clock(at: number): string {
  clockFormat ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return clockFormat.format(at);
}

export function isoTime(at: number): string {
  return new Date(at).toISOString();
}

/** A duration as `m:ss` (or `h:mm:ss`), never negative. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export const STATUS_LABEL: Record<ConversationStatus, string> = {
  open: 'Open',
  handover: 'Handover',
  resolved: 'Resolved',
};

export const DELIVERY_LABEL: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
  dropped: 'Dropped',
};

/** A webhook attempt's result in words (`HTTP 200`, `HTTP 500`, `timeout`…), and whether it acknowledged. */
export function attemptResult(attempt: WebhookAttempt): { ok: boolean; text: string } {
  const ok = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300 && !attempt.error;
  return { ok, text: attempt.error ?? (attempt.status !== undefined ? `HTTP ${attempt.status}` : 'no answer') };
}

/** Who an entry is from, in words. */
export function author(entry: TranscriptEntry): string {
  const name = entry.originator.name?.trim();
  switch (entry.source) {
    case 'visitor':
      return name ? `${name} (visitor)` : 'Visitor';
    case 'rest':
      return name ? `${name} (REST)` : 'REST caller';
    case 'moderator':
      return name ? `${name} (agent)` : 'Agent';
    case 'bot':
      return name ? `${name} (bot)` : 'Bot';
  }
}

/** A received message as lines of text: text templates say their text, others their fallback. */
export function messageLines(message: ReceivedMessage): string[] {
  const fallback = typeof message.fallback === 'string' ? message.fallback : '';
  const responses = Array.isArray(message.responses) ? message.responses : [];
  if (responses.length === 0) return fallback ? [fallback] : [];
  const lines: string[] = [];
  for (const response of responses) {
    const text = response.payload?.text;
    const line = response.type === 'text' && typeof text === 'string' ? text : `[${response.type}] ${fallback}`.trim();
    if (line && lines[lines.length - 1] !== line) lines.push(line);
  }
  return lines;
}

/** What an entry said, as lines of plain text. */
export function entryLines(entry: TranscriptEntry): string[] {
  const lines: string[] = [];
  if (entry.speech) lines.push(entry.speech);
  if (entry.event) lines.push(`Event: ${entry.event}`);
  if (entry.payload && !entry.speech && !entry.event) lines.push(describePayload(entry.payload));
  // An agent's or a REST caller's message carries its speech and the same text as a response: once.
  for (const message of entry.messages ?? []) lines.push(...messageLines(message).filter((line) => !lines.includes(line)));
  return lines;
}

function describePayload(payload: Record<string, unknown>): string {
  if (payload.type === 'location')
    return `Location: ${String(payload.lat)}, ${String(payload.long)}${payload.title ? ` (${String(payload.title)})` : ''}`;
  if (payload.type === 'media') return `Media (${String(payload.mediaType)}): ${String(payload.url)}`;
  return JSON.stringify(payload);
}

/** `threadId` of a webhook body, when it has one. */
export function bodyThread(body: Record<string, unknown>): string | undefined {
  const direct = body.threadId;
  if (typeof direct === 'string') return direct;
  const payload = body.payload as { threadId?: unknown } | undefined;
  return typeof payload?.threadId === 'string' ? payload.threadId : undefined;
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** How long ago, in the agent's locale: "now", "5 min. ago", "3 hr. ago", "2 days ago". */
export function ago(at: number, now: number): string {
  relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' });
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return relativeFormat.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relativeFormat.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return hours < 24 ? relativeFormat.format(-hours, 'hour') : relativeFormat.format(-Math.round(hours / 24), 'day');
}
