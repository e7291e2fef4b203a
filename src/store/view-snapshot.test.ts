// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import type { ReplicaState } from '../conversation/replica.ts';
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
    viewSnapshot('c', silentLogger()).write(state(40));
    const read = viewSnapshot('c', silentLogger()).read();
    expect(read?.entries.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => `r${i + 10}`));
    expect(read).toMatchObject({ threadId: 't1', hasOlder: true, readSeq: 3, typing: false, status: { state: 'idle' } });
    expect(read).not.toHaveProperty('serviceError');
    expect(viewSnapshot('other', silentLogger()).read()).toBeUndefined();
  });

  it('a thread with messages counts as one this browser has, even if it was new when shown', () => {
    viewSnapshot('c', silentLogger()).write({ ...state(2), stored: false });
    expect(viewSnapshot('c', silentLogger()).read()?.stored).toBe(true);
  });

  it('ignores a damaged snapshot', () => {
    sessionStorage.setItem('parley:view:c', '{"threadId":"t1","entries":[{"kind":"user"}]}');
    expect(viewSnapshot('c', silentLogger()).read()).toBeUndefined();
    sessionStorage.setItem('parley:view:c', 'not json');
    expect(viewSnapshot('c', silentLogger()).read()).toBeUndefined();
  });

  it('checks a snapshot as a state from another tab: a forged field or a damaged response hides it, with one warning', () => {
    const logger = silentLogger();
    const snapshot = viewSnapshot('c', logger);
    const good = state(2);
    const forged = [
      { ...good, readSeq: 'many' },
      { ...good, status: { state: 'pwned' } },
      {
        ...good,
        entries: [
          ...good.entries,
          {
            kind: 'received',
            id: 'r9',
            seq: 9,
            from: 'bot',
            at: 9,
            text: '',
            response: { type: 7, payload: { url: 'https://cdn.test/x.png' } },
          },
        ],
      },
    ];
    for (const value of forged) {
      sessionStorage.setItem('parley:view:c', JSON.stringify(value));
      expect(snapshot.read()).toBeUndefined();
    }
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn).toHaveBeenCalledWith('[parley] ignored a damaged or outdated stored record');
  });

  it('a stored card keeps what is safe: its javascript: button and its agent fields of the wrong kind do not pass', () => {
    const card = {
      title: 'Shoes',
      buttons: [
        { type: 'url', label: 'Buy', value: 'https://shop.example/buy' },
        { type: 'url', label: 'Evil', value: 'javascript:alert(1)' },
        { type: 'phone', label: 'Call', value: 'javascript:alert(1)' },
      ],
    };
    const entry = {
      kind: 'received',
      id: 'r1',
      seq: 1,
      from: 'agent',
      name: 'Ann',
      at: 1,
      text: 'fallback',
      rich: { type: 'card', card },
      response: { type: 'card', payload: card },
    };
    sessionStorage.setItem('parley:view:c', JSON.stringify({ ...state(0), entries: [entry] }));
    const read = viewSnapshot('c', silentLogger()).read();
    expect(read?.entries[0]).toMatchObject({ name: 'Ann', rich: { type: 'card', card: { title: 'Shoes', buttons: [{ label: 'Buy' }] } } });
    sessionStorage.setItem('parley:view:c', JSON.stringify({ ...state(0), entries: [{ ...entry, name: { html: '<b>' } }] }));
    expect(viewSnapshot('c', silentLogger()).read()).toBeUndefined();
  });
});
