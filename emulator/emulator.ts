// The Parley emulator, mountable: the whole service of spec 1-9 behind two node:http hooks
// (requests and upgrades), so it runs standalone (index.ts, cli.ts), inside Vite (vite-plugin.ts)
// or in a test. This file wires the parts and routes paths; each part has a file of its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { overlongTarget, trimTrailingSlashes } from './bounds.ts';
import { accessRules, hostRefusal, isPrivatePath, originRefusal, type AccessRules } from './access.ts';
import { systemClock } from './clock.ts';
import { createConsoleServer } from './console/server.ts';
import { handleControl, type EmulatorControl, type SocketConfig } from './control.ts';
import { BoundedList } from './bounded.ts';
import { BOUNDS } from './retention.ts';
import { createConversations } from './conversations.ts';
import { createDropNotices } from './drops.ts';
import { createFeed } from './feed.ts';
import { loadFlows, type Flow } from './flows/flows.ts';
import { refuse, sendError, sendJson, sendPreflight } from './http.ts';
import { createLog } from './log.ts';
import { serveMedia } from './media.ts';
import { listFlows } from './management.ts';
import type { ConsoleSource } from './model.ts';
import { checkHttpUrl, resolveOptions, type EmulatorOptions, type ResolvedOptions } from './options.ts';
import { restEndpoints, type Broadcast } from './rest/endpoints.ts';
import { createRestRouter } from './rest/router.ts';
import { createAddressDesk } from './socket/address.ts';
import { createSocketHub } from './socket/sockets.ts';
import { createThreadStore } from './threads.ts';
import { createWebhookDispatcher } from './webhooks/dispatcher.ts';
import { createReceiver } from './webhooks/receiver.ts';


const defaultSocketConfig = (options: ResolvedOptions): SocketConfig => ({
  tokenTtlMs: 60_000, // spec 3, 8: addresses live 60 s
  idleTimeoutMs: 50_000, // spec 3, 8: 50 s without a message closes the socket
  headerPrefix: options.headerPrefix,
  rotateSecret: false,
});

/** The built console: beside the bundled emulator, or in dist/ when run from source. */
const CONSOLE_ASSETS = import.meta.url.endsWith('.ts') ? new URL('../dist/emulator/console/', import.meta.url) : new URL('./console/', import.meta.url);

const DEFAULT_REFUSAL = 'message refused (control refuse)';

/** `access`: who may reach it (by default from allowOrigins and allowHosts; the Vite plugin passes Vite's own rules). */
// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
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
  let webhookUrl = options.webhookUrl;
  // The emulator's own origin (the built-in receiver's URL, the flows' media): set by whoever
  // listens (setOrigin), else learnt from the first request whose Host passed the host check.
  let origin = '';
  const broadcasts = new BoundedList<Broadcast>(BOUNDS.broadcasts, undefined, () => drops.dropped('broadcasts'));
  /** Tests make the next valid message.send frames be refused with an `error` frame (control `refuse`). */
  const refusals = { sends: 0, message: DEFAULT_REFUSAL };

  const receiver = createReceiver({ clock, onDrop: () => drops.dropped('receiver') });
  const webhooks = createWebhookDispatcher({
    target: () => {
      const url = webhookUrl === undefined ? (origin ? `${origin}${options.prefix}/receiver` : undefined) : webhookUrl;
      return url ? { url, verifyToken: options.verifyToken } : undefined;
    },
    timeScale: options.webhookTimeScale,
    clock,
    onChange: (delivery) => feed.publish({ kind: 'webhook', delivery }),
    log: (line) => log.info(line),
    onDrop: drops.dropped,
  });
  const desk = createAddressDesk({ options, config, threads, clock, log, onDrop: drops.dropped });
  const mediaBase = () => (origin ? `${origin}${options.prefix}/` : undefined);
  const conversations = createConversations({ options, clock, log, threads, sockets: () => sockets, flows: () => flows.flows, webhooks, feed, mediaBase });
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
      if (refusals.sends > 0) return refusals.sends--, refusals.message;
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
  const rest = createRestRouter(restEndpoints({ conversations, threads, webhooks, flows: () => flows.flows, broadcasts, now: () => clock.now() }), { options, log });

  const consoleSource: ConsoleSource = {
    threads: () => threads.list().map((t) => threads.summary(t, sockets.threadSockets(t.threadId).length)),
    transcript: (id) => threads.get(id)?.transcript,
    webhooks: () => webhooks.records(),
    dropped: () => drops.list(),
    subscribe: (listener) => feed.subscribe(listener),
    settings: () => ({
      restBase: `${options.prefix}/rest/v1`,
      apiKey: options.apiKey,
      managementKey: options.managementKey,
      ...(currentWebhookUrl() ? { webhookUrl: currentWebhookUrl()! } : {}),
      receiverPath: `${options.prefix}/receiver`,
      defaultPauseSeconds: options.handoverPauseSeconds,
      strict: options.strict,
    }),
    setWebhookUrl(url) {
      if (url !== undefined) checkHttpUrl('url', url);
      webhookUrl = url ?? null;
    },
  };
  const consoleServer = createConsoleServer(consoleSource, { assetsDir: CONSOLE_ASSETS });

  function currentWebhookUrl(): string | undefined {
    if (webhookUrl === null) return undefined;
    return webhookUrl ?? (origin ? `${origin}${options.prefix}/receiver` : undefined);
  }

  const owns = (pathname: string) => options.prefix === '' || pathname === options.prefix || pathname.startsWith(`${options.prefix}/`);

  function handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (!owns(url.pathname)) return false;
    const path = url.pathname.slice(options.prefix.length) || '/';
    const refusal = hostRefusal(req, access) ?? (isPrivatePath(path) ? originRefusal(req, access) : undefined);
    if (refusal) {
      refuse(res, refusal);
      return true;
    }
    learnOrigin(req);
    const overlong = overlongTarget(req.url ?? '/');
    if (overlong) {
      sendJson(req, res, 414, { status: 'error', ...overlong });
      return true;
    }
    if (req.method === 'OPTIONS' && !path.startsWith('/console')) {
      sendPreflight(req, res);
      return true;
    }
    route(req, res, url, path).catch((error: unknown) => {
      log.info('handler error', error);
      if (!res.headersSent) sendError(req, res, 500, `emulator error: ${(error as Error).message}`);
    });
    return true;
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<void> {
    const get = (fn: () => void) => {
      if (req.method === 'GET') return fn();
      res.setHeader('Allow', 'GET');
      sendError(req, res, 405, `${req.method} is not allowed on ${path}; use GET`);
    };
    if (path.startsWith('/rest/v1/')) return rest.handle(req, res, path.slice('/rest/v1/'.length), url);
    if (path === '/socket.info') return get(() => desk.handle(req, res, url, 'plain'));
    if (path === '/sdk/socket.info') return get(() => desk.handle(req, res, url, 'secret'));
    const project = /^\/v1\/projects\/([^/]+)\/flows(\/list)?\/?$/.exec(path)?.[1];
    if (project !== undefined) return get(() => listFlows(req, res, url, { projectId: decodedSegment(project), rawFlows: flows.raw, options, log }));
    if (path === '/console' || path.startsWith('/console/')) return consoleServer.handle(req, res, path.slice('/console'.length));
    if (path === '/receiver' || path.startsWith('/receiver/')) return receiver.handle(req, res, path.slice('/receiver'.length));
    if (path.startsWith('/__control/')) return handleControl(control, req, res, path.slice('/__control/'.length), url);
    if (path.startsWith('/media/')) return get(() => void serveMedia(req, res, path.slice('/media/'.length), options.media));
    if (path === '/health') return get(() => sendJson(req, res, 200, { status: 'ok' }));
    sendError(req, res, 404, `no such endpoint: ${req.method} ${options.prefix}${path}`);
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (!owns(url.pathname)) return false;
    const refusal = hostRefusal(req, access);
    if (refusal) {
      const body = JSON.stringify({ status: 'error', message: refusal });
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return true;
    }
    sockets.handleUpgrade(req, socket, head, url.pathname.slice(options.prefix.length) || '/');
    return true;
  }

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
    webhookUrl = options.webhookUrl;
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
  const control: EmulatorControl = { options, config, desk, sockets, conversations, threads, webhooks, receiver, broadcasts, refusals, log, drops, reset, rearmIdle: () => sockets.rearmIdle() };

  /**
   * Only from a Host the host check vouched for: a DNS-rebound first request would otherwise make
   * every later default webhook (transcripts, the verify token) go to the attacker's name. With
   * `allowHosts: true` (Vite's `allowedHosts: true`) nothing vouches: only setOrigin sets it.
   */
  function learnOrigin(req: IncomingMessage): void {
    if (origin || !req.headers.host || access.allowHosts === true) return;
    origin = `http://${req.headers.host}`;
  }

  /** The emulator's own address, for the built-in receiver's URL and the flows' media (else learnt from a checked first request). */
  function setOrigin(url: string): void {
    origin = trimTrailingSlashes(url);
  }

  return { options, handleRequest, handleUpgrade, setOrigin, reset, close, control, feed, webhooks, receiver, threads };
}
export type Emulator = ReturnType<typeof createEmulator>;
export type { EmulatorControl, SocketConfig };

/** A path segment as text; one that is not valid percent-encoding stays as written. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
