// The socket side (spec 4.2): upgrades with a single-use token, frames in and out, the 50 s
// idle close (spec 3, 8), which threads each socket hears, and the test controls (blackhole,
// drop, push). What a valid `message.send` means is the conversation's business (onSend).
// This file wires the parts: connections, frame-log, idle, delivery, blackhole, incoming, upgrade.
import { WebSocket, WebSocketServer } from 'ws';
import type { BoundName, KeptSizes } from '../safety/retention.ts';
import { setBlackhole } from './blackhole.ts';
import { createConnections, type SocketRecord } from './connections.ts';
import { createDelivery, type Delivery } from './delivery.ts';
import type { SocketDeps } from './deps.ts';
import { createFrameLog, type ReceivedEntry, type UpgradeRefusal } from './frame-log.ts';
import { createIdleTimers } from './idle.ts';
import { createFrameHandler } from './incoming.ts';
import { createUpgradeHandler, type UpgradeHandler } from './upgrade.ts';

export type { SocketDeps } from './deps.ts';

export interface SocketHub extends Pick<Delivery, 'send' | 'deliver'> {
  handleUpgrade: UpgradeHandler;
  openSockets(): SocketRecord[];
  /** The open sockets that hear the thread. */
  threadSockets(threadId: string): SocketRecord[];
  /** Turns the blackhole on or off for the open sockets; returns how many changed. */
  setBlackhole(on: boolean): number;
  /**
   * Drops the open sockets of a thread and/or session (all without either): closed with `code`
   * and `reason` (1001 by default), or cut without a close frame (`terminate`). Returns how many.
   */
  drop(which: { threadId?: string; sessionId?: string }, how?: { terminate?: boolean; code?: number; reason?: string }): number;
  /** A new idle limit applies to open sockets at once (from their last frame). */
  rearmIdle(): void;
  /** Every socket listed, open or recently closed. */
  readonly sockets: SocketRecord[];
  /** The frames received, oldest first, each with its parsed JSON (blackholed ones without). */
  readonly received: ReceivedEntry[];
  readonly upgradeRefusals: UpgradeRefusal[];
  kept(): KeptSizes;
  /** Closes every socket (1001 with the reason) and forgets sockets, frames and refusals. */
  reset(reason: string): void;
  close(): Promise<void>;
}

export function createSocketHub(deps: SocketDeps): SocketHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const dropped = (name: BoundName) => deps.onDrop?.(name);
  const connections = createConnections(dropped);
  const frameLog = createFrameLog(dropped);
  const idle = createIdleTimers(deps);
  const delivery = createDelivery(deps, connections);
  const onFrame = createFrameHandler(deps, { frameLog, delivery, idle });

  function closeAll(code: number, reason: string): void {
    for (const rec of connections.all) {
      idle.stop(rec);
      if (rec.ws.readyState === WebSocket.OPEN || rec.ws.readyState === WebSocket.CONNECTING) rec.ws.close(code, reason);
    }
  }

  return {
    handleUpgrade: createUpgradeHandler(deps, { wss, connections, frameLog, idle, delivery, onFrame }),
    deliver: delivery.deliver,
    send: delivery.send,
    openSockets: connections.open,
    threadSockets: connections.ofThread,
    setBlackhole: (on) => setBlackhole(connections.open(), on, deps.clock, idle),
    drop({ threadId, sessionId }, how = {}) {
      const targets = connections
        .open()
        .filter((s) => (threadId === undefined || s.threads.has(threadId)) && (sessionId === undefined || s.sessionId === sessionId));
      for (const s of targets) {
        if (how.terminate) s.ws.terminate();
        else s.ws.close(how.code ?? 1001, how.reason ?? 'dropped by the emulator');
      }
      return targets.length;
    },
    rearmIdle: () => connections.open().forEach((rec) => idle.arm(rec)),
    get sockets() {
      return connections.all;
    },
    get received() {
      return frameLog.received;
    },
    get upgradeRefusals() {
      return frameLog.upgradeRefusals;
    },
    kept: () => frameLog.kept(),
    reset(reason) {
      closeAll(1001, reason);
      connections.clear();
      frameLog.clear();
    },
    async close() {
      for (const rec of connections.all) {
        idle.stop(rec);
        rec.ws.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
