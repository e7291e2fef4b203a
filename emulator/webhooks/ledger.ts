// The deliveries the dispatcher remembers, and the two bounds on them (retention.ts): those kept for
// the console (`webhooks`, the oldest settled ones forgotten first) and those not yet delivered
// (`webhookQueue`). The dispatcher decides what to send; the ledger only counts and forgets.
import type { Bound } from '../safety/retention.ts';
import type { WebhookDelivery } from '../core/model.ts';

/** An event being delivered, with what only the dispatcher needs. */
export interface Tracked {
  delivery: WebhookDelivery;
  /** The exact bytes of every attempt; released once settled. */
  json: string;
  /** Estimated bytes kept: the body, and the JSON while it may be sent again. */
  bytes: number;
  inFlight: boolean;
  retryTimer?: unknown;
}

export interface LedgerOptions {
  /** Deliveries kept for the console, by count. */
  maxRecords: number;
  /** Deliveries kept for the console, by estimated bytes. */
  maxRecordBytes: number;
  /** Events not yet delivered. */
  queue: Bound;
  /** A settled delivery was forgotten to stay within `maxRecords`/`maxRecordBytes`. */
  onForget(): void;
}

export interface DeliveryLedger {
  /** Remembers a new, unsettled delivery (the caller then trims, see `forgetOldSettled`). */
  add(item: Tracked): void;
  /** It will not be sent again: its JSON goes, the body stays for the console. */
  settle(item: Tracked): void;
  /** Only settled deliveries are forgotten: one still being retried stays visible. */
  forgetOldSettled(): void;
  /** While too many events wait, hands the oldest not in flight to `drop` (`newest` always stays); `drop` must settle it. */
  trimQueue(newest: Tracked, drop: (item: Tracked) => void): void;
  /** Deliveries pending or retrying: zero means idle. */
  unsettled(): number;
  /** The queue bound as a log reads it: `1000, 16 MB`. */
  describeQueue(): string;
  /** Every remembered delivery, in emission order. */
  items(): Iterable<Tracked>;
  /** A remembered delivery by its event id (a forgotten one is gone). */
  get(id: string): Tracked | undefined;
  kept(): { webhooks: { count: number; bytes: number }; webhookQueue: { count: number; bytes: number } };
  clear(): void;
}

function isSettled(delivery: WebhookDelivery): boolean {
  return delivery.state === 'delivered' || delivery.state === 'failed' || delivery.state === 'dropped';
}

/** The body's estimate counts it as long as its JSON: 2 bytes per UTF-16 code unit. */
export const jsonBytes = (json: string) => 2 * json.length;

export function createDeliveryLedger(options: LedgerOptions): DeliveryLedger {
  const { maxRecords, maxRecordBytes, queue } = options;
  /** Every remembered delivery, in emission order (a Map keeps insertion order). */
  const tracked = new Map<string, Tracked>();
  let unsettled = 0;
  let unsettledBytes = 0;
  let trackedBytes = 0;

  const overRecords = () => tracked.size > maxRecords || trackedBytes > maxRecordBytes;
  const overQueue = () => unsettled > (queue.count ?? Infinity) || unsettledBytes > (queue.bytes ?? Infinity);

  function forgetOldSettled(): void {
    if (!overRecords()) return;
    for (const [id, item] of tracked) {
      if (!overRecords()) return;
      if (!isSettled(item.delivery)) continue;
      tracked.delete(id);
      trackedBytes -= item.bytes;
      options.onForget();
    }
  }

  return {
    add(item) {
      tracked.set(item.delivery.id, item);
      trackedBytes += item.bytes;
      unsettled += 1;
      unsettledBytes += item.bytes;
    },
    settle(item) {
      unsettled -= 1;
      unsettledBytes -= item.bytes;
      trackedBytes -= jsonBytes(item.json);
      item.bytes -= jsonBytes(item.json);
      item.json = '';
      forgetOldSettled();
    },
    forgetOldSettled,
    trimQueue(newest, drop) {
      if (!overQueue()) return;
      for (const item of tracked.values()) {
        if (!overQueue()) return;
        if (isSettled(item.delivery) || item.inFlight || item === newest) continue;
        drop(item);
      }
    },
    unsettled: () => unsettled,
    describeQueue: () =>
      [queue.count, queue.bytes === undefined ? undefined : `${queue.bytes / (1024 * 1024)} MB`].filter((x) => x !== undefined).join(', '),
    items: () => tracked.values(),
    get: (id) => tracked.get(id),
    kept: () => ({ webhooks: { count: tracked.size, bytes: trackedBytes }, webhookQueue: { count: unsettled, bytes: unsettledBytes } }),
    clear() {
      tracked.clear();
      unsettled = 0;
      unsettledBytes = 0;
      trackedBytes = 0;
    },
  };
}
