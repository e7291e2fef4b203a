import { afterEach, describe, expect, it, vi } from 'vitest';
import { part, partsFrom } from './part.ts';

afterEach(() => vi.restoreAllMocks());

describe('a part of the chat that arrives when first needed', () => {
  it('is asked for once, however often it is needed, and is there once it has arrived', async () => {
    const [arrived, , , ask] = part<{ name: string }>('menu', 'the part is missing');
    const load = vi.fn(() => Promise.resolve({ name: 'menu' }));
    partsFrom(load);
    expect(arrived.value).toBeUndefined(); // reading asks for nothing
    expect(load).not.toHaveBeenCalled();
    ask();
    ask();
    await vi.waitFor(() => expect(arrived.value).toEqual({ name: 'menu' }));
    ask();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('menu');
  });

  it('says in the console what the visitor goes without when it cannot load, and the next need asks again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [arrived, , , ask] = part<string>('menu', "the panel's menu cannot open: its code could not be loaded");
    const load = vi.fn().mockRejectedValueOnce(new Error('could not load parley-menu.x.js: 404')).mockResolvedValueOnce('here');
    partsFrom(load);
    ask();
    ask(); // while it loads: asked for once, and a failure said once
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        "[parley] the panel's menu cannot open: its code could not be loaded:",
        'could not load parley-menu.x.js: 404',
      ),
    );
    expect(warn).toHaveBeenCalledOnce();
    expect(arrived.value).toBeUndefined();
    ask();
    await vi.waitFor(() => expect(arrived.value).toBe('here'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('takes a part handed over at once (the headless client, tests)', () => {
    const load = vi.fn();
    partsFrom(load);
    const [, hand, , ask] = part<number>('rich', 'numbers are missing');
    hand(7);
    expect(ask().value).toBe(7);
    expect(load).not.toHaveBeenCalled();
  });

  it('tells each asker that waits for it where it cannot load, through its own teller, and is asked for again next time', async () => {
    const [, , loadPart] = part<string>('storage', 'this conversation is kept nowhere: its store could not be loaded');
    const load = vi.fn().mockRejectedValueOnce(new Error('could not load parley-storage.x.js: 404')).mockResolvedValueOnce('stores');
    partsFrom(load);
    const [first, second] = [{ warn: vi.fn() }, { warn: vi.fn() }];
    const waitFor = (teller: { warn(): void }) => new Promise((then) => loadPart(teller, then));
    expect(await Promise.all([waitFor(first), waitFor(second)])).toEqual([undefined, undefined]);
    for (const teller of [first, second])
      expect(teller.warn).toHaveBeenCalledExactlyOnceWith(
        '[parley] this conversation is kept nowhere: its store could not be loaded:',
        'could not load parley-storage.x.js: 404',
      );
    expect(await waitFor(first)).toBe('stores');
    expect(await waitFor(second)).toBe('stores');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
