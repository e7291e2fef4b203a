// The way in (spec 4.2): an upgrade at /ws with a single-use token becomes a listed socket with
// its idle timer and its frame handler; anything else is refused with a plain HTTP answer.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { TokenRecord } from './address.ts';
import type { Connections, SocketRecord } from './connections.ts';
import type { Delivery } from './delivery.ts';
import type { SocketDeps } from './deps.ts';
import type { FrameLog } from './frame-log.ts';
import type { IdleTimers } from './idle.ts';
import type { FrameHandler } from './incoming.ts';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, pathname: string) => void;

export interface UpgradeParts {
  wss: WebSocketServer;
  connections: Connections;
  frameLog: FrameLog;
  idle: IdleTimers;
  delivery: Delivery;
  onFrame: FrameHandler;
}

export function createUpgradeHandler(
  deps: Pick<SocketDeps, 'desk' | 'clock' | 'log' | 'prefix' | 'onPresence'>,
  parts: UpgradeParts,
): UpgradeHandler {
  const { wss, connections, frameLog, idle, delivery, onFrame } = parts;

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void {
    const refuse = (status: number, reason: string, token?: string) => {
      frameLog.noteRefusal({ at: deps.clock.now(), ...(token ? { token } : {}), reason });
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
    connections.add(rec);
    deps.log.info(`socket open ${rec.sessionId} (${rec.mode}${rec.threadId ? ` thread ${rec.threadId}` : ''})`);
    idle.arm(rec);
    ws.on('message', (data, isBinary) => onFrame(rec, data, isBinary));
    ws.on('close', (code, reason) => {
      rec.closedAt = deps.clock.now();
      rec.closeCode = code;
      rec.closeReason = reason.toString();
      idle.stop(rec);
      deps.log.info(`socket closed ${rec.sessionId} ${code} ${rec.closeReason}`);
      deps.onPresence(rec.threads);
      connections.forgetClosed();
    });
    ws.on('error', (err) => deps.log.info(`socket error ${rec.sessionId}`, err.message));
    if (rec.threadId !== undefined) delivery.join(rec, rec.threadId);
  }

  return handleUpgrade;
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
