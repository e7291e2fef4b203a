// Frames in on one connection: logged, checked (binary, JSON, the frame's shape, the
// connection's mode and nonce), answered with `error` when refused, and a valid `message.send`
// handed to the conversation (onSend).
import type { RawData } from 'ws';
import type { SocketRecord } from './connections.ts';
import type { Delivery } from './delivery.ts';
import type { SocketDeps } from './deps.ts';
import { parsedOrUndefined, type FrameLog, type ReceivedEntry } from './frame-log.ts';
import { parseClientFrame, type SendPayload } from './frames.ts';
import type { IdleTimers } from './idle.ts';

export type FrameHandler = (rec: SocketRecord, data: RawData, isBinary: boolean) => void;

export interface IncomingParts {
  frameLog: FrameLog;
  delivery: Delivery;
  idle: IdleTimers;
}

export function createFrameHandler(
  deps: Pick<SocketDeps, 'clock' | 'log' | 'strict' | 'threads' | 'onSend'>,
  parts: IncomingParts,
): FrameHandler {
  const { frameLog, delivery, idle } = parts;

  function onFrame(rec: SocketRecord, data: RawData, isBinary: boolean): void {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const raw = isBinary ? `<binary ${buf.length} bytes>` : buf.toString('utf8');
    const entry: ReceivedEntry = {
      at: deps.clock.now(),
      sessionId: rec.sessionId,
      raw,
      ...(rec.threadId !== undefined ? { threadId: rec.threadId } : {}),
    };
    frameLog.noteReceived(entry);
    if (rec.blackholed) {
      entry.blackholed = true; // the network swallowed it: recorded for tests, never processed
      return;
    }
    rec.lastFrameAt = entry.at;
    idle.arm(rec);
    deps.log.info(`<- ${rec.sessionId} ${raw.slice(0, 300)}`);
    if (isBinary) return answerError(rec, entry, 'binary frames are not accepted; send JSON text');
    noteFrame(entry, raw);
    const parsed = parseClientFrame(raw, deps.strict);
    if (parsed.kind === 'error') return answerError(rec, entry, parsed.message);
    for (const what of parsed.departures) deps.log.departure('socket', what, rec.sessionId);
    if (parsed.kind === 'ping') return void delivery.send(rec, { type: 'pong' });
    if (parsed.kind === 'ignored') return;
    entry.threadId ??= parsed.payload.threadId;
    const refusal = checkConnection(rec, parsed.payload);
    if (refusal) return answerError(rec, entry, refusal);
    delivery.join(rec, parsed.payload.threadId);
    const problem = deps.onSend(rec, parsed.payload);
    if (problem) answerError(rec, entry, problem);
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
    delivery.send(rec, { type: 'error', message });
  }

  return onFrame;
}

/** Best effort, so `received?threadId=` also lists a thread's refused frames. */
function noteFrame(entry: ReceivedEntry, raw: string): void {
  const tid = (parsedOrUndefined(raw) as { payload?: { threadId?: unknown } } | null | undefined)?.payload?.threadId;
  if (entry.threadId === undefined && typeof tid === 'string') entry.threadId = tid;
}
