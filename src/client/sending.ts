// Sending: what the visitor types, picks or triggers becomes a request, tracked until saved (so a
// reload sends what was not) and handed to the tab that holds the socket.
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { RichAction } from '../conversation/rich.ts';
import type { UserEntry } from '../conversation/transcript.ts';
import type { QuickReply } from '../protocol/frames.ts';
import type { Coordinator } from '../tabs/coordinator.ts';
import type { ChatClient } from './chat-client.ts';
import { optimisticEntry, type createDrafts } from './drafts.ts';
import type { unsentRequests } from './unsent.ts';

export function createSending(
  ready: Promise<void>,
  /** Sending is over: the client is destroyed, or its options are wrong. */
  closed: () => boolean,
  coordinator: Coordinator,
  drafts: ReturnType<typeof createDrafts>,
  unsent: ReturnType<typeof unsentRequests>,
  /** Called before each message goes to the holder. */
  beforeSubmit: () => void = () => {},
): Pick<ChatClient, 'send' | 'sendEvent' | 'sendQuickReply' | 'sendAction'> {
  async function submit(sent: SendRequest | undefined): Promise<UserEntry | undefined> {
    await ready;
    if (!sent || closed()) return undefined;
    unsent.track(sent);
    beforeSubmit();
    return coordinator.submit(sent, optimisticEntry(sent));
  }

  // What the last page of this tab typed but had not saved goes in again, once.
  if (!closed()) for (const request of unsent.take()) void submit(request);

  return {
    async send(text: string): Promise<UserEntry | undefined> {
      return submit(drafts.text(text));
    },
    async sendEvent(name: string, params?: Record<string, unknown>): Promise<UserEntry | undefined> {
      return submit(drafts.event(name, params));
    },
    async sendQuickReply(reply: QuickReply): Promise<UserEntry | undefined> {
      return submit(drafts.quickReply(reply));
    },
    async sendAction(label: string, action: RichAction): Promise<UserEntry | undefined> {
      return submit(drafts.action(label, action));
    },
  };
}
