// What a thread keeps is bounded (bounds.ts): its transcript, traceIds and waiting frames, the
// number of threads and all threads' bytes together.
import { describe, expect, it } from 'vitest';
import { BOUNDS, type BoundName } from '../safety/retention.ts';
import { createThreadStore, type Thread } from './threads.ts';

const MB = 1024 * 1024;

function setup(inUse: (threadId: string) => boolean = () => false) {
  let now = 1_000;
  const clock = { now: () => now, setTimeout: () => 0, clearTimeout: () => {} };
  const drops: BoundName[] = [];
  const forgotten: string[] = [];
  const store = createThreadStore(clock, {
    inUse,
    onDrop: (name) => drops.push(name),
    onForget: (thread) => forgotten.push(thread.threadId),
  });
  const tick = (ms = 1) => (now += ms);
  const say = (thread: Thread, speech: string) =>
    store.append(thread, { source: 'visitor', via: 'socket', originator: { role: 'external' }, speech });
  return { store, drops, forgotten, tick, say };
}

describe('thread store bounds', () => {
  it('a transcript keeps its newest entries within the count, oldest dropped first, said once', () => {
    const { store, drops, say } = setup();
    const thread = store.ensure('t1');
    for (let i = 0; i < BOUNDS.transcript.count + 5; i++) say(thread, `m${i}`);
    expect(thread.transcript).toHaveLength(BOUNDS.transcript.count);
    expect(thread.transcript[0]!.speech).toBe('m5');
    expect(drops.filter((d) => d === 'transcript').length).toBeGreaterThan(0);
  });

  it('a transcript keeps at most its bytes: large entries push out the oldest', () => {
    const { store, say } = setup();
    const thread = store.ensure('t1');
    const large = 'x'.repeat(MB / 2); // 1 MB as counted (2 bytes per code unit), one string in memory
    for (let i = 0; i < 20; i++) say(thread, large);
    expect(thread.transcript.length).toBeLessThan(BOUNDS.transcript.bytes / MB);
    expect(thread.transcriptBytes).toBeLessThanOrEqual(BOUNDS.transcript.bytes);
  });

  it('remembers the recent traceIds within the bound; lastTraceId stays the highest', () => {
    const { store, drops } = setup();
    const thread = store.ensure('t1');
    for (let id = 1; id <= BOUNDS.traces.count + 10; id++) store.remember(thread, id, { speech: 's', echo: { traceId: id } });
    expect(thread.traces.size).toBe(BOUNDS.traces.count);
    expect(thread.traces.get(10)).toBeUndefined();
    expect(thread.traces.get(BOUNDS.traces.count + 10)).toEqual({ speech: 's', echo: { traceId: BOUNDS.traces.count + 10 } });
    expect(thread.lastTraceId).toBe(BOUNDS.traces.count + 10);
    expect(drops).toContain('traces');
  });

  it('keeps at most the waiting frames of the bound, and hands them over once', () => {
    const { store } = setup();
    const thread = store.ensure('t1');
    for (let i = 0; i < BOUNDS.waiting.count + 3; i++) store.wait(thread, { n: i });
    const frames = store.takeWaiting(thread);
    expect(frames).toHaveLength(BOUNDS.waiting.count);
    expect(frames[0]).toEqual({ n: 3 });
    expect(store.takeWaiting(thread)).toEqual([]);
    expect(store.kept().threads!.bytes).toBe(0);
  });

  it('beyond the thread count the least recently active goes, one without an open socket first', () => {
    const { store, drops, forgotten, tick, say } = setup((id) => id === 't0');
    for (let i = 0; i < BOUNDS.threads.count; i++) {
      store.ensure(`t${i}`);
      tick();
    }
    say(store.get('t1')!, 'still here'); // t1 is active again: t2 is now the least recently active idle one
    store.ensure('new');
    expect(store.get('t0')).toBeDefined(); // the oldest, but a socket is open on it
    expect(store.get('t1')).toBeDefined();
    expect(store.get('t2')).toBeUndefined();
    expect(forgotten).toEqual(['t2']);
    expect(drops).toEqual(['threads']);
    expect(store.list()).toHaveLength(BOUNDS.threads.count);
  });

  it("beyond all threads' bytes whole threads go, the least recently active first, never the one being written", () => {
    const { store, drops, tick, say } = setup();
    const large = 'x'.repeat(MB / 2); // 1 MB as counted
    const perThread = BOUNDS.transcript.bytes / MB - 1;
    const threads = Math.ceil(BOUNDS.threadBytes.bytes / MB / perThread) + 2;
    for (let t = 0; t < threads; t++) {
      const thread = store.ensure(`t${t}`);
      for (let i = 0; i < perThread; i++) say(thread, large);
      tick();
    }
    expect(store.kept().threads!.bytes).toBeLessThanOrEqual(BOUNDS.threadBytes.bytes);
    expect(store.get('t0')).toBeUndefined();
    expect(store.get(`t${threads - 1}`)!.transcript).toHaveLength(perThread);
    expect(drops).toContain('threadBytes');
  });

  it("a thread's id is a string of its own, not a view of the text it was cut from", () => {
    const { store } = setup();
    const path = `messages/${'p'.repeat(20)}|o_parley?${'q'.repeat(10_000)}`;
    const id = path.slice('messages/'.length, 'messages/'.length + 20);
    expect(store.ensure(id).threadId).toBe(id);
    expect(store.get(id)).toBeDefined();
  });
});
