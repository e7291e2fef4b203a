// The socket side (spec 4.2): upgrades with a single-use token, frames in and out, the 50 s
// idle close (spec 3, 8), which threads each socket hears, and the test controls (blackhole,
// drop, push). What a valid `message.send` means is the conversation's business (onSend).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { BoundedList } from '../bounded.ts';
import { BOUNDS, type BoundName, type KeptSizes } from '../retention.ts';
import type { Clock } from '../clock.ts';
import type { EmulatorLog } from '../log.ts';
import type { Mode } from '../options.ts';
import type { ThreadStore } from '../threads.ts';
import type { AddressDesk, TokenRecord } from './address.ts';
import { parseClientFrame, type SendPayload } from './frames.ts';

/** Close code and reason when a socket stays silent past the idle limit. */
export const IDLE_CLOSE_CODE = 4000;
export const IDLE_CLOSE_REASON = 'idle timeout';

export interface SocketRecord {
  ws: WebSocket;
  token: string;
  clientId: string;
  sessionId: string;
  mode: Mode;
  /** Secret mode: the thread the address was issued for. */
  threadId?: string;
  /** Threads this socket hears (secret: its thread; plain: the threads it has sent on). */
  threads: Set<string>;
  openedAt: number;
  closedAt?: number;
  closeCode?: number;
  closeReason?: string;
  lastFrameAt: number;
  idleTimer?: unknown;
  /** Half-dead: the emulator neither sends on it nor hears it nor closes it. */
  blackholed: boolean;
}

export interface ReceivedEntry {
  at: number;
  sessionId: string;
  threadId?: string;
  raw: string;
  /** The parsed JSON, when it parses (made when the log is read: the log keeps the text only). */
  frame?: unknown;
  /** The error the emulator answered with, if any. */
  error?: string;
  /** Arrived while the socket was blackholed: never processed. */
  blackholed?: boolean;
}

export interface SocketDeps {
  desk: AddressDesk;
  threads: ThreadStore;
  clock: Clock;
  log: EmulatorLog;
  strict: boolean;
  prefix: string;
  idleTimeoutMs: () => number;
  /** A valid `message.send`, already checked against the connection's mode and nonce; a string is an error to answer. */
  onSend(rec: SocketRecord, payload: SendPayload): string | undefined;
  /** Open sockets changed (the console shows who is online). */
  onPresence(threadIds: Iterable<string>): void;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: BoundName): void;
}

type UpgradeRefusal = { at: number; token?: string; reason: string };

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createSocketHub(deps: SocketDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  let sockets: SocketRecord[] = [];
  const dropped = (name: BoundName) => () => deps.onDrop?.(name);
  const upgradeRefusals = new BoundedList<UpgradeRefusal>(BOUNDS.upgradeRefusals, undefined, dropped('upgradeRefusals'));
  const received = new BoundedList<ReceivedEntry>(BOUNDS.frames, undefined, dropped('frames'));

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void {
    const refuse = (status: number, reason: string, token?: string) => {
      upgradeRefusals.push({ at: deps.clock.now(), ...(token ? { token } : {}), reason });
      deps.log.info(`upgrade refused (${status}): ${reason}`);
      rejectUpgrade(socket, status, reason);
    };
    if (pathname !== '/ws') return refuse(404, `no socket endpoint at ${deps.prefix}${pathname}`);
    const token = new URL(req.url ?? '/', 'http://emulator.invalid').searchParams.get('token') ?? '';
    const taken = deps.desk.take(token);
    if (typeof taken === 'string') return refuse(401, taken, token);
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, taken));
  }

  function onConnection(ws: WebSocket, token: TokenRecord): void {
    const now = deps.clock.now();
    const rec: SocketRecord = {
      ws,
      token: token.token,
      clientId: token.clientId,
      sessionId: token.sessionId,
      mode: token.mode,
      ...(token.threadId !== undefined ? { threadId: token.threadId } : {}),
      threads: new Set(),
      openedAt: now,
      lastFrameAt: now,
      blackholed: false,
    };
    sockets.push(rec);
    deps.log.info(`socket open ${rec.sessionId} (${rec.mode}${rec.threadId ? ` thread ${rec.threadId}` : ''})`);
    armIdle(rec);
    ws.on('message', (data, isBinary) => onFrame(rec, data, isBinary));
    ws.on('close', (code, reason) => {
      rec.closedAt = deps.clock.now();
      rec.closeCode = code;
      rec.closeReason = reason.toString();
      deps.clock.clearTimeout(rec.idleTimer);
      deps.log.info(`socket closed ${rec.sessionId} ${code} ${rec.closeReason}`);
      deps.onPresence(rec.threads);
      forgetClosed();
    });
    ws.on('error', (err) => deps.log.info(`socket error ${rec.sessionId}`, err.message));
    if (rec.threadId !== undefined) join(rec, rec.threadId);
  }

  /** Closed sockets stay listed for tests, the oldest forgotten beyond the bound; open ones always stay. */
  function forgetClosed(): void {
    let closed = sockets.filter((s) => s.closedAt !== undefined).length;
    if (closed <= BOUNDS.closedSockets.count) return;
    sockets = sockets.filter((s) => s.closedAt === undefined || closed-- <= BOUNDS.closedSockets.count);
    deps.onDrop?.('closedSockets');
  }

  /** (Re)starts the idle timer from the last received frame; blackholed sockets never idle out. */
  function armIdle(rec: SocketRecord): void {
    deps.clock.clearTimeout(rec.idleTimer);
    rec.idleTimer = undefined;
    if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return;
    const wait = Math.max(0, rec.lastFrameAt + deps.idleTimeoutMs() - deps.clock.now());
    rec.idleTimer = deps.clock.setTimeout(() => {
      deps.log.info(`socket ${rec.sessionId} idle for ${deps.idleTimeoutMs()} ms: closing`);
      rec.ws.close(IDLE_CLOSE_CODE, IDLE_CLOSE_REASON);
    }, wait);
  }

  function onFrame(rec: SocketRecord, data: RawData, isBinary: boolean): void {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const raw = isBinary ? `<binary ${buf.length} bytes>` : buf.toString('utf8');
    const entry: ReceivedEntry = { at: deps.clock.now(), sessionId: rec.sessionId, raw, ...(rec.threadId !== undefined ? { threadId: rec.threadId } : {}) };
    received.push(entry);
    if (rec.blackholed) {
      entry.blackholed = true; // the network swallowed it: recorded for tests, never processed
      return;
    }
    rec.lastFrameAt = entry.at;
    armIdle(rec);
    deps.log.info(`<- ${rec.sessionId} ${raw.slice(0, 300)}`);
    if (isBinary) return answerError(rec, entry, 'binary frames are not accepted; send JSON text');
    noteFrame(entry, raw);
    const parsed = parseClientFrame(raw, deps.strict);
    if (parsed.kind === 'error') return answerError(rec, entry, parsed.message);
    for (const what of parsed.departures) deps.log.departure('socket', what, rec.sessionId);
    if (parsed.kind === 'ping') return void send(rec, { type: 'pong' });
    if (parsed.kind === 'ignored') return;
    entry.threadId ??= parsed.payload.threadId;
    const refusal = checkConnection(rec, parsed.payload);
    if (refusal) return answerError(rec, entry, refusal);
    join(rec, parsed.payload.threadId);
    const problem = deps.onSend(rec, parsed.payload);
    if (problem) answerError(rec, entry, problem);
  }

  /** Best effort, so `received?threadId=` also lists a thread's refused frames. */
  function noteFrame(entry: ReceivedEntry, raw: string): void {
    const tid = (parsedOrUndefined(raw) as { payload?: { threadId?: unknown } } | null | undefined)?.payload?.threadId;
    if (entry.threadId === undefined && typeof tid === 'string') entry.threadId = tid;
  }

  /** Spec 5: a client-nonce connection speaks for its thread with its secret; a plain one cannot. */
  function checkConnection(rec: SocketRecord, p: SendPayload): string | undefined {
    const thread = deps.threads.get(p.threadId);
    if (rec.mode === 'secret') {
      if (p.threadId !== rec.threadId) return `threadId "${p.threadId}" does not match this connection's thread "${rec.threadId}"`;
      // The spec's payloads "may carry" it: the secret address request already proved the thread's secret.
      if (p.nonce !== undefined && p.nonce !== thread?.secret) return "invalid nonce: it does not match the thread's current secret";
      return undefined;
    }
    if (p.nonce !== undefined) return 'nonce is only accepted on client-nonce connections (sdk socket.info)';
    if (thread?.secret !== undefined) return `thread "${p.threadId}" is protected by client-nonce; use a client-nonce connection`;
    return undefined;
  }

  function answerError(rec: SocketRecord, entry: ReceivedEntry, message: string): void {
    entry.error = message;
    send(rec, { type: 'error', message });
  }

  /** The socket now hears the thread; what waited for the thread's next socket goes out. */
  function join(rec: SocketRecord, threadId: string): void {
    if (rec.threads.has(threadId)) return;
    rec.threads.add(threadId);
    const thread = deps.threads.ensure(threadId);
    for (const frame of deps.threads.takeWaiting(thread)) send(rec, frame);
    deps.onPresence([threadId]);
  }

  /** Sends to every open socket of the thread; with none, the frame waits for the next one. */
  function deliver(threadId: string, frame: unknown): void {
    const targets = threadSockets(threadId);
    if (targets.length) {
      for (const rec of targets) send(rec, frame);
      return;
    }
    deps.threads.wait(deps.threads.ensure(threadId), frame);
  }

  /** The only way frames leave: nothing goes out on a blackholed or closed socket. */
  function send(rec: SocketRecord, frame: unknown, raw?: string, binary = false): boolean {
    if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return false;
    const text = raw ?? JSON.stringify(frame);
    deps.log.info(`-> ${rec.sessionId}${binary ? ' (binary)' : ''} ${text.slice(0, 300)}`);
    rec.ws.send(binary ? Buffer.from(text, 'utf8') : text, { binary });
    return true;
  }

  const openSockets = () => sockets.filter((s) => s.ws.readyState === WebSocket.OPEN);
  const threadSockets = (threadId: string) => openSockets().filter((s) => s.threads.has(threadId));

  function setBlackhole(on: boolean): number {
    let affected = 0;
    for (const rec of openSockets()) {
      if (on === rec.blackholed) continue;
      rec.blackholed = on;
      if (on) deps.clock.clearTimeout(rec.idleTimer);
      else {
        rec.lastFrameAt = deps.clock.now();
        armIdle(rec);
      }
      affected++;
    }
    return affected;
  }

  function closeAll(code: number, reason: string): void {
    for (const rec of sockets) {
      deps.clock.clearTimeout(rec.idleTimer);
      if (rec.ws.readyState === WebSocket.OPEN || rec.ws.readyState === WebSocket.CONNECTING) rec.ws.close(code, reason);
    }
  }

  return {
    handleUpgrade,
    deliver,
    send,
    openSockets,
    threadSockets,
    setBlackhole,
    /** A new idle limit applies to open sockets at once (from their last frame). */
    rearmIdle: () => openSockets().forEach(armIdle),
    get sockets() {
      return sockets;
    },
    /** The frames received, oldest first, each with its parsed JSON (blackholed ones without). */
    get received(): ReceivedEntry[] {
      return received.toArray().map((entry) => {
        const frame = entry.blackholed ? undefined : parsedOrUndefined(entry.raw);
        return frame === undefined ? entry : { ...entry, frame };
      });
    },
    get upgradeRefusals() {
      return upgradeRefusals.toArray();
    },
    kept: (): KeptSizes => ({ frames: received.kept(), upgradeRefusals: upgradeRefusals.kept() }),
    reset(reason: string) {
      closeAll(1001, reason);
      sockets = [];
      upgradeRefusals.clear();
      received.clear();
    },
    async close() {
      for (const rec of sockets) {
        deps.clock.clearTimeout(rec.idleTimer);
        rec.ws.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
export type SocketHub = ReturnType<typeof createSocketHub>;

function parsedOrUndefined(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined; // the frame parser reports it
  }
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
