import { describe, expect, it } from 'vitest';
import { createDropNotices, describeBound } from './drops.ts';

describe('drop notices', () => {
  it('says the first drop of each bound once, in the log and on the feed; clear starts over', () => {
    const lines: string[] = [];
    const published: string[] = [];
    const drops = createDropNotices({ say: (line) => lines.push(line), publish: (bound) => published.push(bound) });
    drops.dropped('frames');
    drops.dropped('frames');
    drops.dropped('receiver');
    drops.dropped('threads');
    expect(lines).toEqual([
      'older socket frames received were dropped: the emulator keeps at most 50000 (32 MB), oldest first (said once)',
      'older bodies received by the built-in receiver were dropped: the emulator keeps at most 1000 (16 MB), oldest first (said once)',
      'older threads were dropped: the emulator keeps at most 1000, the least recently active first (said once)',
    ]);
    expect(published).toEqual(['frames', 'receiver', 'threads']);
    expect(drops.list()).toEqual(['frames', 'receiver', 'threads']);
    drops.clear();
    drops.dropped('frames');
    expect(lines).toHaveLength(4);
  });

  it('describes a bound by count, bytes or both', () => {
    expect(describeBound('threads')).toBe('1000');
    expect(describeBound('threadBytes')).toBe('64 MB');
    expect(describeBound('traces')).toBe('5000 (4 MB)');
  });
});
