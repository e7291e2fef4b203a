// One conversation across the tabs of a browser: the tab that wins the election runs the
// engine (socket, outbox, storage) and publishes every change; the others apply those changes
// to their replica and send their commands to it. Requests typed in a tab are kept until the
// holder has taken them in, and sent again to the next holder, so a hand-off loses none.
import { effect } from '@preact/signals-core';
import type { SendRequest, Engine } from '../conversation/engine.ts';
import type { SharedEvent } from '../conversation/events.ts';
import type { Op, Replica, ReplicaState } from '../conversation/replica.ts';
import type { UserEntry } from '../conversation/transcript.ts';
import type { Clock } from '../connection/clock.ts';
import { openTabChannel, type ChannelConstructor, type Command, type Envelope, type TabChannel } from './channel.ts';
import { browserLifecycle, electLeader, type Election, type LockManagerLike, type PageLifecycle } from './election.ts';

/** What sharing a conversation between tabs needs from the browser. */
export interface TabSupport {
  locks: LockManagerLike;
  Channel: ChannelConstructor;
  lifecycle: PageLifecycle;
}

/** Web Locks and BroadcastChannel where both exist; otherwise each tab works alone. */
export function browserTabSupport(): TabSupport | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const Channel = (globalThis as { BroadcastChannel?: ChannelConstructor }).BroadcastChannel;
  if (!locks || !Channel || !globalThis.window) return undefined;
  return { locks, Channel, lifecycle: browserLifecycle() };
}

/** The holder says it is alive this often; a visible tab that hears nothing for SILENCE_MS takes over. */
export const BEAT_MS = 1_000;
export const SILENCE_MS = 3_000;

export interface CoordinatorOptions {
  /** Names the lock and the channel: one conversation per clientId. */
  name: string;
  tabId: string;
  /** Undefined: this tab works alone. */
  support: TabSupport | undefined;
  replica: Replica;
  createEngine: (publish: (op: Op) => void, emit: (event: SharedEvent) => void) => Engine;
  /** Reports an event to this tab's page. */
  emit: (event: SharedEvent) => void;
  clock: Clock;
  /** Only a tab the visitor sees takes the lock from a silent holder (hidden tabs' timers are throttled). */
  isVisible: () => boolean;
}

export function createCoordinator(options: CoordinatorOptions) {
  const { replica, support } = options;
  let engine: Engine | undefined;
  let channel: TabChannel | undefined;
  let election: Election | undefined;
  let holder: string | undefined;
  let wantsConnection = false;
  let lastHeard = options.clock.now();
  /** Ops this tab published as holder, and the last one applied from the current holder. */
  let published = 0;
  let applied = 0;
  let beatTimer: unknown;
  /** Typed here and not yet taken in by the holder, by rid. */
  const unconfirmed = new Map<string, SendRequest>();
  const waiters = new Map<string, (entry: UserEntry) => void>();
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  function confirm(entries: readonly { id: string }[]): void {
    for (const entry of entries) {
      const rid = entry.id.slice(1);
      if (!unconfirmed.delete(rid) && !waiters.has(rid)) continue;
      const waiter = waiters.get(rid);
      waiters.delete(rid);
      waiter?.(entry as UserEntry);
    }
  }

  function applyOp(op: Op): void {
    replica.apply(op);
    if (op.op === 'put') confirm(op.entries);
    if (op.op === 'state') {
      confirm(op.state.entries);
      resolveReady();
    }
  }

  function publish(op: Op): void {
    applyOp(op);
    channel?.post({ type: 'op', op, n: ++published });
  }

  function share(event: SharedEvent): void {
    options.emit(event);
    channel?.post({ type: 'event', event });
  }

  function execute(command: Command): void {
    if (!engine) return;
    switch (command.name) {
      case 'send':
        void engine.submit(command.request);
        return;
      case 'connect':
        engine.connect();
        return;
      case 'retry':
        engine.retry(command.traceId);
        return;
      case 'retryNow':
        engine.retryNow();
        return;
      case 'dismissError':
        engine.dismissError();
        return;
      case 'reset':
        void engine.reset();
        return;
      case 'read':
        engine.read(command.seq);
    }
  }

  /** This tab holds the socket now: run the engine, and take in what was typed here. */
  function lead(): () => void {
    const current = (engine = options.createEngine(publish, share));
    holder = options.tabId;
    // Connected before the hand-off (for whichever tab asked): stay connected.
    if (wantsConnection || replica.status.value.state !== 'idle') current.connect();
    for (const request of unconfirmed.values()) void current.submit(request);
    return () => {
      if (engine === current) engine = undefined;
      void current.destroy();
      // Another tab holds it now (it took over while this one was frozen): ask for its state.
      channel?.post({ type: 'hello' });
    };
  }

  // The holder beats; a follower that stops hearing it while the visitor looks takes over.
  function tick(): void {
    beatTimer = options.clock.setTimeout(() => {
      if (engine) channel?.post({ type: 'beat' });
      else if (options.clock.now() - lastHeard > SILENCE_MS && options.isVisible()) {
        lastHeard = options.clock.now();
        election?.takeOver();
      }
      tick();
    }, BEAT_MS);
  }

  function onMessage(message: Envelope): void {
    if (message.type !== 'hello' && message.type !== 'command') lastHeard = options.clock.now();
    switch (message.type) {
      case 'beat':
        return;
      case 'hello':
        // Answered once the stored conversation is loaded: an empty state would blank the tab.
        void engine?.ready.then(() => engine && channel?.post({ type: 'op', op: { op: 'state', state: replica.state() }, n: published }));
        return;
      case 'command':
        execute(message.command);
        return;
      case 'event':
        if (!engine) options.emit(message.event);
        return;
      case 'op':
        if (engine) return; // a holder that has not yet noticed it lost the lock: ours wins
        if (message.from === holder && (message.n < applied || (message.n === applied && message.op.op !== 'state'))) return;
        applied = message.n;
        if (message.op.op === 'state' && holder !== message.from) {
          holder = message.from;
          // A new holder: what it may not have got goes to it again.
          if (wantsConnection) send({ name: 'connect' });
          for (const request of unconfirmed.values()) send({ name: 'send', request });
        }
        applyOp(message.op);
    }
  }

  function send(command: Command): void {
    if (engine) execute(command);
    else channel?.post({ type: 'command', command });
  }

  function join(): void {
    if (!support) {
      lead();
      return;
    }
    channel = openTabChannel(options.name, support.Channel, options.tabId, onMessage);
    channel.post({ type: 'hello' });
    election = electLeader({
      name: options.name,
      locks: support.locks,
      lifecycle: support.lifecycle,
      lead,
      onLifecycle(change) {
        // Back from the back/forward cache or a freeze: whatever changed meanwhile comes with the state.
        if (change === 'return') channel?.post({ type: 'hello' });
      },
    });
    tick();
  }

  return {
    ready,
    /** This tab holds the socket. */
    get leading(): boolean {
      return engine !== undefined;
    },
    join,
    send,
    /** Shows a stored conversation until a holder (this tab or another) says what is current. */
    preview(state: ReplicaState): void {
      if (!replica.loaded.value) applyOp({ op: 'state', state });
    },
    connect(): void {
      wantsConnection = true;
      send({ name: 'connect' });
    },
    disconnect(): void {
      wantsConnection = false;
      engine?.disconnect();
    },
    /** Sends a message; resolves with its entry once the holder has taken it in. */
    async submit(request: SendRequest, optimistic: UserEntry): Promise<UserEntry> {
      const taken = new Promise<UserEntry>((resolve) => waiters.set(request.rid, resolve));
      unconfirmed.set(request.rid, request);
      replica.addLocal(optimistic);
      if (engine) await engine.submit(request);
      else send({ name: 'send', request });
      return taken;
    },
    /** Resets the thread in every tab; resolves when this tab shows the new one. */
    async reset(): Promise<void> {
      if (engine) return engine.reset();
      const before = replica.threadId.value;
      const changed = new Promise<void>((resolve) => {
        const stop = effect(() => {
          if (replica.threadId.value === before) return;
          queueMicrotask(() => stop());
          resolve();
        });
      });
      send({ name: 'reset' });
      return changed;
    },
    async destroy(): Promise<void> {
      if (beatTimer !== undefined) options.clock.clearTimeout(beatTimer);
      beatTimer = undefined;
      const current = engine;
      election?.stop(); // ends the lead: the next tab in line takes over
      engine = undefined;
      channel?.close();
      channel = undefined;
      await current?.destroy();
    },
  };
}

export type Coordinator = ReturnType<typeof createCoordinator>;
