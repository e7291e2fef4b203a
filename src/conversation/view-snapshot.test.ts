// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplicaState } from './replica.ts';
import { viewSnapshot } from './view-snapshot.ts';

const state = (count: number): ReplicaState => ({
  threadId: 't1',
  entries: Array.from({ length: count }, (_, i) => ({ kind: 'received', id: `r${i}`, seq: i + 1, from: 'bot', at: i, text: `m${i}` })),
  hasOlder: false,
  stored: true,
  readSeq: 3,
  typing: true,
  status: { state: 'open' },
  serviceError: 'oops',
});

afterEach(() => sessionStorage.clear());

describe('viewSnapshot', () => {
  it('keeps the latest 30 entries of what the tab showed, for its next start', () => {
    viewSnapshot('c').write(state(40));
    const read = viewSnapshot('c').read();
    expect(read?.entries.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => `r${i + 10}`));
    expect(read).toMatchObject({ threadId: 't1', hasOlder: true, readSeq: 3, typing: false, status: { state: 'idle' } });
    expect(read).not.toHaveProperty('serviceError');
    expect(viewSnapshot('other').read()).toBeUndefined();
  });

  it('a thread with messages counts as one this browser has, even if it was new when shown', () => {
    viewSnapshot('c').write({ ...state(2), stored: false });
    expect(viewSnapshot('c').read()?.stored).toBe(true);
  });

  it('ignores a damaged snapshot', () => {
    sessionStorage.setItem('parley:view:c', '{"threadId":"t1","entries":[{"kind":"user"}]}');
    expect(viewSnapshot('c').read()).toBeUndefined();
    sessionStorage.setItem('parley:view:c', 'not json');
    expect(viewSnapshot('c').read()).toBeUndefined();
  });
});
