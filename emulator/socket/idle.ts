// The 50 s idle close (spec 3, 8): a socket silent past the limit is closed by the emulator.
import { WebSocket } from 'ws';
import type { SocketRecord } from './connections.ts';
import type { SocketDeps } from './deps.ts';

/** Close code and reason when a socket stays silent past the idle limit. */
const IDLE_CLOSE_CODE = 4000;
const IDLE_CLOSE_REASON = 'idle timeout';

export interface IdleTimers {
  /** (Re)starts the idle timer from the last received frame; blackholed sockets never idle out. */
  arm(rec: SocketRecord): void;
  /** Stops the socket's idle timer. */
  stop(rec: SocketRecord): void;
}

export function createIdleTimers(deps: Pick<SocketDeps, 'clock' | 'log' | 'idleTimeoutMs'>): IdleTimers {
  return {
    arm(rec) {
      deps.clock.clearTimeout(rec.idleTimer);
      rec.idleTimer = undefined;
      if (rec.blackholed || rec.ws.readyState !== WebSocket.OPEN) return;
      const wait = Math.max(0, rec.lastFrameAt + deps.idleTimeoutMs() - deps.clock.now());
      rec.idleTimer = deps.clock.setTimeout(() => {
        deps.log.info(`socket ${rec.sessionId} idle for ${deps.idleTimeoutMs()} ms: closing`);
        rec.ws.close(IDLE_CLOSE_CODE, IDLE_CLOSE_REASON);
      }, wait);
    },
    stop: (rec) => deps.clock.clearTimeout(rec.idleTimer),
  };
}
