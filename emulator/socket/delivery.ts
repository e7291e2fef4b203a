// Frames out: to one socket, or to a thread's sockets; with none open, a frame waits for the
// thread's next socket and goes out when that socket joins the thread.
import { WebSocket } from 'ws';
import type { Connections, SocketRecord } from './connections.ts';
import type { SocketDeps } from './deps.ts';

export interface Delivery {
  /** The only way frames leave: nothing goes out on a blackholed or closed socket. */
  send(rec: SocketRecord, frame: unknown, raw?: string, binary?: boolean): boolean;
  /** Sends to every open socket of the thread; with none, the frame waits for the next one. */
  deliver(threadId: string, frame: unknown): void;
  /** The socket now hears the thread; what waited for the thread's next socket goes out. */
  join(rec: SocketRecord, threadId: string): void;
}

export function createDelivery(deps: Pick<SocketDeps, 'threads' | 'log' | 'onPresence'>, connections: Connections): Delivery {
  function send(rec: SocketRecord, frame: unknown, raw?: string, binary = false): boolean {
    if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return false;
    const text = raw ?? JSON.stringify(frame);
    deps.log.info(`-> ${rec.sessionId}${binary ? ' (binary)' : ''} ${text.slice(0, 300)}`);
    rec.ws.send(binary ? Buffer.from(text, 'utf8') : text, { binary });
    return true;
  }

  return {
    send,
    deliver(threadId, frame) {
      const targets = connections.ofThread(threadId);
      if (targets.length) {
        for (const rec of targets) send(rec, frame);
        return;
      }
      deps.threads.wait(deps.threads.ensure(threadId), frame);
    },
    join(rec, threadId) {
      if (rec.threads.has(threadId)) return;
      rec.threads.add(threadId);
      const thread = deps.threads.ensure(threadId);
      for (const frame of deps.threads.takeWaiting(thread)) send(rec, frame);
      deps.onPresence([threadId]);
    },
  };
}
