// What createChatClient takes: a file of its own, so the parts that read the options
// (options/check-options.ts, client/engine-factory.ts, client/status.ts) need not import the wiring.
import type { Platform } from '../browser/platform.ts';
import type { ConnectionTimings } from '../connection/connection.ts';
import type { ChatUser, Locale } from '../conversation/send-payloads.ts';
import type { ConversationStore } from '../store/contract.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { TabSupport } from '../tabs/coordinator.ts';

export interface ChatClientOptions {
  /** `clientId` of the address request, from the channel settings. */
  clientId: string;
  /** Plain mode: `GET {baseUrl}/socket.info?sessionId=…&clientId=…`. May be relative to the page. */
  baseUrl: string;
  /** Set: client-nonce mode, `GET {sdkUrl}/socket.info` with the four secret headers. */
  sdkUrl?: string;
  /** Prefix of the secret headers (default `x-svc`). */
  headerPrefix?: string;
  /** Use this thread instead of the stored or a new one. */
  threadId?: string;
  /** An event sent once, as an event attachment, when a new thread first connects. */
  startEvent?: string;
  /** The language tag whose two-letter code the messages carry as `metadata.language`; default from the browser. */
  language?: string;
  /** The visitor's name and profile, as `setUser` would set them. */
  user?: ChatUser;
  /** Ping, timeout and backoff settings; the defaults suit the service. */
  timings?: Partial<ConnectionTimings>;
  /** A sent message not confirmed within this time is marked failed (default 20 s). */
  deliveryTimeoutMs?: number;
  /**
   * Where the conversation is kept in this browser: `local` (default: IndexedDB and Web Storage,
   * kept across visits), `session` (this tab's session only), `memory` (nothing written anywhere).
   */
  storage?: StorageMode;

  // What the client uses of the browser, the real ones by default: tests and other hosts hand in their own.
  /** The clock, randomness, ids, fetch, WebSocket, online and visibility, the page's protocol, the console. */
  platform?: Partial<Platform>;
  /** Where the conversation is kept, in place of the storage mode's store. */
  store?: ConversationStore;
  /** Web Locks, BroadcastChannel and the page lifecycle; `false`: this tab works alone. */
  tabs?: TabSupport | false;
  /** The browser's language and time zone, as the messages' metadata says them. */
  locale?: Locale;
}
