import { describe, expect, it, vi } from 'vitest';
import { reactToEnvironment } from './environment-reaction.ts';
import type { ConnectionError, ConnectionEvent, ConnectionState } from './machine.ts';

const online = { isOnline: () => true };
const offline = { isOnline: () => false };
const dead: ConnectionError = { kind: 'dead', message: 'silent for 60000 ms', final: false };
const retryable: ConnectionError = { kind: 'network', message: 'down', final: false };

/** The events dispatched for one change. */
function react(
  change: 'online' | 'offline' | 'visible',
  state: ConnectionState,
  environment: { isOnline(): boolean },
  keepAlive?: { wake(): ConnectionError | undefined },
): ConnectionEvent[] {
  const events: ConnectionEvent[] = [];
  reactToEnvironment(change, state, environment, keepAlive, (event) => events.push(event));
  return events;
}

describe('reactToEnvironment', () => {
  it('passes online and offline on as they are, in any state', () => {
    for (const state of [{ kind: 'idle' }, { kind: 'open', attempt: 0, since: 0 }] as ConnectionState[]) {
      expect(react('online', state, offline)).toEqual([{ type: 'online' }]);
      expect(react('offline', state, online)).toEqual([{ type: 'offline' }]);
    }
  });

  it('on becoming visible while offline, asks the browser again instead of trusting a missed event', () => {
    expect(react('visible', { kind: 'offline', attempt: 0 }, offline)).toEqual([]);
    expect(react('visible', { kind: 'offline', attempt: 0 }, online)).toEqual([{ type: 'online' }]);
  });

  it('on becoming visible, skips the rest of a backoff', () => {
    const waiting: ConnectionState = { kind: 'waiting', attempt: 2, until: 9, error: retryable };
    expect(react('visible', waiting, online)).toEqual([{ type: 'retry' }]);
  });

  it('on becoming visible while open, replaces a socket its keep-alive calls dead, and keeps one it probed', () => {
    const open: ConnectionState = { kind: 'open', attempt: 0, since: 0 };
    expect(react('visible', open, online, { wake: () => dead })).toEqual([{ type: 'lost', error: dead }, { type: 'retry' }]);
    const probed = vi.fn(() => undefined);
    expect(react('visible', open, online, { wake: probed })).toEqual([]);
    expect(probed).toHaveBeenCalledOnce();
  });

  it('does nothing on becoming visible while connecting, idle or closed', () => {
    const wake = vi.fn(() => dead);
    for (const state of [
      { kind: 'connecting', attempt: 0 },
      { kind: 'idle' },
      { kind: 'closed', reason: 'stopped' },
    ] as ConnectionState[]) {
      expect(react('visible', state, online, { wake })).toEqual([]);
    }
    expect(wake).not.toHaveBeenCalled();
  });
});
