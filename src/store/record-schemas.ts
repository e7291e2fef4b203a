// Schemas of what the conversation keeps and shares: transcript entries, the thread's meta,
// outbox records, send requests and a tab's state. Records read from storage and messages from
// other tabs pass them as frames pass theirs: the data may be damaged, from another version, or
// forged by a script on the page. A received entry's rich content is made again from the response
// it came from, through the templates' own schemas and address checks; its quick replies go
// through the same check as the service's.
import * as z from 'zod/mini';
import { byKind, finite, oneOf, parsedBy } from '../protocol/kinds.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import { MessageFields, Response } from '../protocol/frames.ts';
import type { OutboxRecord } from './contract.ts';
import { quickRepliesOf } from '../conversation/received-entries.ts';
import { toRichContent } from '../conversation/rich.ts';
import type { ReceivedEntry, TranscriptEntry } from '../conversation/transcript.ts';

const EntryFields = {
  id: z.string(),
  seq: finite,
  text: z.string(),
  at: finite,
  earlier: z.optional(z.boolean()),
  hidden: z.optional(z.boolean()),
};

/** A user entry (its `kind` is checked by EntrySchema). */
export const UserEntryFields = z.object({
  ...EntryFields,
  traceId: finite,
  status: oneOf('pending', 'sent', 'delivered', 'failed'),
  error: z.optional(z.string()),
});

/** A received entry's own fields; its rich content and quick replies are checked after. */
export const ReceivedFields = z.object({
  ...EntryFields,
  from: oneOf('bot', 'agent', 'user'),
  name: z.optional(z.string()),
  picture: z.optional(z.string()),
  isFallback: z.optional(z.boolean()),
  more: z.optional(finite),
  rich: z.optional(z.unknown()),
  quickReplies: z.optional(z.unknown()),
  // Only the site's renderers read these, and never as HTML: their shape is the frame's.
  response: z.optional(Response),
  message: z.optional(z.object(MessageFields)),
});

const ReceivedEntrySchema = parsedBy((value, complain): Omit<ReceivedEntry, 'kind'> | undefined => {
  const fields = ReceivedFields.safeParse(value);
  if (!fields.success) return void fields.error.issues.forEach(({ message, path }) => complain(message, path));
  const { rich, quickReplies, ...entry } = fields.data;
  const replies = quickRepliesOf(quickReplies);
  const checked = replies.length ? { ...entry, quickReplies: replies } : entry;
  if (rich === undefined) return checked;
  // Rich content is never taken as read: it is made again from the response it came from, as
  // when the service sent it. Without one (written by a version before 0.9) it shows its fallback.
  const { response } = entry;
  const made = response && toRichContent(response.type, response.payload);
  return made && 'content' in made ? { ...checked, rich: made.content } : { ...checked, isFallback: true };
});

export const EntrySchema: z.ZodMiniType<TranscriptEntry> = byKind('kind', { user: UserEntryFields, received: ReceivedEntrySchema });
const UserEntrySchema = byKind('kind', { user: UserEntryFields });

export const MetaSchema = z.object({
  version: oneOf(2),
  threadId: z.string(),
  nonce: z.optional(z.string()),
  startEventQueued: z.boolean(),
  readSeq: finite,
});

/**
 * What a message.send carries besides the thread: the service checks it again, so only its
 * kind is checked here, and nothing of it is dropped.
 */
const OutgoingFields = {
  speech: z.string(),
  attachment: z.optional(z.object({ type: oneOf('event'), payload: z.object({ name: z.string() }) })),
  originator: z.optional(z.looseObject({ role: z.string() })),
  metadata: z.optional(z.looseObject({})),
};

export const OutboxSchema = z.object({
  entry: UserEntrySchema,
  outgoing: z.looseObject({ threadId: z.string(), traceId: finite, ...OutgoingFields }),
}) as z.ZodMiniType<OutboxRecord>;

export const RequestSchema = z.object({
  rid: z.string(),
  draft: z.looseObject(OutgoingFields),
  text: z.string(),
  hidden: z.optional(z.boolean()),
  at: finite,
  traceId: z.optional(finite),
}) as z.ZodMiniType<SendRequest>;

const ConnectionError = z.object({
  kind: oneOf('network', 'http', 'status', 'malformed', 'socket', 'timeout', 'dead', 'policy'),
  message: z.string(),
  status: z.optional(finite),
  final: z.boolean(),
});

/** A member of a union with nothing besides its kind. */
export const Nothing = z.object({}) as z.ZodMiniType<object>;
export const StatusSchema = byKind('state', {
  idle: Nothing,
  connecting: Nothing,
  open: Nothing,
  offline: Nothing,
  reconnecting: z.object({ retryAt: z.optional(finite), error: z.optional(ConnectionError) }),
  error: z.object({ error: ConnectionError }),
});

export const StateSchema = z.object({
  threadId: z.string(),
  entries: z.array(EntrySchema),
  hasOlder: z.boolean(),
  stored: z.boolean(),
  readSeq: finite,
  typing: z.boolean(),
  status: StatusSchema,
  serviceError: z.optional(z.string()),
});
