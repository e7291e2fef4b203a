import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../test/fake-tabs.ts';
import { openTabChannel, type Envelope } from './channel.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('openTabChannel', () => {
  it('delivers this protocol between tabs, never to the sender, and ignores anything else on the name', async () => {
    const browser = fakeBrowser();
    const got: Envelope[] = [];
    const mine = openTabChannel('parley:c', browser.Channel, 'tab-a', () => got.push({} as Envelope));
    const theirs = openTabChannel('parley:c', browser.Channel, 'tab-b', (message) => got.push(message));
    const stranger = new browser.Channel('parley:c');
    mine.post({ type: 'hello' });
    stranger.postMessage({ type: 'hello', from: 'x' }); // no version: another script
    stranger.postMessage({ v: 2, from: 'x', type: 'rm -rf' });
    stranger.postMessage({ v: 1, from: 'x', type: 'hello' }); // an older Parley: ops without epochs
    stranger.postMessage('just text');
    stranger.postMessage(null);
    await vi.advanceTimersByTimeAsync(5);
    expect(got).toEqual([{ type: 'hello', v: 2, from: 'tab-a' }]);
    mine.close();
    theirs.close();
    stranger.close();
    expect(browser.openChannels()).toBe(0);
  });

  it('posting on a closed channel is harmless', () => {
    const browser = fakeBrowser();
    const channel = openTabChannel('parley:c', class extends browser.Channel {
      override postMessage(): void {
        throw new DOMException('closed', 'InvalidStateError');
      }
    }, 'tab-a', () => {});
    expect(() => channel.post({ type: 'beat', epoch: 1, n: 0 })).not.toThrow();
  });
});
