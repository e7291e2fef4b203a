// The emulator's records as its parts share them: the transcript of a thread, a thread's summary,
// a webhook delivery and the live feed that the agent console follows. Plain data, JSON-safe.
import type { BoundName } from '../safety/retention.ts';
import type {
  Originator as SpecOriginator,
  ReceivedMessage as SpecReceivedMessage,
  ReceivedPayload as SpecReceivedPayload,
  Response as SpecResponse,
} from '../../src/protocol/frames.ts';

// The spec's shapes are src/protocol's (what the widget reads, lenient); the emulator's extend
// them with what it always fills in when it sends, and never redefine them.

/** Sender of a message, as spec 2.3 shows it (received originators also carry `userId`). */
export interface Originator extends SpecOriginator {
  role: string;
  profile?: SpecOriginator['profile'] & Record<string, unknown>;
  metadata?: Record<string, unknown>;
  userId?: string;
}

/** One response template of a received message (spec 2.5; templates in response-templates.md). */
export interface ResponseTemplate extends SpecResponse {
  payload?: Record<string, unknown>;
  delay?: number;
}

/** One message of a `message.received` payload (spec 2.5), as the emulator sends it. */
export interface ReceivedMessage extends SpecReceivedMessage {
  fallback: string;
  silent: boolean;
  replyTo?: string;
  originator: Originator;
  responses: ResponseTemplate[];
  [extra: string]: unknown;
}

/** A `message.received` payload (spec 2.5), as the emulator sends it. */
export interface ReceivedPayload extends SpecReceivedPayload {
  messages: ReceivedMessage[];
  originator: Originator;
}

/** Who a transcript entry comes from and by which door it entered the service. */
type EntrySource =
  | 'visitor' //   a socket client (the widget), role external
  | 'rest' //      a REST `messages` call with role external
  | 'moderator' // a human agent (REST or socket), role moderator
  | 'bot'; //      the AI engine's answer

/** One entry of a thread's transcript, in the order the service handled it. */
export interface TranscriptEntry {
  /** Unique in the emulator's lifetime (e.g. `m_42`). */
  id: string;
  threadId: string;
  /** Epoch milliseconds. */
  at: number;
  source: EntrySource;
  via: 'socket' | 'rest';
  originator: Originator;
  /** What a visitor, REST caller or agent sent as text. */
  speech?: string;
  /** An event attachment (socket) or REST event name. */
  event?: string;
  /** REST location/media payloads, kept as sent. */
  payload?: Record<string, unknown>;
  /** Bot and moderator messages: the templates as sockets and webhooks receive them. */
  messages?: ReceivedMessage[];
  traceId?: number;
}

export type ConversationStatus = 'open' | 'handover' | 'resolved';

/** A thread as the console lists it. */
export interface ThreadSummary {
  threadId: string;
  /** The identifier as GET threads lists it: `<id>|o_<id>` (spec 2.7). */
  listedId: string;
  createdAt: number;
  lastActivityAt: number;
  status: ConversationStatus;
  botPaused: boolean;
  /** When a handover pause ends by itself (epoch ms); absent when paused without limit. */
  pausedUntil?: number;
  tags: Record<string, string>;
  entries: number;
  /** The last text said on the thread, for the list. */
  lastText?: string;
  /** The visitor's name, as their latest message gave it (setUser), when one did. */
  visitorName?: string;
  openSockets: number;
}

/** One try at delivering a webhook event. */
export interface WebhookAttempt {
  at: number;
  /** HTTP status answered, when there was one. */
  status?: number;
  /** Why the attempt failed without a 2xx: `timeout`, `refused`, `redirect 302`, `HTTP 500`… */
  error?: string;
  durationMs: number;
  /**
   * Sent by a resend (control API, console), outside the retry schedule: it neither counts as one
   * of the schedule's attempts nor changes the delivery's state (webhooks/resend.ts).
   */
  resend?: true;
}

/** `dropped`: too many events were waiting (retention.ts, `webhookQueue`); it is not sent again. */
export type WebhookDeliveryState = 'pending' | 'delivered' | 'retrying' | 'failed' | 'dropped';

/** A webhook event and the story of its delivery. */
export interface WebhookDelivery {
  id: string;
  type: string;
  url: string;
  /** The JSON body POSTed, the same on every attempt. */
  body: Record<string, unknown>;
  createdAt: number;
  state: WebhookDeliveryState;
  attempts: WebhookAttempt[];
  /** When the next attempt is due (epoch ms), while retrying. */
  nextAttemptAt?: number;
}

/** What a resend did (the control API's `webhooks/:deliveryId/resend` and the console's Resend: one call). */
export type WebhookResend =
  /** Sent and answered: the new attempt, and the delivery as the log now shows it. */
  | { outcome: 'sent'; attempt: WebhookAttempt; delivery: WebhookDelivery }
  /** No delivery of that id is kept: never made, or forgotten by the bounded log (retention.ts). */
  | { outcome: 'unknown' }
  /** The emulator was reset (or closed) before the answer came: nothing was recorded. */
  | { outcome: 'reset' };

/** What the console's live feed carries. */
export type FeedEvent =
  | { kind: 'thread'; thread: ThreadSummary }
  | { kind: 'entry'; entry: TranscriptEntry }
  | { kind: 'webhook'; delivery: WebhookDelivery }
  /** A bound (retention.ts) dropped its first entry since the start or the last reset. */
  | { kind: 'dropped'; bound: BoundName }
  | { kind: 'reset' };

/** What the agent console reads from the emulator (the core implements it; console/ serves it). */
export interface ConsoleSource {
  threads(): ThreadSummary[];
  /** A thread's whole transcript, oldest first; undefined for an unknown thread. */
  transcript(threadId: string): TranscriptEntry[] | undefined;
  webhooks(): WebhookDelivery[];
  /** The bounds that dropped something since the start or the last reset. */
  dropped(): BoundName[];
  /** Live changes; returns the unsubscribe function. */
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /** What the console needs to call the REST API itself (it acts through REST, like a back end). */
  settings(): ConsoleSettings;
  /** Sets or clears the webhook URL (undefined = no webhook). */
  setWebhookUrl(url: string | undefined): void;
  /** Sends a delivery's event again now, as a new attempt (the control API's resend, the same call). */
  resendWebhook(deliveryId: string): Promise<WebhookResend>;
}

export interface ConsoleSettings {
  /** The REST API's base, absolute path, e.g. `/parley-emulator/rest/v1` or `/rest/v1`. */
  restBase: string;
  /** The REST API key (the console is a local tool: it uses the key like a back end would). */
  apiKey: string;
  /** The management API key (`Authorization: Bearer <key>`), shown to the developer. */
  managementKey: string;
  webhookUrl?: string;
  /** Absolute path of the built-in receiver, e.g. `/parley-emulator/receiver`. */
  receiverPath: string;
  /** Handover pause used when `secondsToPause` is absent. */
  defaultPauseSeconds: number;
  strict: boolean;
}
