// One conversation across the tabs of a browser: the tab that wins the election runs the
// engine (socket, outbox, storage) and publishes every change; the others apply those changes
// to their replica and send their commands to it. Each lead has an epoch, higher than any
// before it: a former holder that has not noticed it lost the lock (frozen, or too busy) is
// not heard, and stops as soon as it hears the new one. Messages typed in a tab are kept until
// they are safe (tabs/requests.ts), so a hand-off loses none.
import { effect } from '@preact/signals-core';
import type { Engine } from '../engine/engine.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Replica, ReplicaState } from '../conversation/replica.ts';
import type { UserEntry } from '../conversation/transcript.ts';
import type { ChannelConstructor, Command, Envelope, TabMessage } from './channel.ts';
import { lockManager, refuse } from '../browser/features.ts';
import { browserLifecycle } from './election.ts';
import { runCommand } from './commands.ts';
import { forgetting } from './forgetting.ts';
import type { CoordinatorOptions, TabSupport } from './coordinator-options.ts';
import { following } from './following.ts';
import { joining } from './joining.ts';
import { trackLeads, type Leads } from './leads.ts';
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
  /** Forgets the conversation in every tab (forget()); resolves once this tab has. */
  forget(): Promise<void>;
  destroy(): Promise<void>;
}

export function createCoordinator(options: CoordinatorOptions): Coordinator {
  const { replica } = options;
  let engine: Engine | undefined;
  let wantsConnection = false;
  let published = 0;
  const leads = trackLeads(options.clock, () => tabs.post({ type: 'hello' }));
  const typed = createTypedRequests(options.store);
  const tabs = joining(options, leads, onMessage, lead, beat, () => {
    if (!engine) lead();
  });
  const follower = following(
    replica,
    leads,
    typed,
    send,
    () => wantsConnection,
    () => engine !== undefined,
    stopLeading,
  );
  const { apply: applyOp, ready } = follower;
  const forgets = forgetting({
    forgetHere: options.forgetHere,
    typed,
    post: (message) => tabs.post(message),
    unwant: () => (wantsConnection = false),
  });

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
        tabs.post({ type: 'op', op, n: ++published, epoch });
      },
      emit(event) {
        if (!live()) return;
        options.emit(event);
        tabs.post({ type: 'event', event });
      },
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
    tabs.post({ type: 'hello' });
  }

  const holding: Holding = { engine: () => engine, leads, replica, post: (message) => tabs.post(message), published: () => published };
  function beat(): boolean {
    return holderBeat(holding);
  }

  /** A message from another tab: commands are the holder's to run; what a holder says, a follower's to apply. */
  function onMessage(message: Envelope): void {
    if (message.type === 'beat') follower.beat(message);
    else if (message.type === 'op') follower.op(message);
    else if (message.type === 'hello') answerHello(holding);
    else if (message.type === 'command' && engine) runCommand(engine, message.command, forgets);
    else if (message.type === 'forgotten' && !engine) void forgets.here();
    else if (message.type === 'event' && !engine) options.emit(message.event);
  }

  function send(command: Command): void {
    if (engine) runCommand(engine, command, forgets);
    else tabs.post({ type: 'command', command });
  }

  return {
    ready,
    get leading() {
      return engine !== undefined;
    },
    join: tabs.join,
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
        if (tabs.shared()) await typed.persist(request);
        send({ name: 'send', request });
      }
      return taken;
    },
    async reset() {
      if (engine) return engine.reset();
      const changed = threadChange(replica.threadId);
      send({ name: 'reset' });
      return changed;
    },
    forget: () => forgets.fromHere(engine, () => send({ name: 'forget' })),
    async destroy() {
      const current = engine;
      tabs.leave();
      engine = undefined;
      await current?.destroy();
    },
  };
}

/** What the holding tab's answers read: the engine (if this tab holds), the lead, the ops published. */
interface Holding {
  engine: () => Engine | undefined;
  leads: Pick<Leads, 'holder'>;
  replica: Pick<Replica, 'state'>;
  post: (message: TabMessage) => void;
  published: () => number;
}

/** The holder's beat, if this tab holds the socket. */
function holderBeat({ engine, leads, post, published }: Holding): boolean {
  const holder = leads.holder;
  if (!engine() || !holder) return false;
  post({ type: 'beat', epoch: holder.epoch, n: published() });
  return true;
}

/** A tab said hello: the holder answers with the whole state, once the stored conversation is loaded (an empty state would blank the tab). */
function answerHello({ engine, leads, replica, post, published }: Holding): void {
  void engine()?.ready.then(() => {
    const holder = leads.holder;
    if (engine() && holder) post({ type: 'op', op: { op: 'state', state: replica.state() }, n: published(), epoch: holder.epoch });
  });
}

/** Resolves once the thread shown is another one. */
function threadChange(threadId: { readonly value: string | undefined }): Promise<void> {
  const before = threadId.value;
  return new Promise<void>((resolve) => {
    const stop = effect(() => {
      if (threadId.value === before) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}
