// Messages on their way to the service: pending (not yet on a socket) -> sent (written to an
// open socket) -> delivered (confirmed, and gone from here) or failed. A message not confirmed
// in time is failed until the next socket, which sends it again; one the service refused (an
// `error` frame) is failed, with the reason, until the visitor retries or discards it. A message
// goes out only once it is durable, so a reload can never reuse its traceId or lose it.
import type { Clock } from '../browser/clock.ts';
import type { OutboxRecord } from '../store/contract.ts';
import type { SendStatus, UserEntry } from '../conversation/transcript.ts';

interface Item {
  record: OutboxRecord;
  durable: boolean;
}

export function createOutbox(deps: {
  clock: Clock;
  deliveryTimeoutMs: number;
  /** Called with the changed entry on every status change of a message, delivery included. */
  onChange: (entry: UserEntry) => void;
}) {
  const { clock } = deps;
  const items = new Map<number, Item>();
  const timers = new Map<number, unknown>();

  function setStatus(item: Item, status: SendStatus, error?: string): void {
    const { entry } = item.record;
    if (entry.status === status && entry.error === error) return;
    const { error: _old, ...rest } = entry;
    item.record = { ...item.record, entry: { ...rest, status, ...(error !== undefined ? { error } : {}) } };
    deps.onChange(item.record.entry);
  }

  function clearTimer(traceId: number): void {
    const timer = timers.get(traceId);
    if (timer !== undefined) clock.clearTimeout(timer);
    timers.delete(traceId);
  }

  function armTimer(traceId: number, item: Item): void {
    clearTimer(traceId);
    timers.set(
      traceId,
      clock.setTimeout(() => {
        timers.delete(traceId);
        setStatus(item, 'failed');
      }, deps.deliveryTimeoutMs),
    );
  }

  function clearTimers(): void {
    for (const timer of timers.values()) clock.clearTimeout(timer);
    timers.clear();
  }

  return {
    get size() {
      return items.size;
    },
    has: (traceId: number) => items.has(traceId),
    /** A new message, or one restored from storage (already durable). */
    add(record: OutboxRecord, durable: boolean): void {
      items.set(record.outgoing.traceId, { record, durable });
    },
    markDurable(traceId: number): void {
      const item = items.get(traceId);
      if (item) item.durable = true;
    },
    /** Writes every pending durable message, oldest first, while `send` takes them. */
    flush(send: (record: OutboxRecord) => boolean): void {
      const ready = [...items.entries()]
        .filter(([, item]) => item.record.entry.status === 'pending' && item.durable)
        .sort(([a], [b]) => a - b);
      for (const [traceId, item] of ready) {
        if (!send(item.record)) return;
        setStatus(item, 'sent');
        armTimer(traceId, item);
      }
    },
    /** The service confirmed it: true the first time only. */
    delivered(traceId: number): boolean {
      const item = items.get(traceId);
      clearTimer(traceId);
      if (!item) return false;
      items.delete(traceId);
      setStatus(item, 'delivered');
      return true;
    },
    /**
     * The connection dropped: what was written to it, and what it never confirmed in time, goes
     * out again on the next one. What the service refused waits for the visitor.
     */
    connectionLost(): void {
      clearTimers();
      for (const item of items.values()) {
        const { status, error } = item.record.entry;
        if (status === 'sent' || (status === 'failed' && error === undefined)) setStatus(item, 'pending');
      }
    },
    /**
     * The service answered `error`. The spec's frame names no message: it answers the oldest
     * message written to this socket and not yet confirmed (the service handles a socket's frames
     * in order, and confirms each one it takes). That one fails with the reason; undefined when
     * nothing is waiting (the error is about something else).
     */
    refuse(reason: string): OutboxRecord | undefined {
      const oldest = [...items.entries()].filter(([, item]) => item.record.entry.status === 'sent').sort(([a], [b]) => a - b)[0];
      if (!oldest) return undefined;
      clearTimer(oldest[0]);
      setStatus(oldest[1], 'failed', reason);
      return oldest[1].record;
    },
    /** A failed message gets another chance: its record, or undefined when it is not failed. */
    retry(traceId: number): OutboxRecord | undefined {
      const item = items.get(traceId);
      if (item?.record.entry.status !== 'failed') return undefined;
      setStatus(item, 'pending');
      return item.record;
    },
    /** The visitor gives up a failed message: it leaves the outbox. The record, or undefined. */
    discard(traceId: number): OutboxRecord | undefined {
      const item = items.get(traceId);
      if (item?.record.entry.status !== 'failed') return undefined;
      items.delete(traceId);
      return item.record;
    },
    /** Everything undelivered, oldest first, and forgets it (a new thread takes it along). */
    drain(): OutboxRecord[] {
      const records = [...items.values()].map((item) => item.record).sort((a, b) => a.outgoing.traceId - b.outgoing.traceId);
      clearTimers();
      items.clear();
      return records;
    },
    clear(): void {
      clearTimers();
      items.clear();
    },
  };
}
