import { afterEach, describe, expect, it, vi } from 'vitest';
import { partSlot } from './part-slot.ts';

afterEach(() => vi.restoreAllMocks());

describe('a part of the chat that arrives when first needed', () => {
  it('is asked for once, however often it is needed, and is there once it has arrived', async () => {
    const slot = partSlot<{ name: string }>('the part is missing');
    const load = vi.fn(() => Promise.resolve({ name: 'menu' }));
    slot.from(load);
    expect(slot.arrived.value).toBeUndefined(); // reading asks for nothing
    expect(load).not.toHaveBeenCalled();
    slot.ask();
    slot.ask();
    await vi.waitFor(() => expect(slot.arrived.value).toEqual({ name: 'menu' }));
    slot.ask();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says in the console what the visitor goes without when it cannot load, and the next need asks again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const slot = partSlot<string>("the panel's menu cannot open: its code could not be loaded");
    const load = vi.fn().mockRejectedValueOnce(new Error('could not load parley-menu.x.js: 404')).mockResolvedValueOnce('here');
    slot.from(load);
    slot.ask();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        "[parley] the panel's menu cannot open: its code could not be loaded:",
        'could not load parley-menu.x.js: 404',
      ),
    );
    expect(slot.arrived.value).toBeUndefined();
    slot.ask();
    await vi.waitFor(() => expect(slot.arrived.value).toBe('here'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('takes a part handed over at once (tests, a build that has it at hand)', () => {
    const slot = partSlot<number>('numbers are missing');
    slot.hand(7);
    expect(slot.ask().value).toBe(7);
  });
});
