// Lets Playwright drive the headless client in a real browser: tests call
// window.harness.start(options) and read back what the client saw.
import { createChatClient, type ChatClient, type ChatClientOptions } from '../../src/index.ts';
import { mulberry32 } from '../support/prng.ts';

export interface HarnessOptions extends Partial<Omit<ChatClientOptions, 'platform'>> {
  /**
   * 'max' makes every backoff wait its full ceiling, so gaps are predictable; a number seeds
   * the jitter, so a chaos run replays the same waits.
   */
  jitter?: 'max' | 'random' | number;
}

const events: Array<{ type: string; detail: unknown; at: number }> = [];
let client: ChatClient | undefined;

const harness = {
  events,
  async start(options: HarnessOptions = {}): Promise<string> {
    const { jitter, ...rest } = options;
    client = createChatClient({
      clientId: 'e2e',
      baseUrl: '/parley-emulator',
      ...rest,
      ...(jitter === 'max'
        ? { platform: { random: () => 1 } }
        : typeof jitter === 'number'
          ? { platform: { random: mulberry32(jitter) } }
          : {}),
    });
    for (const type of ['message', 'delivered', 'connection', 'error'] as const) {
      client.on(type, (detail) => events.push({ type, detail, at: Date.now() }));
    }
    await client.ready;
    return client.threadId;
  },
  connect: () => current().connect(),
  send: async (text: string) => (await current().send(text))?.traceId,
  sendEvent: async (name: string, params?: Record<string, unknown>) => (await current().sendEvent(name, params))?.traceId,
  sendQuickReply: async (label: string) => {
    const reply = current().quickReplies.value.find((r) => r.label === label);
    if (!reply) throw new Error(`no quick reply "${label}" on offer`);
    return (await current().sendQuickReply(reply))?.traceId;
  },
  state: () => current().status.value.state,
  status: () => current().status.value,
  threadId: () => current().threadId,
  hadStoredThread: () => current().hadStoredThread.value,
  entries: () => current().entries.value,
  quickReplies: () => current().quickReplies.value,
  typing: () => current().typing.value,
  serviceError: () => current().serviceError.value,
  reset: () => current().reset(),
  retry: (traceId: number) => current().retry(traceId),
  /** Brings every stored message into memory (as scrolling back all the way would). */
  loadAll: async () => {
    for (let pages = 0; current().hasOlder.value && pages < 1_000; pages++) await current().loadOlder();
  },
  discard: (traceId: number) => current().discard(traceId),
  destroy: async () => {
    await current().destroy();
    client = undefined;
  },
};

function current(): ChatClient {
  if (!client) throw new Error('call harness.start() first');
  return client;
}

declare global {
  interface Window {
    harness: typeof harness;
  }
}
window.harness = harness;
