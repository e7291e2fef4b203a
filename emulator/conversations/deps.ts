// What the conversation modules share: the emulator's parts they act through.
import type { Clock } from '../core/clock.ts';
import type { Feed } from '../core/feed.ts';
import type { Flow } from '../flows/flows.ts';
import type { EmulatorLog } from '../core/log.ts';
import type { ResolvedOptions } from '../core/options.ts';
import type { SocketHub } from '../socket/sockets.ts';
import type { ThreadStore } from '../threads/threads.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';

export interface ConversationDeps {
  options: ResolvedOptions;
  clock: Clock;
  log: EmulatorLog;
  threads: ThreadStore;
  sockets: () => SocketHub;
  flows: () => Flow[];
  webhooks: WebhookDispatcher;
  feed: Feed;
  /** The emulator's own address (ending in /), for relative addresses in flow templates. */
  mediaBase?: () => string | undefined;
}
