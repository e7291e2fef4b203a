// What the REST API answers (spec 2.5-2.9, 4.3-4.5, 7), as zod schemas: the OpenAPI document
// (rest/openapi.ts) shows them, and the round-trip test checks the running emulator's answers
// against that document. The emulator builds its answers in rest/ and conversations/; the shapes
// here are loose where the service's are (objects may carry more than the spec lists).
import { z } from 'zod';

/** Spec 7: success is HTTP 200 with `status` "ok". */
export const OkAnswer = z.strictObject({ status: z.literal('ok') });

/**
 * Spec 7 shows no error body. Decision: `{status: "error", message}`, the message naming the
 * problem; a field's problem (400) names it in `field` too, as a dotted path.
 */
export const ErrorAnswer = z.object({
  status: z.literal('error'),
  message: z.string().meta({ description: 'what is wrong, in words' }),
  field: z.string().optional().meta({ description: 'the field at fault, as a dotted path (payload.originator.name), on a 400' }),
});

/** Spec 2.3: a sender as the service shows it. */
const Sender = z.looseObject({ name: z.string(), role: z.string() });

/** Spec 2.5: a response template (text, quick replies, the rich ones of response-templates.md). */
const Response = z.looseObject({ type: z.string(), payload: z.unknown() });

/** Spec 2.6: the reply to `POST messages/:threadId?sync=true`. */
export const SyncReplyAnswer = z.looseObject({
  status: z.literal('ok'),
  activityId: z.string(),
  agentId: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  threadId: z.string(),
  messages: z.array(z.looseObject({ fallback: z.string().optional(), responses: z.array(Response) })),
  sentiment: z.number(),
  accuracy: z.number(),
  originator: Sender,
  traceId: z.string().meta({ description: 'the payload traceId as a string (spec 2.6), empty without one' }),
  createdAt: z.string(),
  replyTo: z.string(),
  user: Sender,
  metadata: z.looseObject({ params: z.record(z.string(), z.unknown()) }),
  connectionKey: z.string(),
});

/** Spec 2.7: one page of a thread's history. */
const HistoryItem = z.object({
  originator: Sender,
  messages: z.array(
    z.looseObject({
      fallback: z.string(),
      replyTo: z.string().optional(),
      contexts: z.array(z.unknown()),
      params: z.record(z.string(), z.unknown()),
      intents: z.array(z.unknown()),
      createdAt: z.string(),
      responses: z.array(Response),
    }),
  ),
});

export const HistoryAnswer = z.object({
  status: z.literal('ok'),
  result: z.object({ history: z.array(HistoryItem), threadId: z.string(), page: z.number(), pages: z.number() }),
});

export const ThreadsAnswer = z.object({
  status: z.literal('ok'),
  result: z.object({
    threads: z.array(z.string()).meta({ description: 'thread ids as `<id>|o_<org>` (spec 2.7)' }),
    page: z.string().meta({ description: 'a string here, as spec 4.4 shows it' }),
    pages: z.number(),
  }),
});

export const TriggerEventsAnswer = z.object({ status: z.literal('ok'), result: z.object({ items: z.array(z.string()) }) });

/** Spec 2.8. */
const BusinessHours = z.object({
  label: z.string(),
  timezone: z.string(),
  weekdays: z.array(z.object({ weekday: z.string(), content: z.array(z.object({ from: z.string(), to: z.string() })) })),
  holidays: z.array(z.object({ holiday: z.string(), date: z.string() })),
});

export const BusinessHoursAnswer = z.object({ status: z.literal('ok'), businessHours: z.array(BusinessHours) });

/** Spec 4.4: `isPaued`, spelled exactly so. */
export const PauseStateAnswer = z.object({ status: z.literal('ok'), isPaued: z.boolean(), threadId: z.string() });

/** Spec 2.9. */
const Segment = z.object({
  agentId: z.string(),
  audienceId: z.string(),
  channels: z.array(z.string()),
  conditions: z.array(z.object({ condition: z.string(), conditionValue: z.string() })),
  contact: z.string(),
  createdAfterCondition: z.string().nullable(),
  createdBeforeCondition: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  importCondition: z.string(),
  title: z.string(),
  type: z.literal('segment'),
});

export const SegmentsAnswer = z.object({ status: z.literal('ok'), segments: z.array(Segment) });
