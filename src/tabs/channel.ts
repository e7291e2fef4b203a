// Messages between the tabs of one conversation, over a BroadcastChannel named for the
// clientId. Anything that is not a message of this version of the protocol is ignored: another
// script or an older Parley may share the name. One that claims to be, and does not pass its
// schema (message-schemas.ts), is ignored with a warning, once per kind.
import type { SharedEvent } from '../conversation/events.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Op } from '../conversation/replica.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import type { Logger } from '../protocol/parse.ts';
import { TabMessageSchema } from './message-schemas.ts';

export type Command =
  | { name: 'send'; request: SendRequest }
  | { name: 'connect' }
  | { name: 'retry'; traceId: number }
  | { name: 'discard'; traceId: number }
  /** Settled entries a tab showed that a new holder's state lacks (its storage never got them). */
  | { name: 'adopt'; entries: TranscriptEntry[] }
  | { name: 'retryNow' }
  | { name: 'dismissError' }
  | { name: 'reset' }
  | { name: 'forget' }
  | { name: 'read'; seq: number };

export type TabMessage =
  /** A tab joined or lost its holder: the holder answers with the whole state. */
  | { type: 'hello' }
  /**
   * From the holder: a change of the shared state, numbered so a late snapshot cannot undo later
   * changes, under the holder's epoch, so a former holder that has not noticed yet is not heard.
   */
  | { type: 'op'; op: Op; n: number; epoch: number }
  /** From the holder: an event each tab reports to its page. */
  | { type: 'event'; event: SharedEvent }
  /** To the holder: something a tab's visitor or page asked for. */
  | { type: 'command'; command: Command }
  /** From the holder, every second: it is alive and not frozen, and has published `n` ops. */
  | { type: 'beat'; epoch: number; n: number }
  /** The holder forgot the conversation: each tab deletes what it keeps of it. */
  | { type: 'forgotten' };

export type Envelope = TabMessage & { v: 2; from: string };

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type ChannelConstructor = new (name: string) => ChannelLike;

const TYPES = new Set(['hello', 'op', 'event', 'command', 'beat', 'forgotten']);

function isEnvelope(data: unknown): data is Envelope {
  const message = data as Partial<Envelope> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.v === 2 &&
    typeof message.from === 'string' &&
    TYPES.has(message.type as string)
  );
}

export interface TabChannel {
  post(message: TabMessage): void;
  close(): void;
}

export function openTabChannel(
  name: string,
  Channel: ChannelConstructor,
  tabId: string,
  onMessage: (message: Envelope) => void,
  logger: Logger,
): TabChannel {
  const channel = new Channel(name);
  const warned = new Set<string>();
  channel.onmessage = ({ data }) => {
    if (!isEnvelope(data) || data.from === tabId) return;
    const message = TabMessageSchema.safeParse(data);
    if (message.success) return onMessage({ ...message.data, v: 2, from: data.from });
    // Once per type: a script that forges many does not flood the console.
    if (warned.has(data.type)) return;
    warned.add(data.type);
    const kind = data.type === 'op' ? `"${String((data as { op?: { op?: unknown } }).op?.op).slice(0, 20)}" op` : `"${data.type}"`;
    const where = message.error.issues.slice(0, 3).map((issue) => issue.path.join('.') || '(message)');
    logger.warn(`[parley] ignored a malformed ${kind} message from another tab (${where.join(', ')})`);
  };
  return {
    post(message) {
      try {
        channel.postMessage({ ...message, v: 2, from: tabId });
      } catch {
        // A closed channel (the page is going away): the other tabs will hear from the next holder.
      }
    },
    close() {
      channel.onmessage = null;
      channel.close();
    },
  };
}
