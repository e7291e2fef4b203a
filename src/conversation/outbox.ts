// Messages on their way to the service: pending (not yet on a socket) -> sent (written to an
// open socket) -> delivered (confirmed, and gone from here) or failed (not confirmed in time,
// waiting for a retry). A message goes out only once it is durable, so a reload can never
// reuse its traceId or lose it.
import type { Clock } from '../connection/clock.ts';
import type { OutboxRecord } from './persistence.ts';
import type { SendStatus, UserEntry } from './transcript.ts';

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

  function setStatus(item: Item, status: SendStatus): void {
    if (item.record.entry.status === status) return;
    item.record = { ...item.record, entry: { ...item.record.entry, status } };
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
      const ready = [...items.entries()].filter(([, item]) => item.record.entry.status === 'pending' && item.durable).sort(([a], [b]) => a - b);
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
    /** The connection dropped: what was written to it goes out again on the next one. */
    connectionLost(): void {
      clearTimers();
      for (const item of items.values()) if (item.record.entry.status === 'sent') setStatus(item, 'pending');
    },
    /** A failed message gets another chance; false when it is not failed. */
    retry(traceId: number): boolean {
      const item = items.get(traceId);
      if (item?.record.entry.status !== 'failed') return false;
      setStatus(item, 'pending');
      return true;
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

export type Outbox = ReturnType<typeof createOutbox>;
