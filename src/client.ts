// createChatClient: connection + conversation + persistence, and no UI. The widget is one
// user of it; a page or a test can drive it directly.
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { requestAddress, type AddressRequest } from './connection/address.ts';
import { systemClock, type Clock } from './connection/clock.ts';
import {
  createConnection,
  type ConnectionTimings,
  type SocketConstructor,
} from './connection/connection.ts';
import type { Environment } from './connection/environment.ts';
import type { ConnectionError, ConnectionState } from './connection/machine.ts';
import { statusOf, type ConnectionStatus, type ConnectionStateName } from './connection/status.ts';
import { createConversationModel } from './conversation/model.ts';
import {
  browserLocale,
  buildDraft,
  quickReplyAction,
  toParams,
  type ChatUser,
  type Locale,
  type OutgoingDraft,
} from './conversation/outgoing.ts';
import { createSaver, indexedDbStore, type ConversationStore } from './conversation/persistence.ts';
import type { TranscriptEntry, UserEntry } from './conversation/transcript.ts';
import type { IncomingFrame, QuickReply, ReceivedPayload } from './protocol/frames.ts';
import type { Logger } from './protocol/parse.ts';
import { randomUuid } from './util/uuid.ts';

/** The service's limit on a text message (spec 8). */
export const MAX_MESSAGE_LENGTH = 255;

export interface ChatClientOptions {
  /** `clientId` of the address request, from the channel settings. */
  clientId: string;
  /** Plain mode: `GET {baseUrl}/socket.info?sessionId=…&clientId=…`. May be relative to the page. */
  baseUrl: string;
  /** Set: client-nonce mode, `GET {sdkUrl}/socket.info` with the four secret headers. */
  sdkUrl?: string;
  /** Prefix of the secret headers (default `x-svc`). */
  headerPrefix?: string;
  /** Use this thread instead of the stored or a new one. */
  threadId?: string;
  /** An event sent once, as an event attachment, when a new thread first connects. */
  startEvent?: string;
  /** Two-letter `metadata.language`; default from the browser. */
  language?: string;
  /** The visitor's name and profile, as `setUser` would set them. */
  user?: ChatUser;
  /** Ping, timeout and backoff settings; the defaults suit the service. */
  timings?: Partial<ConnectionTimings>;
  /** A sent message not confirmed within this time is marked failed (default 20 s). */
  deliveryTimeoutMs?: number;

  // Injected for tests; the real ones by default.
  fetch?: typeof globalThis.fetch;
  WebSocket?: SocketConstructor;
  clock?: Clock;
  random?: () => number;
  uuid?: () => string;
  store?: ConversationStore;
  environment?: Environment;
  logger?: Logger;
  locale?: Locale;
}

export interface ChatClientEventMap {
  /** A `message.received` frame for this thread. */
  message: ReceivedPayload;
  /** The service confirmed a message. */
  delivered: { traceId: number };
  /** The connection's state name changed. */
  connection: { state: ConnectionStateName; status: ConnectionStatus };
  /** An `error` frame, a refused configuration, or a connection that cannot be made. */
  error: { message: string; source: 'service' | 'connection' | 'config' };
}

type Listener<T> = (detail: T) => void;

const DEFAULT_DELIVERY_TIMEOUT_MS = 20_000;

/** Configuration problems, in words a site owner can act on; empty when all is well. */
export function checkOptions(options: Partial<ChatClientOptions>): string[] {
  const problems: string[] = [];
  if (!options.clientId?.trim()) problems.push('client-id is missing: copy it from the channel settings');
  const urls: Array<[string, string | undefined]> = [['base-url', options.baseUrl], ['sdk-url', options.sdkUrl]];
  if (!options.baseUrl?.trim()) problems.push('base-url is missing: the address of the service');
  for (const [name, value] of urls) {
    if (value?.trim() && !resolveHttpUrl(value)) problems.push(`${name} "${value}" is not an http or https address`);
  }
  if (options.headerPrefix !== undefined && !/^[A-Za-z0-9-]+$/.test(options.headerPrefix)) {
    problems.push(`header-prefix "${options.headerPrefix}" may hold only letters, digits and dashes`);
  }
  return problems;
}

/** traceId is an integer on the socket; the spec shows it as a string elsewhere (2.6). */
function toTraceId(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(number) ? (number as number) : undefined;
}

function isRefusal(error: ConnectionError): boolean {
  return error.status === 401 || error.status === 403;
}

/**
 * The first traceId for a thread this browser has no record of but did not create (a configured
 * thread-id): seconds since 2024, so it stays above any traceId an earlier visit or another
 * device used on that thread, and well inside 32 bits.
 */
function traceIdSeed(now: number): number {
  return Math.max(1, Math.floor((now - Date.UTC(2024, 0, 1)) / 1000));
}

function resolveHttpUrl(value: string): string | undefined {
  try {
    const base = typeof location === 'undefined' ? undefined : location.href;
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

export function createChatClient(options: ChatClientOptions) {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? console;
  const uuid = options.uuid ?? randomUuid;
  const locale = options.locale ?? browserLocale;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const store = options.store ?? indexedDbStore(options.clientId ?? '', logger);
  const saver = createSaver(store, logger);
  const listeners = new Map<keyof ChatClientEventMap, Set<Listener<never>>>();
  const deliveryTimers = new Map<number, unknown>();
  let user: ChatUser = options.user ?? {};
  let destroyed = false;

  const model = createConversationModel({ clock, logger, newThreadId: () => options.threadId ?? uuid() });
  const connectionState = signal<ConnectionState>({ kind: 'idle' });
  const serviceError = signal<string | undefined>(undefined);
  /** The thread has been used (connected or written to), so it is worth keeping. */
  const activated = signal(false);
  const hadStoredThread = signal(false);
  const loaded = signal(false);

  const problems = checkOptions(options);
  const configError: ConnectionError | undefined = problems.length
    ? { kind: 'malformed', message: `Parley is not configured correctly: ${problems.join('; ')}.`, final: true }
    : undefined;
  if (configError) logger.error(`[parley] ${configError.message}`);
  const baseUrl = resolveHttpUrl(options.baseUrl ?? '') ?? '';
  const sdkUrl = options.sdkUrl?.trim() ? resolveHttpUrl(options.sdkUrl) : undefined;

  function emit<K extends keyof ChatClientEventMap>(type: K, detail: ChatClientEventMap[K]): void {
    for (const listener of listeners.get(type) ?? []) {
      try {
        (listener as Listener<ChatClientEventMap[K]>)(detail);
      } catch (error) {
        logger.error(`[parley] a "${type}" listener threw:`, error);
      }
    }
  }

  const connection = createConnection(
    {
      async requestAddress(abort) {
        const { threadId, nonce } = model.thread.value;
        const request: AddressRequest = sdkUrl
          ? {
              mode: 'secret',
              sdkUrl,
              clientId: options.clientId,
              headerPrefix: options.headerPrefix ?? 'x-svc',
              threadId,
              secret: nonce ?? '',
            }
          : { mode: 'plain', baseUrl, clientId: options.clientId };
        const result = await requestAddress(request, {
          fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
          uuid,
          signal: abort,
        });
        // A newer secret from any response replaces the thread's nonce.
        if (result.ok && result.secret && model.thread.value.threadId === threadId) model.setNonce(result.secret);
        if (!result.ok && request.mode === 'secret' && request.secret && isRefusal(result.error)) {
          // The service no longer accepts this thread's secret, and retrying cannot change that:
          // continue in a new thread rather than stay locked out on every reload.
          logger.warn('[parley] the service refused the stored secret of this conversation; starting a new one');
          continueInNewThread();
          return { ok: false, error: { ...result.error, final: false } };
        }
        return result;
      },
      onFrame: handleFrame,
      onStateChange(state, previous) {
        connectionState.value = state;
        if (previous.kind === 'open') connectionLost();
        if (state.kind === 'open') flush();
        if (state.kind === 'closed' && state.reason === 'fatal' && state.error) {
          emit('error', { message: state.error.message, source: 'connection' });
        }
      },
      ...(options.timings ? { timings: options.timings } : {}),
    },
    {
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
      clock,
      ...(options.random ? { random: options.random } : {}),
      ...(options.environment ? { environment: options.environment } : {}),
      logger,
    },
  );

  const status = computed<ConnectionStatus>(() =>
    configError ? { state: 'error', error: configError } : statusOf(connectionState.value),
  );
  let lastStateName: ConnectionStateName = status.value.state;
  const stopStatusEvents = effect(() => {
    const current = status.value;
    if (current.state === lastStateName) return;
    lastStateName = current.state;
    emit('connection', { state: current.state, status: current });
  });

  function handleFrame(frame: IncomingFrame): void {
    const threadId = model.thread.value.threadId;
    switch (frame.type) {
      case 'message.delivered': {
        const traceId = toTraceId(frame.payload.traceId);
        if (frame.payload.threadId !== undefined && frame.payload.threadId !== threadId) return;
        if (traceId === undefined) return;
        clearDeliveryTimer(traceId);
        const entry = model.entries.value.find((e): e is UserEntry => e.kind === 'user' && e.traceId === traceId);
        if (!entry || entry.status === 'delivered') return; // an echo we already had
        model.setStatus(traceId, 'delivered');
        emit('delivered', { traceId });
        return;
      }
      case 'message.received':
        if (frame.payload.threadId !== threadId) {
          logger.warn(`[parley] dropped a message for another thread (${frame.payload.threadId})`);
          return;
        }
        model.receive(frame.payload);
        emit('message', frame.payload);
        return;
      case 'error': {
        const message = typeof frame.message === 'string' ? frame.message : 'the service could not process a message';
        logger.warn(`[parley] the service answered with an error: ${message}`);
        serviceError.value = message;
        emit('error', { message, source: 'service' });
        return;
      }
      case 'pong':
        return;
    }
  }

  /** Sends every pending message, oldest first, while the socket takes them. */
  function flush(): void {
    if (connection.state.kind !== 'open') return;
    const { nonce } = model.thread.value;
    for (const entry of model.outbox.value) {
      if (entry.status !== 'pending') continue;
      const payload = sdkUrl && nonce ? { ...entry.outgoing, nonce } : entry.outgoing;
      if (!connection.send({ type: 'message.send', payload })) return;
      model.setStatus(entry.traceId, 'sent');
      armDeliveryTimer(entry.traceId);
    }
  }

  function armDeliveryTimer(traceId: number): void {
    clearDeliveryTimer(traceId);
    deliveryTimers.set(
      traceId,
      clock.setTimeout(() => {
        deliveryTimers.delete(traceId);
        model.setStatus(traceId, 'failed');
      }, deliveryTimeoutMs),
    );
  }

  function clearDeliveryTimer(traceId: number): void {
    const timer = deliveryTimers.get(traceId);
    if (timer !== undefined) clock.clearTimeout(timer);
    deliveryTimers.delete(traceId);
  }

  function clearDeliveryTimers(): void {
    for (const timer of deliveryTimers.values()) clock.clearTimeout(timer);
    deliveryTimers.clear();
  }

  function connectionLost(): void {
    clearDeliveryTimers();
    model.requeueSent();
  }

  const ready: Promise<void> = (async () => {
    const snapshot = configError ? undefined : await store.load().catch(() => undefined);
    if (destroyed) return;
    const usable = snapshot && (!options.threadId || snapshot.threadId === options.threadId);
    if (usable) {
      model.restore(snapshot);
      activated.value = true;
      hadStoredThread.value = true;
    } else if (options.threadId) {
      model.seedTraceId(traceIdSeed(clock.now()));
    }
    loaded.value = true;
  })();

  // Save on every change once the thread is worth keeping; never for a visitor who did nothing.
  let stopSaving: (() => void) | undefined;
  void ready.then(() => {
    if (destroyed) return;
    stopSaving = effect(() => {
      if (!activated.value) return;
      saver.save(model.snapshot());
    });
  });

  /** A new thread that takes along the messages the old one never delivered. */
  function continueInNewThread(): void {
    const undelivered = model.entries.value.filter(
      (entry): entry is UserEntry => entry.kind === 'user' && !entry.hidden && entry.status !== 'delivered',
    );
    clearDeliveryTimers();
    model.reset(uuid());
    queueStartEvent();
    for (const entry of undelivered) {
      const { threadId: _thread, traceId: _trace, ...draft } = entry.outgoing;
      model.addOutgoing(draft, { text: entry.text });
    }
  }

  function queueStartEvent(): void {
    if (!options.startEvent || model.thread.value.startEventQueued) return;
    model.markStartEventQueued();
    enqueue(buildDraft(options.startEvent, draftContext(), { eventName: options.startEvent }), {
      text: options.startEvent,
      hidden: true,
    });
  }

  function draftContext() {
    // The service wants two lowercase letters: "en-US" becomes "en".
    const language = (options.language?.trim() || locale.language()).slice(0, 2).toLowerCase();
    return { user, language, timezone: locale.timezoneHours() };
  }

  function enqueue(draft: OutgoingDraft, display: { text: string; hidden?: boolean }): UserEntry {
    const entry = model.addOutgoing(draft, display);
    flush();
    return entry;
  }

  function startConnection(): boolean {
    if (destroyed) return false;
    if (configError) return false; // explained once, at creation
    activated.value = true;
    queueStartEvent();
    connection.start();
    return true;
  }

  async function sendDraft(draft: OutgoingDraft, display: { text: string; hidden?: boolean }) {
    await ready;
    if (!startConnection()) return undefined;
    return enqueue(draft, display);
  }

  return {
    /** Resolves once the stored conversation (if any) is loaded. */
    ready,
    /** The connection as the UI shows it. */
    status: status as ReadonlySignal<ConnectionStatus>,
    /** Every message of the thread, in order; hidden user entries (events) included. */
    entries: model.entries as ReadonlySignal<readonly TranscriptEntry[]>,
    /** True while a response is waiting for its delay or the service says keepTyping. */
    typing: model.typing,
    /** Quick replies on offer now (those of the latest message, until the user answers). */
    quickReplies: model.quickReplies,
    /** The last `error` frame's message, until dismissed. */
    serviceError: serviceError as ReadonlySignal<string | undefined>,
    /** The panel was open: UI state kept with the conversation. */
    panelOpen: model.open,
    /** The stored conversation (if any) is loaded; `ready` has resolved. */
    loaded: loaded as ReadonlySignal<boolean>,
    /** This browser already had a thread for this clientId when the client was created. */
    hadStoredThread: hadStoredThread as ReadonlySignal<boolean>,

    get threadId(): string {
      return model.thread.value.threadId;
    },

    /** Connects (a no-op while connected). The first connection of a new thread sends the start event. */
    connect(): void {
      void ready.then(startConnection);
    },

    /** Closes the socket and stops every timer and retry; undelivered messages stay queued. */
    disconnect(): void {
      connection.stop();
    },

    /** Skips the rest of a reconnect wait. */
    retryNow(): void {
      connection.retryNow();
    },

    /** Sends a text message; resolves with its transcript entry, or undefined if it could not be queued. */
    async send(text: string): Promise<UserEntry | undefined> {
      const speech = text.trim();
      if (!speech) return undefined;
      if (speech.length > MAX_MESSAGE_LENGTH) {
        throw new RangeError(`a message may hold at most ${MAX_MESSAGE_LENGTH} characters (this one has ${speech.length})`);
      }
      return sendDraft(buildDraft(speech, draftContext()), { text: speech });
    },

    /** Sends an event attachment; params go in metadata.params. No bubble is shown. */
    async sendEvent(name: string, params?: Record<string, unknown>): Promise<UserEntry | undefined> {
      if (!name.trim()) throw new TypeError('sendEvent needs an event name');
      const extra = { eventName: name, ...(params ? { params: toParams(params) } : {}) };
      return sendDraft(buildDraft(name, draftContext(), extra), { text: name, hidden: true });
    },

    /** Answers with a quick reply: the bubble shows its label. */
    async sendQuickReply(reply: QuickReply): Promise<UserEntry | undefined> {
      const action = quickReplyAction(reply);
      const extra = action.eventName ? { eventName: action.eventName } : {};
      return sendDraft(buildDraft(action.speech, draftContext(), extra), { text: reply.label });
    },

    /** Sends a failed message again, with its original traceId. */
    retry(traceId: number): void {
      const entry = model.entries.value.find((e) => e.kind === 'user' && e.traceId === traceId);
      if (entry?.kind !== 'user' || entry.status !== 'failed') return; // anything else is on its way already
      model.setStatus(traceId, 'pending');
      flush();
    },

    /** Name, profile and metadata sent as the originator of the next messages. */
    setUser(next: ChatUser): void {
      user = { ...next };
    },

    /** Remembers whether the panel is open; applied after the stored state, so it wins over it. */
    setPanelOpen(open: boolean): void {
      void ready.then(() => (model.open.value = open));
    },

    dismissError(): void {
      serviceError.value = undefined;
    },

    /** Starts a new thread with an empty transcript; reconnects if connected. */
    async reset(): Promise<void> {
      await ready;
      const wasActive = connection.state.kind !== 'idle' && connection.state.kind !== 'closed';
      connection.stop();
      clearDeliveryTimers();
      model.reset(uuid());
      serviceError.value = undefined;
      if (wasActive) startConnection();
    },

    on<K extends keyof ChatClientEventMap>(type: K, listener: Listener<ChatClientEventMap[K]>): () => void {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },

    /** Closes everything: socket, timers, listeners. Pending saves still complete. */
    destroy(): Promise<void> {
      destroyed = true;
      connection.stop();
      clearDeliveryTimers();
      model.dispose();
      stopStatusEvents();
      stopSaving?.();
      listeners.clear();
      return saver.flushed();
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;
