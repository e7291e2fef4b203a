// The memory and session stores' code arrives when a conversation first needs one: the mode's
// store waits for it, and where it cannot load the conversation goes on, kept nowhere.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import * as otherModes from './other-modes.ts';

/** A fresh copy of the part, and of where parts come from: test/setup.ts hands the code over at once to every test. */
const freshSlot = async () => ({ ...(await import('./other-modes-part.ts')), ...(await import('../parts/part.ts')) });

beforeEach(() => vi.resetModules());

describe("the other storage modes' code", () => {
  it('is asked for once, when a store first needs it, and the store waits for it', async () => {
    const { partsFrom, otherModeStore, otherModesHere } = await freshSlot();
    const load = vi.fn(() => Promise.resolve(otherModes));
    partsFrom(load);
    expect(otherModesHere()).toBeUndefined();
    const [first, second] = [otherModeStore('memory', 'later-1', silentLogger()), otherModeStore('memory', 'later-2', silentLogger())];
    expect(first).toBeInstanceOf(Promise);
    const store = await first;
    await second;
    expect(load).toHaveBeenCalledTimes(1);
    await store.write('thread-1', { meta: { version: 2, threadId: 'thread-1', startEventQueued: false, readSeq: 0 } });
    expect((await store.load(10))?.meta.threadId).toBe('thread-1');
    // Once here, a store comes at once.
    expect(otherModeStore('session', 'later-3', silentLogger())).not.toBeInstanceOf(Promise);
  });

  it('that cannot load leaves a store that keeps nothing, says why, and is asked for again next time', async () => {
    const { partsFrom, otherModeStore } = await freshSlot();
    const load = vi.fn().mockRejectedValueOnce(new Error('could not load parley-storage.x.js: 404')).mockResolvedValueOnce(otherModes);
    partsFrom(load);
    const logger = silentLogger();
    const nowhere = await otherModeStore('memory', 'failed-1', logger);
    expect(logger.warn).toHaveBeenCalledWith(
      '[parley] this conversation is kept nowhere: its store could not be loaded:',
      'could not load parley-storage.x.js: 404',
    );
    expect(await nowhere.write('thread-1', {})).toBe('memory');
    expect(await nowhere.load(10)).toBeUndefined();
    expect(await nowhere.reserveTraceId('thread-1', 7)).toBe(7);
    expect(await nowhere.queued()).toEqual([]);
    await otherModeStore('memory', 'failed-2', logger);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
