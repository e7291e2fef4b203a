// How much the emulator keeps of what clients send (emulator contract, "On a developer's
// machine"): it runs for days beside a browser, so every log, list and map a client can grow
// has a bound here, by count and, where entries can be large, by bytes. Beyond a bound the
// oldest go first, and the first drop of each kind is said once (log line and console note).
// Sizes are estimates: a string counts two bytes per UTF-16 code unit (what V8 needs at most),
// objects a few bytes per field. docs/back-end.md ("Bounds on what it keeps") lists them all.

export interface Bound {
  /** Entries kept at most; absent where only the bytes are bounded. */
  count?: number;
  /** Estimated bytes kept at most (all entries together); absent where entries are small. */
  bytes?: number;
  /** What the entries are, for the one line that says older ones were dropped. */
  label: string;
  /** Which go first, when not simply the oldest. */
  order?: string;
}

const MB = 1024 * 1024;

export const BOUNDS = {
  /** Socket frames received (`__control/received`): the raw text of each, even refused ones. */
  frames: { count: 50_000, bytes: 32 * MB, label: 'socket frames received' },
  /** Address requests (`__control/state` addressRequests). */
  addressRequests: { count: 1_000, bytes: 4 * MB, label: 'address requests' },
  /** Session ids seen, to notice one used again (spec 4.1). Forgotten ones are taken as new. */
  sessionIds: { count: 10_000, bytes: 4 * MB, label: 'session ids' },
  /** Socket tokens not yet expired (expired ones are swept at each new one). */
  tokens: { count: 1_000, bytes: 4 * MB, label: 'socket tokens' },
  /** Refused socket upgrades (`__control/state` upgradeRefusals). */
  upgradeRefusals: { count: 1_000, bytes: 1 * MB, label: 'refused socket upgrades' },
  /** Closed sockets still listed (`__control/state` connections); open ones are always listed. */
  closedSockets: { count: 1_000, label: 'closed sockets' },
  /** Threads, the least recently active first (those with an open socket last). */
  threads: { count: 1_000, label: 'threads', order: 'the least recently active first' },
  /** All threads' transcripts, remembered traceIds and waiting frames together: over it, whole threads go, the least recently active first. */
  threadBytes: { bytes: 64 * MB, label: 'threads (all threads together)', order: 'the least recently active first' },
  /** Entries of one thread's transcript. */
  transcript: { count: 10_000, bytes: 8 * MB, label: 'transcript entries' },
  /** traceIds one thread remembers with their first `message.delivered`, to answer a resend again and not twice. */
  traces: { count: 5_000, bytes: 4 * MB, label: 'remembered traceIds' },
  /** Frames waiting for a thread's next socket. */
  waiting: { count: 200, bytes: 2 * MB, label: 'frames waiting for a socket' },
  /** Webhook deliveries kept for the console and `records()`; settled ones are forgotten first. */
  webhooks: { count: 1_000, bytes: 16 * MB, label: 'webhook deliveries', order: 'the oldest delivered or failed first' },
  /** Webhook events not yet delivered (queued or retrying): over it, the oldest not in flight is dropped (state `dropped`). */
  webhookQueue: { count: 1_000, bytes: 16 * MB, label: 'undelivered webhook events', order: 'the oldest not in flight first' },
  /** Bodies the built-in receiver keeps (`GET /receiver`). */
  receiver: { count: 1_000, bytes: 16 * MB, label: 'bodies received by the built-in receiver' },
  /** Departures from the spec kept for the console and `__control/state`. */
  departures: { count: 1_000, bytes: 1 * MB, label: 'departures from the spec' },
  /** REST broadcasts recorded (`__control/state` broadcasts). */
  broadcasts: { count: 1_000, bytes: 4 * MB, label: 'broadcasts' },
} as const satisfies Record<string, Bound>;

export type BoundName = keyof typeof BOUNDS;

/** What some bounded parts keep now (`__control/memory`): entries and estimated bytes. */
export type KeptSizes = Partial<Record<BoundName, { count: number; bytes: number }>>;

/** An expired socket token is still recognised this long (to answer `token expired`), then swept. */
export const EXPIRED_TOKEN_MEMORY_MS = 10 * 60_000;
