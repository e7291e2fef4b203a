// The Parley emulator, mountable: the whole service of spec 1-9 behind two node:http hooks
// (requests and upgrades), so it runs standalone (index.ts, cli.ts), inside Vite (vite-plugin.ts)
// or in a test. This file wires the parts (routing.ts routes paths to them); each part has a file of its own.
import { accessRules, type AccessRules } from './safety/access.ts';
import { systemClock, type Clock } from './core/clock.ts';
import { createConsoleServer } from './console/server/server.ts';
import type { EmulatorControl, SocketConfig } from './control.ts';
import { BoundedList } from './safety/bounded.ts';
import { BOUNDS } from './safety/retention.ts';
import { createConversations } from './conversations/conversations.ts';
import { createDropNotices } from './safety/drops.ts';
import { createFeed } from './core/feed.ts';
import { loadFlows, type Flow } from './flows/flows.ts';
import { createLog } from './core/log.ts';
import type { ConsoleSource } from './core/model.ts';
import { checkHttpUrl, resolveOptions, type EmulatorOptions, type ResolvedOptions } from './core/options.ts';
import { restEndpoints, type Broadcast } from './rest/endpoints.ts';
import { createRestRouter } from './rest/router.ts';
import { createAddressDesk } from './socket/address.ts';
import { createSocketHub } from './socket/sockets.ts';
import { createOwnOrigin } from './safety/own-origin.ts';
import { createRouting } from './routing.ts';
import { createThreadStore } from './threads/threads.ts';
import { createWebhookDispatcher } from './webhooks/dispatcher.ts';
import { createReceiver } from './webhooks/receiver.ts';

const defaultSocketConfig = (options: ResolvedOptions): SocketConfig => ({
  tokenTtlMs: 60_000, // spec 3, 8: addresses live 60 s
  idleTimeoutMs: 50_000, // spec 3, 8: 50 s without a message closes the socket
  headerPrefix: options.headerPrefix,
  rotateSecret: false,
});

/** The built console: beside the bundled emulator, or in dist/ when run from source. */
const CONSOLE_ASSETS = import.meta.url.endsWith('.ts')
  ? new URL('../dist/emulator/console/', import.meta.url)
  : new URL('./console/', import.meta.url);

const DEFAULT_REFUSAL = 'message refused (control refuse)';

/** Where webhooks go: the address set, none (set to null), or the built-in receiver once the origin is known. */
function webhookAddress(options: ResolvedOptions, origin: { get(): string | undefined }) {
  let url = options.webhookUrl;
  return {
    get: (): string | undefined =>
      url === null ? undefined : (url ?? (origin.get() ? `${origin.get()}${options.prefix}/receiver` : undefined)),
    set(next: string | undefined) {
      if (next !== undefined) checkHttpUrl('url', next);
      url = next ?? null;
    },
    reset() {
      url = options.webhookUrl;
    },
  };
}

/** The webhook dispatcher, sending to `webhookUrl`, its deliveries published to the console's feed. */
function webhooksTo(
  webhookUrl: ReturnType<typeof webhookAddress>,
  parts: {
    options: ResolvedOptions;
    clock: Clock;
    feed: ReturnType<typeof createFeed>;
    log: ReturnType<typeof createLog>;
    drops: ReturnType<typeof createDropNotices>;
  },
) {
  const { options, clock, feed, log, drops } = parts;
  return createWebhookDispatcher({
    target: () => {
      const url = webhookUrl.get();
      return url ? { url, verifyToken: options.verifyToken } : undefined;
    },
    timeScale: options.webhookTimeScale,
    clock,
    onChange: (delivery) => feed.publish({ kind: 'webhook', delivery }),
    log: (line) => log.info(line),
    onDrop: drops.dropped,
  });
}

/** What the agent console's server reads and changes. */
function consoleSourceOf(parts: {
  options: ResolvedOptions;
  threads: ReturnType<typeof createThreadStore>;
  sockets: Pick<ReturnType<typeof createSocketHub>, 'threadSockets'>;
  webhooks: ReturnType<typeof createWebhookDispatcher>;
  drops: ReturnType<typeof createDropNotices>;
  feed: ReturnType<typeof createFeed>;
  webhookUrl: ReturnType<typeof webhookAddress>;
}): ConsoleSource {
  const { options, threads, sockets, webhooks, drops, feed, webhookUrl } = parts;
  return {
    threads: () => threads.list().map((t) => threads.summary(t, sockets.threadSockets(t.threadId).length)),
    transcript: (id) => threads.get(id)?.transcript,
    webhooks: () => webhooks.records(),
    dropped: () => drops.list(),
    subscribe: (listener) => feed.subscribe(listener),
    settings: () => ({
      restBase: `${options.prefix}/rest/v1`,
      apiKey: options.apiKey,
      managementKey: options.managementKey,
      ...(webhookUrl.get() ? { webhookUrl: webhookUrl.get()! } : {}),
      receiverPath: `${options.prefix}/receiver`,
      defaultPauseSeconds: options.handoverPauseSeconds,
      strict: options.strict,
    }),
    setWebhookUrl: webhookUrl.set,
    // The control API's resend, the same call (webhooks/resend.ts).
    resendWebhook: (deliveryId) => webhooks.resend(deliveryId),
  };
}

/** `access`: who may reach it (by default from allowOrigins and allowHosts; the Vite plugin passes Vite's own rules). */
export function createEmulator(input: EmulatorOptions = {}, access: AccessRules = accessRules(input)) {
  const options = resolveOptions(input);
  const clock = input.clock ?? systemClock;
  const log = createLog({ quiet: options.quiet, now: () => clock.now(), onDrop: () => drops.dropped('departures') });
  const config: SocketConfig = defaultSocketConfig(options);
  const feed = createFeed((error) => log.info('feed listener failed', error));
  const drops = createDropNotices({ say: (line) => log.info(line), publish: (bound) => feed.publish({ kind: 'dropped', bound }) });
  const threads = createThreadStore(clock, {
    inUse: (threadId) => sockets.threadSockets(threadId).length > 0,
    onForget: (thread) => clock.clearTimeout(thread.resumeTimer),
    onDrop: drops.dropped,
  });
  let flows: { raw: unknown[]; flows: Flow[] } = loadFlows(options.flows);
  const origin = createOwnOrigin(access);
  const webhookUrl = webhookAddress(options, origin);
  const broadcasts = new BoundedList<Broadcast>(BOUNDS.broadcasts, undefined, () => drops.dropped('broadcasts'));
  /** Tests make the next valid message.send frames be refused with an `error` frame (control `refuse`). */
  const refusals = { sends: 0, message: DEFAULT_REFUSAL };

  const receiver = createReceiver({ clock, onDrop: () => drops.dropped('receiver') });
  const webhooks = webhooksTo(webhookUrl, { options, clock, feed, log, drops });
  const desk = createAddressDesk({ options, config, threads, clock, log, onDrop: drops.dropped });
  const mediaBase = () => (origin.get() ? `${origin.get()}${options.prefix}/` : undefined);
  const conversations = createConversations({
    options,
    clock,
    log,
    threads,
    sockets: () => sockets,
    flows: () => flows.flows,
    webhooks,
    feed,
    mediaBase,
  });
  const sockets = createSocketHub({
    desk,
    threads,
    clock,
    log,
    strict: options.strict,
    prefix: options.prefix,
    idleTimeoutMs: () => config.idleTimeoutMs,
    onSend(rec, payload) {
      // Refused before it is taken: not delivered, not answered, and its traceId not remembered.
      if (refusals.sends > 0) return (refusals.sends--, refusals.message);
      return conversations.onSocketSend(rec, payload);
    },
    onDrop: drops.dropped,
    onPresence: (ids) => {
      for (const id of ids) {
        const thread = threads.get(id);
        if (thread) feed.publish({ kind: 'thread', thread: threads.summary(thread, sockets.threadSockets(id).length) });
      }
    },
  });
  const rest = createRestRouter(
    restEndpoints({ conversations, threads, webhooks, flows: () => flows.flows, broadcasts, now: () => clock.now() }),
    { options, log },
  );

  const consoleSource = consoleSourceOf({ options, threads, sockets, webhooks, drops, feed, webhookUrl });
  const consoleServer = createConsoleServer(consoleSource, { assetsDir: CONSOLE_ASSETS });

  /** Forgets every thread, socket, event and delivery (test isolation); options stay. */
  function reset(): void {
    sockets.reset('emulator reset');
    conversations.reset();
    for (const thread of threads.list()) if (thread.resumeTimer !== undefined) clock.clearTimeout(thread.resumeTimer);
    threads.clear();
    desk.reset();
    webhooks.reset();
    receiver.reset();
    log.clear();
    broadcasts.clear();
    drops.clear();
    Object.assign(refusals, { sends: 0, message: DEFAULT_REFUSAL });
    webhookUrl.reset();
    Object.assign(config, defaultSocketConfig(options));
    flows = loadFlows(options.flows);
    feed.publish({ kind: 'reset' });
  }

  async function close(): Promise<void> {
    conversations.reset();
    consoleServer.close();
    await Promise.all([sockets.close(), webhooks.close()]);
  }

  /** What the control API (tests) reaches. */
  const control: EmulatorControl = {
    options,
    config,
    desk,
    sockets,
    conversations,
    threads,
    webhooks,
    receiver,
    broadcasts,
    refusals,
    log,
    drops,
    reset,
  };
  const { handleRequest, handleUpgrade } = createRouting({
    options,
    access,
    log,
    learnOrigin: origin.learn,
    rest,
    desk,
    rawFlows: () => flows.raw,
    consoleServer,
    receiver,
    control,
    sockets,
  });

  return { options, handleRequest, handleUpgrade, setOrigin: origin.set, reset, close, control, feed, webhooks, receiver, threads };
}
export type Emulator = ReturnType<typeof createEmulator>;
export type { SocketConfig };
