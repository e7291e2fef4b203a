import { describe, expect, it } from 'vitest';
import { BoundedList, BoundedMap, detached, estimateSize } from './bounded.ts';

describe('estimateSize', () => {
  it('counts 2 bytes per UTF-16 code unit of strings and keys, a little per value', () => {
    expect(estimateSize('abcd')).toBe(16 + 8);
    expect(estimateSize({ ab: 'x'.repeat(100) })).toBe(16 + 4 + 16 + 200);
    expect(estimateSize([1, true, null])).toBe(16 + 3 * 8);
    expect(estimateSize('é😀')).toBe(16 + 2 * 3); // one code unit, then a surrogate pair
  });

  it('stops at depth 32', () => {
    let deep: unknown = 'x'.repeat(1000);
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(estimateSize(deep)).toBeLessThan(1000);
  });
});

describe('detached', () => {
  it('returns an equal string', () => {
    const frame = 'y'.repeat(60_000);
    expect(detached(frame.slice(0, 300))).toBe(frame.slice(0, 300));
    expect(detached('short')).toBe('short');
  });
});

describe('BoundedList', () => {
  it('drops the oldest beyond the count, calling onDrop once per entry', () => {
    let drops = 0;
    const list = new BoundedList<number>(
      { count: 3, label: 'n' },
      () => 1,
      () => drops++,
    );
    for (let i = 1; i <= 5; i++) list.push(i);
    expect(list.toArray()).toEqual([3, 4, 5]);
    expect([list.length, list.bytes, drops]).toEqual([3, 3, 2]);
  });

  it('drops the oldest beyond the bytes; the newest always stays', () => {
    const list = new BoundedList<string>({ count: 100, bytes: 10, label: 's' }, (s) => s.length);
    list.push('aaaa');
    list.push('bbbb');
    list.push('cc');
    expect(list.toArray()).toEqual(['aaaa', 'bbbb', 'cc']);
    list.push('ddd');
    expect(list.toArray()).toEqual(['bbbb', 'cc', 'ddd']);
    list.push('e'.repeat(50));
    expect(list.toArray()).toEqual(['e'.repeat(50)]);
    expect(list.kept()).toEqual({ count: 1, bytes: 50 });
  });

  it('stays in order over many drops (it compacts now and then) and clears', () => {
    const list = new BoundedList<number>({ count: 10, label: 'n' }, () => 1);
    for (let i = 0; i < 10_000; i++) list.push(i);
    expect(list.toArray()).toEqual([9990, 9991, 9992, 9993, 9994, 9995, 9996, 9997, 9998, 9999]);
    list.clear();
    expect(list.kept()).toEqual({ count: 0, bytes: 0 });
  });
});

describe('BoundedMap', () => {
  it('drops the oldest keys beyond the count or bytes; a key set again counts once, as the newest', () => {
    let drops = 0;
    const map = new BoundedMap<string, string>(
      { count: 3, bytes: 100, label: 'm' },
      (_, v) => v.length,
      () => drops++,
    );
    map.set('a', 'x');
    map.set('b', 'x');
    map.set('a', 'xx');
    map.set('c', 'x');
    expect([...map.entries()]).toEqual([
      ['b', 'x'],
      ['a', 'xx'],
      ['c', 'x'],
    ]);
    expect(map.bytes).toBe(4);
    map.set('d', 'x');
    expect(map.has('b')).toBe(false);
    map.set('e', 'y'.repeat(99));
    expect([...map.entries()].map(([key]) => key)).toEqual(['d', 'e']);
    expect(drops).toBe(3);
    expect(map.delete('d')).toBe(true);
    expect(map.kept()).toEqual({ count: 1, bytes: 99 });
  });
});
