// Fakes for the tab coordination: one "browser" whose tabs share a lock manager (Web Locks:
// exclusive, queued, `steal`) and a broadcast bus (BroadcastChannel: asynchronous, never to the
// sender), plus a page lifecycle a test drives by hand.
import type { ChannelLike } from '../src/tabs/channel.ts';
import type { TabSupport } from '../src/tabs/coordinator.ts';
import type { LockManagerLike, PageLifecycle } from '../src/tabs/election.ts';

interface Waiter {
  callback: (lock: unknown) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
}

export function fakeBrowser() {
  const held = new Map<string, Waiter>();
  const queues = new Map<string, Waiter[]>();
  const channels = new Set<ChannelLike & { name: string; receive(data: unknown): void }>();

  function grantNext(name: string): void {
    if (held.has(name)) return;
    const next = queues.get(name)?.shift();
    if (!next) return;
    held.set(name, next);
    Promise.resolve()
      .then(() => next.callback({ name }))
      .then(
        (value) => {
          if (held.get(name) === next) {
            held.delete(name);
            grantNext(name);
          }
          next.resolve(value);
        },
        (error) => next.reject(error),
      );
  }

  const locks: LockManagerLike = {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { callback, resolve, reject, ...(options.signal ? { signal: options.signal } : {}) };
        if (options.steal) {
          const current = held.get(name);
          held.delete(name);
          current?.reject(new DOMException('The lock was stolen', 'AbortError'));
          queues.set(name, [waiter, ...(queues.get(name) ?? [])]);
        } else {
          options.signal?.addEventListener('abort', () => {
            const queue = queues.get(name) ?? [];
            if (!queue.includes(waiter)) return;
            queue.splice(queue.indexOf(waiter), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
          queues.set(name, [...(queues.get(name) ?? []), waiter]);
        }
        grantNext(name);
      });
    },
  };

  class Channel implements ChannelLike {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    constructor(readonly name: string) {
      channels.add(this);
    }
    postMessage(message: unknown): void {
      const data = structuredClone(message);
      for (const other of channels) {
        if (other === this || other.name !== this.name) continue;
        setTimeout(() => other.receive(data), 0);
      }
    }
    receive(data: unknown): void {
      this.onmessage?.({ data });
    }
    close(): void {
      channels.delete(this);
    }
  }

  /** A tab of this browser: its own lifecycle, the shared locks and bus. */
  function tab() {
    const listeners = new Set<(change: 'leave' | 'return') => void>();
    const lifecycle: PageLifecycle = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    // A frozen tab sends nothing and hears nothing until it thaws (it keeps its lock). A tab
    // that is busy may also hear late that its lock was stolen: `missLockLoss` holds that back.
    let frozen = false;
    let deaf = false;
    const missed: Array<() => void> = [];
    let lateLockLoss: Array<() => void> | undefined;
    const tabLocks: LockManagerLike = {
      request(name, options, callback) {
        return locks.request(name, options, callback).catch((error: unknown) => {
          if (!lateLockLoss) throw error;
          return new Promise((_resolve, reject) => lateLockLoss!.push(() => reject(error)));
        });
      },
    };
    class TabChannel extends Channel {
      override postMessage(message: unknown): void {
        if (!frozen) super.postMessage(message);
      }
      override receive(data: unknown): void {
        if (deaf) return;
        if (frozen) missed.push(() => super.receive(data));
        else super.receive(data);
      }
    }
    const support: TabSupport = { locks: tabLocks, Channel: TabChannel, lifecycle };
    return {
      support,
      freeze: () => (frozen = true),
      thaw: () => {
        frozen = false;
        missed.splice(0).forEach((deliver) => deliver());
      },
      /** Messages from the other tabs are lost (not queued) until `hear()`: a paused page may not get them. */
      deafen: () => void (deaf = true),
      hear: () => void (deaf = false),
      /** From now on a stolen lock is noticed only on `noticeLockLoss()`. */
      missLockLoss: () => void (lateLockLoss ??= []),
      noticeLockLoss: () => {
        const held = lateLockLoss ?? [];
        lateLockLoss = undefined;
        held.forEach((reject) => reject());
      },
      /** pagehide or freeze. */
      leave: () => listeners.forEach((l) => l('leave')),
      /** pageshow or resume. */
      back: () => listeners.forEach((l) => l('return')),
    };
  }

  return { locks, Channel, tab, holderOf: (name: string) => held.get(name), openChannels: () => channels.size };
}
