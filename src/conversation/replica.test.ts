import { describe, expect, it } from 'vitest';
import { createReplica, WINDOW_ENTRIES, type ReplicaState } from './replica.ts';
import type { ReceivedEntry, UserEntry } from './transcript.ts';

const bot = (seq: number, text = `reply ${seq}`): ReceivedEntry => ({ kind: 'received', id: `r${seq}`, seq, from: 'bot', at: seq, text });
const user = (seq: number, status: UserEntry['status'] = 'pending'): UserEntry => ({
  kind: 'user',
  id: `u${seq}`,
  traceId: seq,
  seq,
  text: `m${seq}`,
  at: seq,
  status,
});
const state = (overrides: Partial<ReplicaState> = {}): ReplicaState => ({
  threadId: 't',
  entries: [],
  hasOlder: false,
  stored: false,
  readSeq: 0,
  typing: false,
  status: { state: 'idle' },
  ...overrides,
});
const ids = (replica: ReturnType<typeof createReplica>) => replica.entries.value.map((e) => e.id);

describe('replica', () => {
  it('merges changes by id, in seq order, whatever order they arrive in', () => {
    const replica = createReplica();
    replica.apply({ op: 'state', state: state({ entries: [user(1, 'delivered'), bot(2)] }) });
    replica.apply({ op: 'put', entries: [bot(5), user(4)] });
    replica.apply({ op: 'put', entries: [bot(3)] });
    replica.apply({ op: 'put', entries: [user(4, 'delivered')] });
    expect(ids(replica)).toEqual(['u1', 'r2', 'r3', 'u4', 'r5']);
    expect(replica.entries.value[3]).toMatchObject({ status: 'delivered' });
    replica.apply({ op: 'put', entries: [user(4, 'delivered')] });
    expect(ids(replica)).toHaveLength(5);
  });

  it('keeps a bounded window in memory; older entries stay in storage and come back on request', () => {
    const replica = createReplica();
    replica.apply({ op: 'state', state: state() });
    for (let seq = 1; seq <= WINDOW_ENTRIES + 50; seq++) replica.apply({ op: 'put', entries: [bot(seq)] });
    expect(replica.entries.value).toHaveLength(WINDOW_ENTRIES);
    expect(replica.entries.value[0]!.seq).toBe(51);
    expect(replica.hasOlder.value).toBe(true);
    // A change to an entry older than the window is stored, not brought back into memory.
    replica.apply({ op: 'put', entries: [bot(10, 'edited')] });
    expect(replica.entries.value[0]!.seq).toBe(51);
    // The visitor scrolls back: older entries join, and the window grows to keep them.
    replica.prepend([bot(49), bot(50)], true);
    replica.apply({ op: 'put', entries: [bot(1_000)] });
    expect(replica.entries.value[0]!.seq).toBe(49);
  });

  it('shows messages typed here at the end until the holder takes them in', () => {
    const replica = createReplica();
    replica.apply({ op: 'state', state: state({ entries: [bot(1)] }) });
    replica.addLocal({ ...user(0), id: 'ux', seq: Number.MAX_SAFE_INTEGER });
    expect(ids(replica)).toEqual(['r1', 'ux']);
    replica.apply({ op: 'put', entries: [bot(2)] });
    expect(ids(replica)).toEqual(['r1', 'r2', 'ux']);
    replica.apply({ op: 'put', entries: [{ ...user(3), id: 'ux' }] });
    expect(ids(replica)).toEqual(['r1', 'r2', 'ux']);
    expect(replica.entries.value[2]).toMatchObject({ traceId: 3 });
  });

  it('counts unread bot and agent messages after the read marker; quick replies wait while typing', () => {
    const replica = createReplica();
    const asking: ReceivedEntry = { ...bot(3), quickReplies: [{ label: 'Yes' }] };
    replica.apply({ op: 'state', state: state({ entries: [bot(1), user(2, 'delivered'), asking], readSeq: 1 }) });
    expect(replica.unread.value).toBe(1);
    expect(replica.quickReplies.value).toEqual([{ label: 'Yes' }]);
    replica.apply({ op: 'typing', on: true });
    expect(replica.quickReplies.value).toEqual([]);
    replica.apply({ op: 'read', seq: replica.latestReceivedSeq() });
    expect(replica.unread.value).toBe(0);
    replica.apply({ op: 'read', seq: 1 }); // a late, older marker changes nothing
    expect(replica.readSeq.value).toBe(3);
  });

  it('a new state replaces everything (a reset, or a tab that took over)', () => {
    const replica = createReplica();
    replica.apply({ op: 'state', state: state({ entries: [bot(1)], serviceError: 'oops' }) });
    replica.apply({ op: 'state', state: state({ threadId: 't2' }) });
    expect(replica.threadId.value).toBe('t2');
    expect(replica.entries.value).toEqual([]);
    expect(replica.serviceError.value).toBeUndefined();
    expect(replica.loaded.value).toBe(true);
  });
});
