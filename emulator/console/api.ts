// The console's two doors: its own small API (relative to the page, so any base works) and the
// emulator's REST API, used exactly as a customer's back end would use it (Authorization: key).
import type { BoundName } from '../safety/retention.ts';
import type { ConsoleSettings, ThreadSummary, TranscriptEntry, WebhookAttempt, WebhookDelivery } from '../core/model.ts';
import { MAX_SPEECH_LENGTH } from '../../src/protocol/limits.ts';

export { MAX_SPEECH_LENGTH };

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A failed call, with the message to show the agent. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

/** How an error reads for the agent. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface ConsoleState {
  settings: ConsoleSettings;
  threads: ThreadSummary[];
  webhooks: WebhookDelivery[];
  /** The emulator's bounds that dropped older items (absent from older emulators). */
  dropped?: BoundName[];
}

interface ThreadDetail {
  thread: ThreadSummary;
  transcript: TranscriptEntry[];
}

/** Who replies from the console (remembered by the page). */
export interface Agent {
  name: string;
  picture: string;
}

/** Calls `url` and reads its JSON; any failure becomes an ActionError with words in it. */
async function call(fetchFn: Fetch, url: string, init: RequestInit | undefined, rest: boolean): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    throw new ActionError(`The emulator did not answer (${(error as Error).message || 'network error'}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ActionError(`The emulator answered HTTP ${response.status} without JSON.`, response.status);
  }
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const failed = !response.ok || (rest && record.status !== 'ok');
  if (failed) {
    const message = typeof record.message === 'string' && record.message ? record.message : `HTTP ${response.status}`;
    throw new ActionError(message, response.status);
  }
  return record;
}

const jsonInit = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export interface ConsoleApi {
  state(): Promise<ConsoleState>;
  thread(threadId: string): Promise<ThreadDetail>;
  setWebhookUrl(url: string | null): Promise<ConsoleSettings>;
  /** Sends a delivery's event again now; resolves with the new attempt once it has its result. */
  resendWebhook(deliveryId: string): Promise<WebhookAttempt>;
}

export function createConsoleApi(fetchFn: Fetch): ConsoleApi {
  return {
    state: async () => (await call(fetchFn, 'api/state', undefined, false)) as unknown as ConsoleState,
    thread: async (threadId) =>
      (await call(fetchFn, `api/threads/${encodeURIComponent(threadId)}`, undefined, false)) as unknown as ThreadDetail,
    setWebhookUrl: async (url) =>
      ((await call(fetchFn, 'api/webhook', jsonInit('PUT', { url }), false)) as { settings: ConsoleSettings }).settings,
    resendWebhook: async (deliveryId) =>
      (
        (await call(fetchFn, `api/webhooks/${encodeURIComponent(deliveryId)}/resend`, jsonInit('POST', {}), false)) as {
          attempt: WebhookAttempt;
        }
      ).attempt,
  };
}

export interface RestApi {
  reply(threadId: string, speech: string, agent: Agent): Promise<void>;
  handover(threadId: string, secondsToPause?: number): Promise<void>;
  resolve(threadId: string): Promise<void>;
  pause(threadId: string): Promise<void>;
  resume(threadId: string): Promise<void>;
  listEvents(): Promise<string[]>;
  triggerEvent(threadId: string, eventName: string): Promise<void>;
}

/** The REST API as the settings of the moment describe it (base path and key). */
export function createRestApi(settings: () => ConsoleSettings | undefined, fetchFn: Fetch): RestApi {
  const request = async (method: string, path: string, body?: unknown) => {
    const current = settings();
    if (!current) throw new ActionError('The console has not loaded the emulator’s settings yet.');
    const headers = { Authorization: current.apiKey };
    const init: RequestInit = body === undefined ? { method, headers } : jsonInit(method, body, headers);
    return call(fetchFn, `${current.restBase}/${path}`, init, true);
  };
  const id = encodeURIComponent;
  return {
    async reply(threadId, speech, agent) {
      const profile = agent.picture ? { picture: agent.picture } : {};
      const originator = { name: agent.name, role: 'moderator', profile };
      await request('POST', `messages/${id(threadId)}`, { payload: { type: 'text', speech, originator } });
    },
    async handover(threadId, secondsToPause) {
      await request('POST', `handover/${id(threadId)}`, secondsToPause === undefined ? {} : { secondsToPause });
    },
    async resolve(threadId) {
      await request('POST', `resolve/${id(threadId)}`, {});
    },
    async pause(threadId) {
      await request('POST', `pause/${id(threadId)}`, {});
    },
    async resume(threadId) {
      await request('DELETE', `pause/${id(threadId)}`, {});
    },
    async listEvents() {
      const body = await request('GET', 'trigger/event?sync=true');
      const items = (body.result as { items?: unknown } | undefined)?.items;
      return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : [];
    },
    async triggerEvent(threadId, eventName) {
      await request('POST', `trigger/event/${id(threadId)}?eventName=${encodeURIComponent(eventName)}`, {});
    },
  };
}
