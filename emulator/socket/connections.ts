// The sockets the emulator knows: the open ones, and the recently closed ones kept for tests.
import { WebSocket } from 'ws';
import { BOUNDS, type BoundName } from '../safety/retention.ts';
import type { Mode } from '../core/options.ts';

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

export interface Connections {
  /** Every socket listed, open or closed, oldest first. */
  readonly all: SocketRecord[];
  add(rec: SocketRecord): void;
  open(): SocketRecord[];
  /** The open sockets that hear the thread. */
  ofThread(threadId: string): SocketRecord[];
  /** Closed sockets stay listed for tests, the oldest forgotten beyond the bound; open ones always stay. */
  forgetClosed(): void;
  clear(): void;
}

export function createConnections(onDrop?: (name: BoundName) => void): Connections {
  let sockets: SocketRecord[] = [];
  const open = () => sockets.filter((s) => s.ws.readyState === WebSocket.OPEN);
  return {
    get all() {
      return sockets;
    },
    add: (rec) => void sockets.push(rec),
    open,
    ofThread: (threadId) => open().filter((s) => s.threads.has(threadId)),
    forgetClosed() {
      let closed = sockets.filter((s) => s.closedAt !== undefined).length;
      if (closed <= BOUNDS.closedSockets.count) return;
      sockets = sockets.filter((s) => s.closedAt === undefined || closed-- <= BOUNDS.closedSockets.count);
      onDrop?.('closedSockets');
    },
    clear() {
      sockets = [];
    },
  };
}
