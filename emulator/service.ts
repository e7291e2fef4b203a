// The mock conversational messaging service: address requests (spec 4.1), single-use socket
// addresses (spec 3, 5, 8), the socket protocol (spec 4.2), the flows listing (spec 4.6) and a
// control API for tests (control.ts). Built on plain node:http types so it mounts anywhere:
// standalone (cli.ts), inside Vite (plugin.ts) or in-process in a test.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { handleControl } from './control.ts';
import { parseClientFrame, type SendPayload } from './frames.ts';
import { buildReplies, loadFlows, matchStep, type Flow } from './flows/flows.ts';
import { header, sendError, sendJson, sendPreflight } from './http.ts';

export type Mode = 'plain' | 'secret';

export interface ClientConfig {
  /** Origins allowed to request addresses; absent = any origin (or none). */
  allowedOrigins?: string[];
  /** Address request kinds this client accepts. */
  modes: Mode[];
}

export const DEFAULT_CLIENTS: Record<string, ClientConfig> = {
  demo: { modes: ['plain', 'secret'] },
  e2e: { modes: ['plain', 'secret'] },
  restricted: { modes: ['plain', 'secret'], allowedOrigins: ['https://allowed.example'] },
  // Client-nonce enabled in the "dashboard": plain address requests are refused (403).
  'secret-only': { modes: ['secret'] },
};

export interface MockConfig {
  tokenTtlMs: number;
  idleTimeoutMs: number;
  headerPrefix: string;
  rotateSecret: boolean;
}

export const DEFAULT_CONFIG: MockConfig = {
  tokenTtlMs: 60_000,
  idleTimeoutMs: 50_000,
  headerPrefix: 'x-svc',
  rotateSecret: false,
};

/** Close code and reason the mock uses when a socket stays silent past idleTimeoutMs. */
export const IDLE_CLOSE_CODE = 4000;
export const IDLE_CLOSE_REASON = 'idle timeout';

export interface MockServiceOptions {
  /** Path prefix every route lives under, e.g. '/mock'; '' when standalone. */
  prefix?: string;
  /** Flow set (management API shape); default e2e/mock/flows.json next to this file. */
  flowsFile?: string | URL;
  /** Print address requests and frames to the console. */
  log?: boolean;
  clients?: Record<string, ClientConfig>;
}

export interface MockService {
  /** Handles requests under the prefix; returns false (untouched) for any other path. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Handles WebSocket upgrades under the prefix; returns false for any other path (e.g. Vite HMR). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
  /** The internals, for in-process tests. */
  readonly core: MockCore;
}

interface TokenRecord {
  token: string;
  clientId: string;
  sessionId: string;
  mode: Mode;
  threadId?: string;
  issuedAt: number;
  used: boolean;
}

export interface SocketRecord {
  ws: WebSocket;
  token: string;
  clientId: string;
  sessionId: string;
  mode: Mode;
  /** Secret mode: the thread the address was issued for. */
  threadId?: string;
  /** Threads this socket receives replies for (secret: its thread; plain: threads it has sent on). */
  threads: Set<string>;
  openedAt: number;
  closedAt?: number;
  closeCode?: number;
  closeReason?: string;
  lastFrameAt: number;
  idleTimer?: NodeJS.Timeout;
  /** Half-dead: the mock neither sends on it nor hears it nor closes it. */
  blackholed: boolean;
}

interface ThreadRecord {
  threadId: string;
  secret?: string;
  lastStepId?: string;
  /** A moderator message pauses the bot (spec 3); only reset() resumes it in the mock. */
  botPaused: boolean;
}

export interface AddressLogEntry {
  at: number;
  mode: Mode;
  clientId?: string;
  sessionId?: string;
  threadId?: string;
  secretSent?: string;
  origin?: string;
  /** HTTP status answered; 0 when the connection was destroyed (networkError). */
  status: number;
  /** The `status` field of the body ('ok' | 'error'), absent for networkError. */
  result?: string;
  message?: string;
}

export interface ReceivedEntry {
  at: number;
  sessionId: string;
  threadId?: string;
  raw: string;
  frame?: unknown;
  /** The error the mock answered with, if any. */
  error?: string;
  /** Arrived while the socket was blackholed: the service never "heard" it. */
  blackholed?: boolean;
}

export interface Overrides {
  fail: number;
  failStatus: number;
  refuse: number;
  networkError: number;
}

const newOverrides = (): Overrides => ({ fail: 0, failStatus: 500, refuse: 0, networkError: 0 });

export class MockCore {
  readonly prefix: string;
  config: MockConfig = { ...DEFAULT_CONFIG };
  readonly clients: Record<string, ClientConfig>;
  flows: Flow[] = [];
  rawFlows: unknown[] = [];
  tokens = new Map<string, TokenRecord>();
  usedSessionIds = new Set<string>();
  threads = new Map<string, ThreadRecord>();
  sockets: SocketRecord[] = [];
  upgradeRefusals: { at: number; token?: string; reason: string }[] = [];
  addressRequests: AddressLogEntry[] = [];
  received: ReceivedEntry[] = [];
  overrides = newOverrides();
  replies = { hold: false, delayMs: 0 };
  private held: (() => void)[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  constructor(
    private readonly options: Required<Pick<MockServiceOptions, 'prefix' | 'log'>> & { flowsFile: string | URL },
    clients: Record<string, ClientConfig>,
  ) {
    this.prefix = options.prefix;
    this.clients = clients;
    this.reloadFlows();
  }

  log(...args: unknown[]): void {
    if (this.options.log) console.log('[parley-mock]', ...args);
  }

  reloadFlows(): void {
    const { raw, flows } = loadFlows(this.options.flowsFile);
    this.rawFlows = raw;
    this.flows = flows;
  }

  // ---------------- routing ----------------

  owns(pathname: string): boolean {
    return this.prefix === '' || pathname === this.prefix || pathname.startsWith(this.prefix + '/');
  }

  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    if (!this.owns(url.pathname)) return false;
    const path = url.pathname.slice(this.prefix.length) || '/';
    if (req.method === 'OPTIONS') {
      sendPreflight(req, res);
      return true;
    }
    try {
      this.route(req, res, url, path);
    } catch (err) {
      this.log('handler error', err);
      if (!res.headersSent) sendError(req, res, 500, `mock error: ${(err as Error).message}`);
    }
    return true;
  }

  private route(req: IncomingMessage, res: ServerResponse, url: URL, path: string): void {
    if (path.startsWith('/__control/')) {
      void handleControl(this, req, res, path.slice('/__control/'.length), url);
      return;
    }
    const get = (fn: () => void) => (req.method === 'GET' ? fn() : sendError(req, res, 405, `${req.method} not allowed on ${path}`));
    if (path === '/health') return get(() => sendJson(req, res, 200, { status: 'ok' }));
    if (path === '/socket.info') return get(() => this.addressRequest(req, res, url, 'plain'));
    if (path === '/sdk/socket.info') return get(() => this.addressRequest(req, res, url, 'secret'));
    const flows = /^\/v1\/projects\/([^/]+)\/flows\/?$/.exec(path);
    if (flows) return get(() => this.listFlows(req, res, url));
    sendError(req, res, 404, `no such endpoint: ${path}`);
  }

  // ---------------- address requests (spec 4.1) ----------------

  private addressRequest(req: IncomingMessage, res: ServerResponse, url: URL, mode: Mode): void {
    const origin = header(req, 'origin');
    const entry: AddressLogEntry = { at: Date.now(), mode, status: 0, ...(origin ? { origin } : {}) };
    const p = this.config.headerPrefix.toLowerCase();
    if (mode === 'plain') {
      const sessionId = url.searchParams.get('sessionId');
      const clientId = url.searchParams.get('clientId');
      if (sessionId !== null) entry.sessionId = sessionId;
      if (clientId !== null) entry.clientId = clientId;
    } else {
      const [secret, threadId, clientId, sessionId] = ['secret', 'threadid', 'clientid', 'sessionid'].map((h) =>
        header(req, `${p}-${h}`),
      );
      if (secret !== undefined) entry.secretSent = secret;
      if (threadId !== undefined) entry.threadId = threadId;
      if (clientId !== undefined) entry.clientId = clientId;
      if (sessionId !== undefined) entry.sessionId = sessionId;
    }
    this.addressRequests.push(entry);
    const answer = (status: number, body: Record<string, unknown>) => {
      entry.status = status;
      entry.result = String(body.status);
      if (typeof body.message === 'string') entry.message = body.message;
      this.log(`address ${mode} ${entry.clientId}/${entry.sessionId} -> ${status}`, body.message ?? '');
      sendJson(req, res, status, body);
    };

    // Injected failures (control API) come first, whatever the request.
    const o = this.overrides;
    if (o.networkError > 0) {
      o.networkError--;
      this.log(`address ${mode} -> network error (injected)`);
      req.socket.destroy();
      return;
    }
    if (o.fail > 0) {
      o.fail--;
      return answer(o.failStatus, { status: 'error', message: 'injected failure' });
    }
    if (o.refuse > 0) {
      o.refuse--;
      return answer(200, { status: 'error', message: 'injected refusal' });
    }

    let threadId: string | undefined;
    let secretSent: string | undefined;
    if (mode === 'plain') {
      if (!entry.sessionId) return answer(400, { status: 'error', message: 'sessionId query parameter is required' });
      if (!entry.clientId) return answer(400, { status: 'error', message: 'clientId query parameter is required' });
    } else {
      const missing = (['secret', 'threadid', 'clientid', 'sessionid'] as const).filter((h) => {
        const v = { secret: entry.secretSent, threadid: entry.threadId, clientid: entry.clientId, sessionid: entry.sessionId }[h];
        // The secret may be empty (first request of a thread); the others may not.
        return v === undefined || (h !== 'secret' && v === '');
      });
      if (missing.length) {
        return answer(400, {
          status: 'error',
          message: `missing or empty header(s): ${missing.map((h) => `${p}-${h}`).join(', ')}`,
        });
      }
      threadId = entry.threadId;
      secretSent = entry.secretSent;
    }
    const clientId = entry.clientId!;
    const sessionId = entry.sessionId!;
    const client = this.clients[clientId];
    if (!client) return answer(401, { status: 'error', message: `unknown clientId "${clientId}"` });
    if (!client.modes.includes(mode)) {
      return answer(403, {
        status: 'error',
        message: mode === 'plain' ? 'client-nonce mode is enabled for this client: use the secret address request' : 'client-nonce mode is not enabled for this client',
      });
    }
    if (client.allowedOrigins && (!origin || !client.allowedOrigins.includes(origin))) {
      return answer(403, { status: 'error', message: `origin ${origin ?? '(none)'} is not allowed for client "${clientId}"` });
    }
    if (this.usedSessionIds.has(sessionId)) {
      return answer(400, { status: 'error', message: `sessionId "${sessionId}" was already used; send a new one per request` });
    }

    let secret: string | undefined;
    if (mode === 'secret') {
      const thread = this.threads.get(threadId!);
      if (!thread?.secret) {
        if (secretSent !== '') return answer(401, { status: 'error', message: 'invalid secret' });
        const t = thread ?? this.newThread(threadId!);
        t.secret = newSecret();
      } else {
        if (secretSent !== thread.secret) return answer(401, { status: 'error', message: 'invalid secret' });
        if (this.config.rotateSecret) thread.secret = newSecret();
      }
      secret = this.threads.get(threadId!)!.secret;
    }

    this.usedSessionIds.add(sessionId);
    const token = randomBytes(18).toString('base64url');
    this.tokens.set(token, {
      token,
      clientId,
      sessionId,
      mode,
      ...(threadId !== undefined ? { threadId } : {}),
      issuedAt: Date.now(),
      used: false,
    });
    const endpoint = `${wsScheme(req)}://${header(req, 'host') ?? '127.0.0.1'}${this.prefix}/ws?token=${token}`;
    answer(200, { status: 'ok', payload: { endpoint }, ...(secret !== undefined ? { secret } : {}) });
  }

  private newThread(threadId: string): ThreadRecord {
    const t: ThreadRecord = { threadId, botPaused: false };
    this.threads.set(threadId, t);
    return t;
  }

  // ---------------- management API (spec 4.6) ----------------

  private listFlows(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const auth = header(req, 'authorization');
    if (!auth || !/^Bearer \S+$/.test(auth)) {
      return sendError(req, res, 401, 'Authorization: Bearer <MANAGEMENT_API_KEY> is required');
    }
    const num = (name: string): number | undefined | null => {
      const v = url.searchParams.get(name);
      if (v === null) return undefined;
      return /^\d+$/.test(v) ? Number(v) : null;
    };
    const limit = num('limit');
    const skip = num('skip');
    if (limit === null || skip === null) return sendError(req, res, 400, 'limit and skip must be non-negative integers');
    const start = skip ?? 0;
    sendJson(req, res, 200, this.rawFlows.slice(start, limit === undefined ? undefined : start + limit));
  }

  // ---------------- sockets (spec 4.2) ----------------

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    if (!this.owns(url.pathname)) return false;
    const refuse = (status: number, reason: string, token?: string) => {
      this.upgradeRefusals.push({ at: Date.now(), ...(token ? { token } : {}), reason });
      this.log(`upgrade refused (${status}): ${reason}`);
      rejectUpgrade(socket, status, reason);
      return true;
    };
    if (url.pathname !== `${this.prefix}/ws`) return refuse(404, `no socket endpoint at ${url.pathname}`);
    const token = url.searchParams.get('token') ?? '';
    const rec = this.tokens.get(token);
    if (!rec) return refuse(401, 'unknown token', token);
    if (rec.used) return refuse(401, 'token already used (socket addresses are single-use)', token);
    if (Date.now() - rec.issuedAt > this.config.tokenTtlMs) return refuse(401, 'token expired', token);
    rec.used = true;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, rec));
    return true;
  }

  private onConnection(ws: WebSocket, token: TokenRecord): void {
    const now = Date.now();
    const rec: SocketRecord = {
      ws,
      token: token.token,
      clientId: token.clientId,
      sessionId: token.sessionId,
      mode: token.mode,
      ...(token.threadId !== undefined ? { threadId: token.threadId } : {}),
      threads: new Set(token.threadId !== undefined ? [token.threadId] : []),
      openedAt: now,
      lastFrameAt: now,
      blackholed: false,
    };
    this.sockets.push(rec);
    this.log(`socket open ${rec.sessionId} (${rec.mode}${rec.threadId ? ` thread ${rec.threadId}` : ''})`);
    this.armIdle(rec);
    ws.on('message', (data, isBinary) => this.onFrame(rec, data, isBinary));
    ws.on('close', (code, reason) => {
      rec.closedAt = Date.now();
      rec.closeCode = code;
      rec.closeReason = reason.toString();
      clearTimeout(rec.idleTimer);
      this.log(`socket closed ${rec.sessionId} ${code} ${rec.closeReason}`);
    });
    ws.on('error', (err) => this.log(`socket error ${rec.sessionId}`, err.message));
  }

  /** (Re)starts the idle timer from the last received frame; blackholed sockets never idle out. */
  armIdle(rec: SocketRecord): void {
    clearTimeout(rec.idleTimer);
    rec.idleTimer = undefined;
    if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return;
    const wait = Math.max(0, rec.lastFrameAt + this.config.idleTimeoutMs - Date.now());
    rec.idleTimer = setTimeout(() => {
      this.log(`socket ${rec.sessionId} idle for ${this.config.idleTimeoutMs} ms: closing`);
      rec.ws.close(IDLE_CLOSE_CODE, IDLE_CLOSE_REASON);
    }, wait);
  }

  private onFrame(rec: SocketRecord, data: RawData, isBinary: boolean): void {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const raw = isBinary ? `<binary ${buf.length} bytes>` : buf.toString('utf8');
    const entry: ReceivedEntry = { at: Date.now(), sessionId: rec.sessionId, raw };
    if (rec.threadId !== undefined) entry.threadId = rec.threadId;
    this.received.push(entry);
    if (rec.blackholed) {
      // The network swallowed it: recorded for tests, never processed.
      entry.blackholed = true;
      return;
    }
    rec.lastFrameAt = entry.at;
    this.armIdle(rec);
    this.log(`<- ${rec.sessionId} ${raw.slice(0, 300)}`);
    if (isBinary) return this.answerError(rec, entry, 'binary frames are not accepted; send JSON text');
    try {
      entry.frame = JSON.parse(raw);
      // Best effort, so `received?threadId=` also lists a thread's rejected frames.
      const tid = (entry.frame as { payload?: { threadId?: unknown } } | null)?.payload?.threadId;
      if (entry.threadId === undefined && typeof tid === 'string') entry.threadId = tid;
    } catch {
      /* the parser below reports it */
    }
    const parsed = parseClientFrame(raw);
    if (parsed.kind === 'error') return this.answerError(rec, entry, parsed.message);
    if (parsed.kind === 'ping') return void this.send(rec, { type: 'pong' });
    entry.threadId ??= parsed.payload.threadId;
    this.onSend(rec, entry, parsed.payload);
  }

  private answerError(rec: SocketRecord, entry: ReceivedEntry, message: string): void {
    entry.error = message;
    this.send(rec, { type: 'error', message });
  }

  private onSend(rec: SocketRecord, entry: ReceivedEntry, p: SendPayload): void {
    let thread = this.threads.get(p.threadId);
    if (rec.mode === 'secret') {
      if (p.threadId !== rec.threadId) {
        return this.answerError(rec, entry, `threadId "${p.threadId}" does not match this connection's thread "${rec.threadId}"`);
      }
      if (p.nonce === undefined) return this.answerError(rec, entry, 'nonce is required on a client-nonce connection');
      if (p.nonce !== thread?.secret) return this.answerError(rec, entry, "invalid nonce: it does not match the thread's current secret");
    } else {
      if (p.nonce !== undefined) {
        return this.answerError(rec, entry, 'nonce is only accepted on client-nonce connections (sdk socket.info)');
      }
      if (thread?.secret !== undefined) {
        return this.answerError(rec, entry, `thread "${p.threadId}" is protected by client-nonce; use a client-nonce connection`);
      }
    }
    thread ??= this.newThread(p.threadId);
    rec.threads.add(p.threadId);

    const delivered = { threadId: p.threadId, ...(p.traceId !== undefined ? { traceId: p.traceId } : {}), speech: p.speech };
    this.emitReply([rec], { type: 'message.delivered', payload: delivered });

    if (p.originator?.role === 'moderator') thread.botPaused = true; // spec 3: a moderator pauses the bot
    if (thread.botPaused) return;

    const match = matchStep(this.flows, p, thread.lastStepId);
    if (match) thread.lastStepId = match.step.stepId;
    this.log(`match "${p.speech}" -> ${match?.step.stepId ?? 'nothing'} (${match?.how})`);
    let at = 0;
    for (const frame of buildReplies(match, p)) {
      at += frame.afterMs;
      const out = { type: 'message.received', payload: frame.payload };
      if (at === 0) this.emitReply(p.threadId, out);
      else this.later(at, () => this.emitReply(p.threadId, out));
    }
  }

  /** Sends a reply now, later (delayMs) or when released (hold); a thread target is resolved at send time. */
  private emitReply(target: SocketRecord[] | string, frame: unknown): void {
    const deliver = () => {
      const sockets = typeof target === 'string' ? this.threadSockets(target) : target;
      for (const s of sockets) this.send(s, frame);
    };
    if (this.replies.hold) this.held.push(deliver);
    else if (this.replies.delayMs > 0) this.later(this.replies.delayMs, deliver);
    else deliver();
  }

  setReplies(next: { hold?: boolean; delayMs?: number }): void {
    if (next.delayMs !== undefined) this.replies.delayMs = next.delayMs;
    if (next.hold !== undefined) this.replies.hold = next.hold;
    if (!this.replies.hold) {
      const queue = this.held;
      this.held = [];
      for (const deliver of queue) deliver();
    }
  }

  get heldCount(): number {
    return this.held.length;
  }

  later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  openSockets(): SocketRecord[] {
    return this.sockets.filter((s) => s.ws.readyState === WebSocket.OPEN);
  }

  threadSockets(threadId: string): SocketRecord[] {
    return this.openSockets().filter((s) => s.threads.has(threadId));
  }

  /** The only way frames leave the mock: nothing goes out on a blackholed socket. */
  send(rec: SocketRecord, frame: unknown, raw?: string, binary = false): boolean {
    if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return false;
    const text = raw ?? JSON.stringify(frame);
    this.log(`-> ${rec.sessionId}${binary ? ' (binary)' : ''} ${text.slice(0, 300)}`);
    rec.ws.send(binary ? Buffer.from(text, 'utf8') : text, { binary });
    return true;
  }

  setBlackhole(on: boolean): number {
    let n = 0;
    for (const rec of this.openSockets()) {
      if (on && !rec.blackholed) {
        rec.blackholed = true;
        clearTimeout(rec.idleTimer);
        n++;
      } else if (!on && rec.blackholed) {
        rec.blackholed = false;
        rec.lastFrameAt = Date.now();
        this.armIdle(rec);
        n++;
      }
    }
    return n;
  }

  setConfig(next: Partial<MockConfig>): void {
    Object.assign(this.config, next);
    // A new idle limit applies to open sockets at once (measured from their last frame).
    if (next.idleTimeoutMs !== undefined) for (const rec of this.openSockets()) this.armIdle(rec);
  }

  reset(): void {
    for (const rec of this.sockets) {
      clearTimeout(rec.idleTimer);
      if (rec.ws.readyState === WebSocket.OPEN || rec.ws.readyState === WebSocket.CONNECTING) {
        rec.ws.close(1001, 'mock reset');
      }
    }
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.held = [];
    this.sockets = [];
    this.tokens.clear();
    this.usedSessionIds.clear();
    this.threads.clear();
    this.upgradeRefusals = [];
    this.addressRequests = [];
    this.received = [];
    this.overrides = newOverrides();
    this.replies = { hold: false, delayMs: 0 };
    this.config = { ...DEFAULT_CONFIG };
    this.reloadFlows();
  }

  state(): unknown {
    return {
      config: this.config,
      addressRequests: this.addressRequests,
      connections: this.sockets.map((s) => ({
        sessionId: s.sessionId,
        token: s.token,
        clientId: s.clientId,
        mode: s.mode,
        ...(s.threadId !== undefined ? { threadId: s.threadId } : {}),
        threads: [...s.threads],
        openedAt: s.openedAt,
        ...(s.closedAt !== undefined ? { closedAt: s.closedAt, closeCode: s.closeCode, closeReason: s.closeReason } : {}),
        blackholed: s.blackholed,
      })),
      upgradeRefusals: this.upgradeRefusals,
      threads: [...this.threads.values()].map((t) => ({
        threadId: t.threadId,
        ...(t.secret !== undefined ? { secret: t.secret } : {}),
        ...(t.lastStepId !== undefined ? { lastStepId: t.lastStepId } : {}),
        botPaused: t.botPaused,
      })),
      openSockets: this.openSockets().length,
      replies: { ...this.replies, held: this.held.length },
      overrides: this.overrides,
    };
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const rec of this.sockets) {
      clearTimeout(rec.idleTimer);
      rec.ws.terminate();
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

function wsScheme(req: IncomingMessage): 'ws' | 'wss' {
  const forwarded = header(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return encrypted || forwarded === 'https' ? 'wss' : 'ws';
}

/** Refuses an upgrade with a plain HTTP answer, then drops the connection. */
function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ status: 'error', message: reason });
  const text = status === 404 ? 'Not Found' : 'Unauthorized';
  if (!socket.writable) return void socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = new MockCore(
    {
      prefix: (options.prefix ?? '').replace(/\/+$/, ''),
      log: options.log ?? false,
      flowsFile: options.flowsFile ?? new URL('./flows/demo-flows.json', import.meta.url),
    },
    options.clients ?? DEFAULT_CLIENTS,
  );
  return {
    core,
    handleRequest: (req, res) => core.handleRequest(req, res),
    handleUpgrade: (req, socket, head) => core.handleUpgrade(req, socket, head),
    close: () => core.close(),
  };
}
