// The holder's ops in a tab: applied (the holder's own too, and the typed messages they concern
// learn it), and, in a follower, heard in their order under the epochs: a former holder is not
// heard, a newer one stops this tab's own lead, a new holder is recognised by its first state
// (and sent again what it may lack: the connection asked for, the messages typed here, the
// settled entries this tab shows), and ops lost on the way are noticed (the whole state is asked for).
import type { Op, Replica, ReplicaState } from '../conversation/replica.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import type { Command, Envelope } from './channel.ts';
import type { Leads } from './leads.ts';
import type { TypedRequests } from './requests.ts';

export interface Following {
  /** Settles once this tab shows a holder's state (its own or another tab's). */
  readonly ready: Promise<void>;
  /** An op of the holder's, shown here (this tab's own as holder too). */
  apply(op: Op): void;
  /** An op from a holder. */
  op(message: Extract<Envelope, { type: 'op' }>): void;
  /** A beat from a holder. */
  beat(message: Extract<Envelope, { type: 'beat' }>): void;
}

/**
 * `connected`: this tab asked for a connection (a new holder connects for it); `leading`: this
 * tab holds the socket (and hears no holder's ops); `stopLeading`: another tab leads under a
 * newer epoch.
 */
export function following(
  replica: Replica,
  leads: Leads,
  typed: TypedRequests,
  send: (command: Command) => void,
  connected: () => boolean,
  leading: () => boolean,
  stopLeading: () => void,
): Following {
  /** The last op number applied of the lead this tab follows. */
  let applied = 0;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const applyOp = (op: Op) => {
    replica.apply(op);
    if (op.op === 'put') typed.seen(op.entries);
    if (op.op === 'saved') typed.saved(op.ids);
    if (op.op === 'remove') typed.removed(op.ids);
    if (op.op === 'state') {
      typed.seen(op.state.entries);
      resolveReady();
    }
  };
  /** A message from a holder under `epoch`: false when it comes from a former one. */
  function fromCurrentLead(message: Envelope & { epoch: number }): boolean {
    const heard = leads.hear(message.epoch);
    // Another tab leads under a newer epoch: this one lost the lock without noticing. Stop now.
    if (heard === 'newer' && leading()) stopLeading();
    return heard !== 'former';
  }

  return {
    ready,
    apply: applyOp,
    op(message) {
      const holder = leads.holder;
      // First: a newer lead's op stops this tab's own.
      if (!fromCurrentLead(message) || leading()) return;
      const isNewLead = !holder || message.epoch > holder.epoch || message.from !== holder.from;
      if (isNewLead) {
        // Joined mid-lead (or missed its first op): its state comes on asking.
        if (message.op.op !== 'state') return leads.resync();
        leads.follow({ from: message.from, epoch: message.epoch });
        // A new holder: what it may not have got goes to it again.
        if (connected()) send({ name: 'connect' });
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
    },
    beat(message) {
      // Behind the holder's count: ops were lost on the way.
      if (fromCurrentLead(message) && !leading() && leads.holder?.from === message.from && message.n > applied) leads.resync();
    },
  };
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
  return shown.entries.filter(
    (entry) => !known.has(entry.id) && entry.seq >= from && (entry.kind === 'received' || entry.status === 'delivered'),
  );
}
