// One conversation across the tabs of a browser: the tab that wins the election runs the
// engine (socket, outbox, storage) and publishes every change; the others apply those changes
// to their replica and send their commands to it. Each lead has an epoch, higher than any
// before it: a former holder that has not noticed it lost the lock (frozen, or too busy) is
// not heard, and stops as soon as it hears the new one. Messages typed in a tab are kept until
// they are safe (tabs/requests.ts), so a hand-off loses none.
import { effect } from '@preact/signals-core';
import type { Engine } from '../engine/engine.ts';
import type { SharedEvent } from '../conversation/events.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Op, ReplicaState } from '../conversation/replica.ts';
import type { TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import { openTabChannel, type ChannelConstructor, type Command, type Envelope, type TabChannel } from './channel.ts';
import { lockManager, refuse } from '../browser/features.ts';
import { browserLifecycle, electLeader, type Election } from './election.ts';
import { runCommand } from './commands.ts';
import type { CoordinatorOptions, TabSupport } from './coordinator-options.ts';
import { BEAT_MS, trackLeads } from './leads.ts';
import { createTypedRequests } from './requests.ts';

export type { CoordinatorOptions, Lead, TabSupport } from './coordinator-options.ts';
export { BEAT_MS, SILENCE_MS } from './leads.ts';

/** Web Locks and BroadcastChannel where both exist and are allowed; otherwise each tab works alone. */
export function browserTabSupport(): TabSupport | undefined {
  if (!globalThis.window) return undefined;
  const Channel = (globalThis as { BroadcastChannel?: ChannelConstructor }).BroadcastChannel;
  if (!Channel) refuse('BroadcastChannel');
  const locks = lockManager();
  return locks && Channel ? { locks, Channel, lifecycle: browserLifecycle() } : undefined;
}

/** One conversation across the tabs: what a tab's client asks of it. */
export interface Coordinator {
  /** Settles once this tab shows a holder's state (its own or another tab's). */
  readonly ready: Promise<void>;
  /** This tab holds the socket. */
  readonly leading: boolean;
  /** Joins the other tabs (or, where it cannot, leads alone). */
  join(): void;
  /** A command for the holder: this tab's engine, or another tab's. */
  send(command: Command): void;
  /** Shows a stored conversation until a holder (this tab or another) says what is current. */
  preview(state: ReplicaState): void;
  connect(): void;
  disconnect(): void;
  /** Sends a message; resolves with its entry once the holder has taken it in. */
  submit(request: SendRequest, optimistic: UserEntry): Promise<UserEntry>;
  /** Resets the thread in every tab; resolves when this tab shows the new one. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * What this tab shows of a thread and a new holder's state lacks, among the entries the state
 * covers: received ones and delivered messages (those need no payload). The holder before may
 * have gone away before it could store them.
 */
function settledMissing(shown: ReplicaState, next: ReplicaState): TranscriptEntry[] {
  if (!shown.threadId || shown.threadId !== next.threadId) return [];
  const known = new Set(next.entries.map((entry) => entry.id));
  const from = next.entries[0]?.seq ?? Number.NEGATIVE_INFINITY;
  return shown.entries.filter((entry) => !known.has(entry.id) && entry.seq >= from && (entry.kind === 'received' || entry.status === 'delivered'));
}

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createCoordinator(options: CoordinatorOptions): Coordinator {
  const { replica, support } = options;
  let engine: Engine | undefined;
  let channel: TabChannel | undefined;
  let election: Election | undefined;
  const leads = trackLeads(options.clock, () => channel?.post({ type: 'hello' }));
  /** The last op number applied of the lead this tab follows. */
  let applied = 0;
  let wantsConnection = false;
  let published = 0;
  let beatTimer: unknown;
  const typed = createTypedRequests(options.store);
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  function applyOp(op: Op): void {
    replica.apply(op);
    if (op.op === 'put') typed.seen(op.entries);
    if (op.op === 'saved') typed.saved(op.ids);
    if (op.op === 'remove') typed.removed(op.ids);
    if (op.op === 'state') {
      typed.seen(op.state.entries);
      resolveReady();
    }
  }

  function share(event: SharedEvent): void {
    options.emit(event);
    channel?.post({ type: 'event', event });
  }

  function execute(command: Command): void {
    if (engine) runCommand(engine, command);
  }

  /** This tab holds the socket now: run the engine under a new epoch, and take in what was typed here. */
  function lead(): () => void {
    const epoch = leads.lead(options.tabId);
    let current: Engine | undefined;
    // A lead that ended speaks no more: nobody hears it, not even this tab. (Undefined: starting.)
    const live = () => current === undefined || engine === current;
    current = options.createEngine({
      epoch,
      carried: typed.all(),
      publish(op) {
        if (!live()) return;
        applyOp(op);
        channel?.post({ type: 'op', op, n: ++published, epoch });
      },
      emit: (event) => live() && share(event),
      superseded(by) {
        leads.supersededBy(by);
        if (engine === current) stopLeading();
      },
    });
    const started = (engine = current);
    // Connected before the hand-off (for whichever tab asked): stay connected.
    if (wantsConnection || replica.status.value.state !== 'idle') started.connect();
    return () => {
      if (engine === started) stopLeading();
    };
  }

  /** Stops the engine at once (the lock is gone or going), and asks the holder for its state. */
  function stopLeading(): void {
    const current = engine;
    engine = undefined;
    void current?.destroy();
    channel?.post({ type: 'hello' });
  }

  // The holder beats; a follower that stops hearing it while the visitor looks takes over.
  function tick(): void {
    beatTimer = options.clock.setTimeout(() => {
      const holder = leads.holder;
      if (engine && holder) channel?.post({ type: 'beat', epoch: holder.epoch, n: published });
      else if (options.isVisible() && leads.silent()) election?.takeOver();
      tick();
    }, BEAT_MS);
  }

  /** A message from a holder under `epoch`: false when it comes from a former one. */
  function fromCurrentLead(message: Envelope & { epoch: number }): boolean {
    const heard = leads.hear(message.epoch);
    // Another tab leads under a newer epoch: this one lost the lock without noticing. Stop now.
    if (heard === 'newer' && engine) stopLeading();
    return heard !== 'former';
  }

  function onOp(message: Extract<Envelope, { type: 'op' }>): void {
    const holder = leads.holder;
    const current = fromCurrentLead(message); // first: a newer lead's op stops this tab's own
    if (engine || !current) return;
    const isNewLead = !holder || message.epoch > holder.epoch || message.from !== holder.from;
    if (isNewLead) {
      // Joined mid-lead (or missed its first op): its state comes on asking.
      if (message.op.op !== 'state') return leads.resync();
      leads.follow({ from: message.from, epoch: message.epoch });
      // A new holder: what it may not have got goes to it again.
      if (wantsConnection) send({ name: 'connect' });
      for (const request of typed.all()) send({ name: 'send', request });
      const lacking = settledMissing(replica.state(), message.op.state);
      if (lacking.length) send({ name: 'adopt', entries: lacking });
    } else if (message.n < applied || (message.n === applied && message.op.op !== 'state')) {
      return;
    } else if (message.n > applied + 1 && message.op.op !== 'state') {
      leads.resync(); // some were lost: apply this one, and get the whole state
    }
    applied = message.n;
    applyOp(message.op);
  }

  function onMessage(message: Envelope): void {
    switch (message.type) {
      case 'beat':
        // Behind the holder's count: ops were lost on the way.
        if (fromCurrentLead(message) && !engine && leads.holder?.from === message.from && message.n > applied) leads.resync();
        return;
      case 'hello':
        // Answered once the stored conversation is loaded: an empty state would blank the tab.
        void engine?.ready.then(() => {
          const holder = leads.holder;
          if (engine && holder) channel?.post({ type: 'op', op: { op: 'state', state: replica.state() }, n: published, epoch: holder.epoch });
        });
        return;
      case 'command':
        execute(message.command);
        return;
      case 'event':
        if (!engine) options.emit(message.event);
        return;
      case 'op':
        onOp(message);
    }
  }

  function send(command: Command): void {
    if (engine) execute(command);
    else channel?.post({ type: 'command', command });
  }

  /** No sharing between tabs (none possible, or the browser refused it): this tab leads alone. */
  function goAlone(): void {
    if (beatTimer !== undefined) options.clock.clearTimeout(beatTimer);
    beatTimer = undefined;
    channel?.close();
    channel = undefined;
    election = undefined;
    if (!engine) lead();
  }

  function join(): void {
    if (!support) return goAlone();
    try {
      channel = openTabChannel(options.name, support.Channel, options.tabId, onMessage, options.logger);
    } catch {
      refuse('BroadcastChannel');
      return goAlone();
    }
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
      onRefused: goAlone,
    });
    tick();
  }

  return {
    ready,
    get leading() {
      return engine !== undefined;
    },
    join,
    send,
    preview(state) {
      if (!replica.loaded.value) applyOp({ op: 'state', state });
    },
    connect() {
      wantsConnection = true;
      send({ name: 'connect' });
    },
    disconnect() {
      wantsConnection = false;
      engine?.disconnect();
    },
    async submit(request, optimistic) {
      const taken = typed.add(request);
      replica.addLocal(optimistic);
      if (engine) {
        await engine.submit(request);
      } else {
        // In storage before the holder hears of it: if both tabs go away, the next holder finds it.
        if (channel) await typed.persist(request);
        send({ name: 'send', request });
      }
      return taken;
    },
    async reset() {
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
    async destroy() {
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
