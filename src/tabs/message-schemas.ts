// Schemas of the messages between tabs (channel.ts), one per kind of op, command and event. A
// message on the channel may come from a script of the page or from another version of Parley:
// it passes these as a frame passes its schema, and what the tab uses is what they return. The
// entries in it are checked as stored ones are (record-schemas.ts), rich content included.
import * as z from 'zod/mini';
import { EntrySchema, Nothing, RequestSchema, StateSchema, StatusSchema } from '../store/record-schemas.ts';
import { ReceivedPayload, type ReceivedMessageDetail } from '../protocol/frames.ts';
import { byKind, finite, oneOf } from '../protocol/kinds.ts';

const Entries = z.object({ entries: z.array(EntrySchema) });
const Ids = z.object({ ids: z.array(z.string()) });
const TraceId = z.object({ traceId: finite });
const Seq = z.object({ seq: finite });

const OpSchema = byKind('op', {
  state: z.object({ state: StateSchema }),
  put: Entries,
  remove: Ids,
  saved: Ids,
  typing: z.object({ on: z.boolean() }),
  status: z.object({ status: StatusSchema }),
  error: z.object({ message: z.optional(z.string()) }),
  read: Seq,
});

const CommandSchema = byKind('name', {
  send: z.object({ request: RequestSchema }),
  connect: Nothing,
  retry: TraceId,
  discard: TraceId,
  adopt: Entries,
  retryNow: Nothing,
  dismissError: Nothing,
  reset: Nothing,
  forget: Nothing,
  read: Seq,
});

const EventSchema = byKind('type', {
  // Checked, but passed on as it came: the page sees every field the service sent.
  message: z.object({ detail: z.custom<ReceivedMessageDetail>((detail) => ReceivedPayload.safeParse(detail).success) }),
  delivered: z.object({ detail: TraceId }),
  error: z.object({ detail: z.object({ message: z.string(), source: oneOf('service', 'connection', 'config') }) }),
});

/** A message of this version of the protocol (its envelope, `v` and `from`, is checked before). */
export const TabMessageSchema = byKind('type', {
  hello: Nothing,
  op: z.object({ op: OpSchema, n: finite, epoch: finite }),
  event: z.object({ event: EventSchema }),
  command: z.object({ command: CommandSchema }),
  beat: z.object({ epoch: finite, n: finite }),
  forgotten: Nothing,
});
