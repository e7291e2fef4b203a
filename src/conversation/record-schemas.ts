// Schemas of what the conversation keeps and shares: transcript entries, the thread's meta,
// outbox records, send requests and a tab's state. Records read from storage and messages from
// other tabs pass them as frames pass theirs: the data may be damaged, from another version, or
// forged by a script on the page. A received entry's rich content goes through the templates'
// own schemas and address checks again (rich-recheck.ts), its quick replies through the same
// check as the service's.
import * as z from 'zod/mini';
import type { ConnectionStatus } from '../connection/status.ts';
import type { SendRequest } from './outgoing.ts';
import type { OutboxRecord, ThreadMeta } from './persistence.ts';
import { quickRepliesOf } from './received.ts';
import type { ReplicaState } from './replica.ts';
import { recheckRich } from './rich-recheck.ts';
import type { ReceivedEntry, TranscriptEntry, UserEntry } from './transcript.ts';

const EntryFields = {
  id: z.string(),
  seq: z.number(),
  text: z.string(),
  at: z.number(),
  earlier: z.optional(z.boolean()),
};

export const UserEntrySchema: z.ZodMiniType<UserEntry> = z.object({
  kind: z.literal('user'),
  ...EntryFields,
  traceId: z.number(),
  status: z.enum(['pending', 'sent', 'delivered', 'failed']),
  error: z.optional(z.string()),
  hidden: z.optional(z.boolean()),
});

/** A received entry's own fields; its rich content and quick replies are checked after. */
export const ReceivedFields = z.object({
  kind: z.literal('received'),
  ...EntryFields,
  from: z.enum(['bot', 'agent', 'user']),
  name: z.optional(z.string()),
  picture: z.optional(z.string()),
  isFallback: z.optional(z.boolean()),
  rich: z.optional(z.unknown()),
  quickReplies: z.optional(z.unknown()),
});

const ReceivedEntrySchema: z.ZodMiniType<ReceivedEntry> = z.pipe(
  ReceivedFields,
  z.transform((fields, ctx): ReceivedEntry => {
    const { rich, quickReplies, ...entry } = fields;
    const replies = quickRepliesOf(quickReplies);
    const checked: ReceivedEntry = replies.length ? { ...entry, quickReplies: replies } : entry;
    if (rich === undefined) return checked;
    const result = recheckRich(rich);
    if ('content' in result) return { ...checked, rich: result.content };
    ctx.issues.push({ code: 'custom', message: 'problem' in result ? result.problem : 'not drawn', input: rich, path: ['rich'] });
    return checked;
  }),
);

export const EntrySchema: z.ZodMiniType<TranscriptEntry> = z.union([UserEntrySchema, ReceivedEntrySchema]);

export const MetaSchema: z.ZodMiniType<ThreadMeta> = z.object({
  version: z.literal(2),
  threadId: z.string(),
  nonce: z.optional(z.string()),
  startEventQueued: z.boolean(),
  readSeq: z.number(),
});

/**
 * What a message.send carries besides the thread: the service checks it again, so only its
 * kind is checked here, and nothing of it is dropped.
 */
const OutgoingFields = {
  speech: z.string(),
  attachment: z.optional(z.object({ type: z.literal('event'), payload: z.object({ name: z.string() }) })),
  originator: z.optional(z.looseObject({ role: z.string() })),
  metadata: z.optional(z.looseObject({})),
};

export const OutboxSchema = z.object({
  entry: UserEntrySchema,
  outgoing: z.looseObject({ threadId: z.string(), traceId: z.number(), ...OutgoingFields }),
}) as z.ZodMiniType<OutboxRecord>;

export const RequestSchema = z.object({
  rid: z.string(),
  draft: z.looseObject(OutgoingFields),
  text: z.string(),
  hidden: z.optional(z.boolean()),
  at: z.number(),
  traceId: z.optional(z.number()),
}) as z.ZodMiniType<SendRequest>;

const ConnectionError = z.object({
  kind: z.enum(['network', 'http', 'status', 'malformed', 'socket', 'timeout', 'dead']),
  message: z.string(),
  status: z.optional(z.number()),
  final: z.boolean(),
});

export const StatusSchema: z.ZodMiniType<ConnectionStatus> = z.union([
  z.object({ state: z.enum(['idle', 'connecting', 'open', 'offline']) }),
  z.object({ state: z.literal('reconnecting'), retryAt: z.optional(z.number()), error: z.optional(ConnectionError) }),
  z.object({ state: z.literal('error'), error: ConnectionError }),
]);

export const StateSchema: z.ZodMiniType<ReplicaState> = z.object({
  threadId: z.string(),
  entries: z.array(EntrySchema),
  hasOlder: z.boolean(),
  stored: z.boolean(),
  readSeq: z.number(),
  typing: z.boolean(),
  status: StatusSchema,
  serviceError: z.optional(z.string()),
});
