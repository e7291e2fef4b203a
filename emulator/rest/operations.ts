// Every operation of the REST messaging API (spec 4.3-4.5) and the management API (4.6) as the
// OpenAPI document shows it: the schemas the emulator checks requests with (spec/rest-schemas.ts),
// the answers (spec/rest-answers.ts), the errors, and example requests the round-trip test sends.
// endpoints.ts's routes are typed from this table, so a route without an entry (or an entry
// without a route) does not compile.
import * as answers from '../spec/rest-answers.ts';
import * as requests from '../spec/rest-schemas.ts';
import { Flow } from '../flows/flow-file.ts';
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'DELETE';

/** One example request: its parameters (path and query) and body, by the name the document gives it. */
export interface Example {
  summary: string;
  params?: Record<string, string>;
  body?: unknown;
}

export interface Operation {
  operationId: string;
  summary: string;
  /** Spec section, decisions, what goes to the webhook instead. */
  description: string;
  query?: z.ZodObject;
  body?: { schema: z.ZodType; name: string; required: boolean };
  /** The 200 answers: `{status: ok}` (the result goes to the webhook) and the sync one. */
  answers: Array<{ schema: z.ZodType; name: string }>;
  /** Statuses besides 200 and those of every operation (400, 401, 405, 414); a body adds 413 and 415. */
  errors: Array<404>;
  /** What its 404 means, when it has one. */
  notFound?: string;
  examples: Record<string, Example>;
}

const OK = { schema: answers.OkAnswer, name: 'OkAnswer' };
const EMPTY_BODY = { schema: requests.EmptyBody, name: 'EmptyBody', required: false };
const THREAD = 'th_docs_example';
const UNKNOWN_THREAD = 'no thread of this id';
const originator = { name: 'Ada Lovelace', role: 'external' };

/** The path's own operations: a state change of the path's thread (spec 4.4). */
function control(operationId: string, summary: string, description: string, body = EMPTY_BODY): Operation {
  return {
    operationId,
    summary,
    description,
    query: requests.SyncQuery,
    body,
    answers: [OK],
    errors: [404],
    notFound: UNKNOWN_THREAD,
    examples: { [operationId]: { summary, params: { threadId: THREAD }, body: {} } },
  };
}

/** A GET whose answer goes to the webhook as `event`, or comes back at once with `sync=true`. */
function asking(operationId: string, summary: string, event: string, sync: Operation['answers'][number]): Operation {
  return {
    operationId,
    summary,
    description: `Without \`sync=true\` the answer is \`{status: "ok"}\` and the result goes to the webhook as event \`${event}\` (spec 4.4, 6.2).`,
    query: requests.SyncQuery,
    answers: [sync, OK],
    errors: [],
    examples: {
      [`${operationId}Sync`]: { summary: 'at once', params: { sync: 'true' } },
      [operationId]: { summary: 'to the webhook', params: { sync: 'false' } },
    },
  };
}

export const REST_OPERATIONS = {
  'messages/:threadId': {
    POST: {
      operationId: 'sendMessage',
      summary: 'Send a message to a thread (spec 4.3)',
      description:
        'The bot (or the human agent, after a handover) answers at the webhook as event `message`; with `sync=true` the reply (spec 2.6) comes back at once. `text` is taken for `speech` and `mimetype` for `mimeType`; giving both spellings is refused. A thread is made by its first message.',
      query: requests.SendMessageQuery,
      body: { schema: requests.SendMessageBody, name: 'SendMessageBody', required: true },
      answers: [{ schema: answers.SyncReplyAnswer, name: 'SyncReplyAnswer' }, OK],
      errors: [],
      examples: {
        sendText: { summary: 'a text', params: { threadId: THREAD }, body: { payload: { type: 'text', speech: 'Hello', originator } } },
        sendTextSync: {
          summary: 'a text, the reply at once',
          params: { threadId: THREAD, sync: 'true' },
          body: { payload: { type: 'text', speech: 'What are your opening hours?', originator, traceId: 1 } },
        },
        sendEvent: {
          summary: 'an event',
          params: { threadId: THREAD },
          body: { payload: { type: 'event', eventName: 'welcome', lang: 'en', originator } },
        },
        sendLocation: {
          summary: 'a location',
          params: { threadId: THREAD },
          body: { payload: { type: 'location', lat: '48.8566', long: '2.3522', title: 'Paris', originator } },
        },
        sendMedia: {
          summary: 'an image',
          params: { threadId: THREAD },
          body: { payload: { type: 'media', mediaType: 'image', url: 'https://example.com/cat.png', mimeType: 'image/png', originator } },
        },
      },
    },
    GET: {
      operationId: 'getHistory',
      summary: "A thread's history, 20 entries a page (spec 4.4)",
      description:
        'Page 1 holds the newest 20 entries, oldest first. Without `sync=true` the answer is `{status: "ok"}` and the page goes to the webhook as event `history`.',
      query: requests.HistoryQuery,
      answers: [{ schema: answers.HistoryAnswer, name: 'HistoryAnswer' }, OK],
      errors: [404],
      notFound: UNKNOWN_THREAD,
      examples: {
        getHistorySync: { summary: 'at once', params: { threadId: THREAD, sync: 'true', page: '1' } },
        getHistory: { summary: 'to the webhook', params: { threadId: THREAD } },
      },
    },
  },
  threads: {
    GET: {
      ...asking('listThreads', 'The project’s threads, 20 a page (spec 4.4)', 'threads', {
        schema: answers.ThreadsAnswer,
        name: 'ThreadsAnswer',
      }),
      query: requests.ThreadsQuery,
      examples: {
        listThreadsSync: { summary: 'at once', params: { page: '1', sync: 'true' } },
        listThreads: { summary: 'to the webhook', params: { page: '1' } },
      },
    },
  },
  'handover/:threadId': {
    POST: control(
      'handover',
      'Hand the thread over to a human agent (spec 4.4)',
      'The bot pauses for `secondsToPause` seconds (at most 7 days), or the dashboard default (spec 8).',
      { schema: requests.HandoverBody, name: 'HandoverBody', required: false },
    ),
  },
  'takeover/:threadId': {
    POST: {
      ...control('takeover', 'Take the thread over (deprecated, spec 4.4, 9)', 'Deprecated by the service; kept as it answers.'),
      deprecated: true,
    },
  },
  'resolve/:threadId': {
    POST: control('resolve', 'Resolve the thread (spec 4.4)', 'The conversation is over; the bot answers the next message.'),
  },
  'pause/:threadId': {
    POST: control('pause', 'Pause the bot on the thread (spec 4.4)', 'The bot stays quiet until resumed.'),
    DELETE: control('resume', 'Resume the bot on the thread (spec 4.4)', 'The bot answers again.'),
    GET: {
      ...asking('isPaused', 'Whether the bot is paused on the thread (spec 4.4)', 'isPaused', {
        schema: answers.PauseStateAnswer,
        name: 'PauseStateAnswer',
      }),
      errors: [404],
      notFound: UNKNOWN_THREAD,
      examples: {
        isPausedSync: { summary: 'at once', params: { threadId: THREAD, sync: 'true' } },
        isPaused: { summary: 'to the webhook', params: { threadId: THREAD } },
      },
    },
  },
  'trigger/event': {
    GET: asking('listTriggerEvents', 'The events a back end may trigger (spec 4.4)', 'trigger.events', {
      schema: answers.TriggerEventsAnswer,
      name: 'TriggerEventsAnswer',
    }),
  },
  'trigger/event/:threadId': {
    POST: {
      ...control(
        'triggerEvent',
        'Trigger an event on the thread (spec 4.4)',
        'Runs the flow step of `eventName`, as if the visitor had sent it.',
      ),
      query: requests.TriggerEventQuery,
      notFound: 'no thread of this id, or no event of this name can be triggered',
      examples: { triggerEvent: { summary: 'the welcome', params: { threadId: THREAD, eventName: 'welcome' }, body: {} } },
    },
  },
  businesshours: {
    GET: asking('getBusinessHours', 'The business hours (spec 2.8, 4.4)', 'businessHours', {
      schema: answers.BusinessHoursAnswer,
      name: 'BusinessHoursAnswer',
    }),
  },
  'broadcast/instant': {
    POST: {
      operationId: 'broadcast',
      summary: 'Send a text or an event to a list of people on a channel (spec 4.5)',
      description: 'Recorded by the emulator (the console shows it); nothing leaves it. A phone channel wants E.164 numbers.',
      body: { schema: requests.BroadcastBody, name: 'BroadcastBody', required: true },
      answers: [OK],
      errors: [],
      examples: {
        broadcast: {
          summary: 'an SMS',
          body: {
            audience: [{ name: 'Ada Lovelace', phoneNumber: '+14155550123' }],
            channel: { channelName: 'sms', externalId: '+14155550100' },
            payload: { type: 'text', speech: 'Your order has shipped.' },
          },
        },
      },
    },
  },
  'broadcast/instant/segment': {
    POST: {
      operationId: 'broadcastToSegments',
      summary: 'Trigger a message for audience segments (spec 4.5)',
      description: 'Segments are named by `name` (their title) or `id` (their audienceId); GET broadcast/segments lists them.',
      body: { schema: requests.SegmentBroadcastBody, name: 'SegmentBroadcastBody', required: true },
      answers: [OK],
      errors: [404],
      notFound: 'no segment of this name or id',
      examples: {
        broadcastToSegments: {
          summary: 'an event to the newsletter segment',
          body: { audience: [{ id: 'seg_newsletter' }], payload: { type: 'event', eventName: 'welcome' } },
        },
      },
    },
  },
  'broadcast/segments': {
    GET: asking('listSegments', 'The audience segments (spec 2.9, 4.5)', 'segments', {
      schema: answers.SegmentsAnswer,
      name: 'SegmentsAnswer',
    }),
  },
} satisfies Record<string, Partial<Record<Method, Operation & { deprecated?: boolean }>>>;

/** Spec 4.6: the project's flows; its heading also shows `/flows/list`, which is served too. */
export const MANAGEMENT_OPERATION: Operation = {
  operationId: 'listFlows',
  summary: "A project's flows (spec 4.6)",
  description:
    'The flows of the emulator’s flows file whose `projectId` is the path’s (a flow without one belongs to every project), `skip` then at most `limit` of them.',
  query: z.strictObject({
    limit: z.string().regex(/^\d+$/).optional().meta({ description: 'at most this many flows' }),
    skip: z.string().regex(/^\d+$/).optional().meta({ description: 'flows to leave out first' }),
  }),
  answers: [{ schema: z.array(Flow), name: 'FlowList' }],
  errors: [404],
  notFound: 'no project of this id in the flows file',
  examples: {
    listFlows: { summary: 'the first two', params: { projectId: 'parley-demo', limit: '2' } },
  },
};
