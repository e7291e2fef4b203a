// The REST endpoints of spec 4.3-4.5, each a few lines over the conversation core. Without
// `sync=true` an asking call answers `{status: ok}` and its result goes to the webhook (spec 4.4).
import type { ControlAction, Conversations } from '../conversations/conversations.ts';
import { triggerableEvents, type Flow } from '../flows/flows.ts';
import type { ThreadStore } from '../threads/threads.ts';
import { bareThreadId } from '../threads/threads.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { BUSINESS_HOURS, findSegment, SEGMENTS } from './fixtures.ts';
import { historyPage, threadsPage } from './history.ts';
import type { RestHandler, RestRequest } from './router.ts';
import type { REST_OPERATIONS } from './operations.ts';
import * as schemas from '../spec/rest-schemas.ts';

/** A REST broadcast as recorded. */
export interface Broadcast {
  at: number;
  kind: 'instant' | 'segment';
  body: unknown;
}

export interface EndpointDeps {
  conversations: Conversations;
  threads: ThreadStore;
  webhooks: WebhookDispatcher;
  flows: () => Flow[];
  /** Broadcasts are recorded here (nothing leaves the emulator: there is no SMS network). */
  broadcasts: { push(broadcast: Broadcast): void };
  now: () => number;
}

/** Answers with the result (sync) or sends it to the webhook as `event`. */
function delivererTo(webhooks: WebhookDispatcher) {
  return (
    r: RestRequest,
    sync: boolean,
    event: string,
    result: Record<string, unknown>,
    syncShape: (x: Record<string, unknown>) => Record<string, unknown> = (x) => ({ result: x }),
  ) => {
    if (sync) return r.ok(syncShape(result));
    webhooks.emit(event, result);
    r.ok();
  };
}

/** A handover, pause, resume or resolve of the path's thread, as the conversation core rules. */
function controlEndpoint(conversations: Conversations) {
  return (action: ControlAction) => async (r: RestRequest) => {
    const body = action === 'handover' ? await r.body(schemas.parseHandoverBody) : await r.body(schemas.parseEmptyBody);
    if (!body || !r.parseQuery(schemas.parseSyncQuery)) return;
    const seconds = (body as { secondsToPause?: number }).secondsToPause;
    const refusal = conversations.control(bareThreadId(r.param!), action, seconds);
    if (refusal) return r.fail(refusal.status, refusal.message);
    r.ok();
  };
}

/** The routes operations.ts documents, each method it lists and no other. */
type DocumentedRoutes = { [Path in keyof typeof REST_OPERATIONS]: { [M in keyof (typeof REST_OPERATIONS)[Path]]: RestHandler } };

export function restEndpoints(deps: EndpointDeps): DocumentedRoutes {
  const deliver = delivererTo(deps.webhooks);
  const knownThread = (r: RestRequest) => {
    const thread = deps.threads.get(bareThreadId(r.param!));
    if (!thread) r.fail(404, `unknown thread "${r.param}"`);
    return thread;
  };
  const control = controlEndpoint(deps.conversations);

  return {
    // 4.3: send a message; 4.4: its history.
    'messages/:threadId': {
      async POST(r) {
        const query = r.parseQuery(schemas.parseSendMessageQuery);
        if (!query) return;
        const body = await r.body(schemas.parseSendMessageBody);
        if (!body) return;
        const outcome = await deps.conversations.restMessage(bareThreadId(r.param!), body.payload, query);
        if (outcome.kind === 'refused') return r.fail(outcome.status, outcome.message);
        if (outcome.reply) return r.ok(outcome.reply);
        r.ok();
      },
      GET(r) {
        const query = r.parseQuery(schemas.parseHistoryQuery);
        if (!query) return;
        const thread = knownThread(r);
        if (thread) deliver(r, query.sync, 'history', historyPage(thread, query.page));
      },
    },
    threads: {
      GET(r) {
        const query = r.parseQuery(schemas.parseThreadsQuery);
        if (query) deliver(r, query.sync, 'threads', threadsPage(deps.threads.list(), query.page));
      },
    },
    'handover/:threadId': { POST: control('handover') },
    'takeover/:threadId': { POST: control('takeover') },
    'resolve/:threadId': { POST: control('resolve') },
    'pause/:threadId': {
      POST: control('pause'),
      DELETE: control('resume'),
      GET(r) {
        const query = r.parseQuery(schemas.parseSyncQuery);
        const thread = query && knownThread(r);
        if (!thread) return;
        const isPaused = thread.conversation.bot.state === 'paused';
        if (query.sync) return r.ok({ isPaued: isPaused, threadId: thread.threadId }); // spelled so in spec 4.4
        deps.webhooks.emit('isPaused', { threadId: thread.threadId, isPaused });
        r.ok();
      },
    },
    'trigger/event': {
      GET(r) {
        const query = r.parseQuery(schemas.parseSyncQuery);
        if (query) deliver(r, query.sync, 'trigger.events', { items: triggerableEvents(deps.flows()) });
      },
    },
    'trigger/event/:threadId': {
      async POST(r) {
        const query = r.parseQuery(schemas.parseTriggerEventQuery);
        if (!query || !(await r.body(schemas.parseEmptyBody))) return;
        const known = triggerableEvents(deps.flows());
        if (!known.includes(query.eventName)) {
          return r.fail(404, `eventName: no event "${query.eventName}" can be triggered (known: ${known.join(', ')})`);
        }
        const refusal = deps.conversations.triggerEvent(bareThreadId(r.param!), query.eventName);
        if (refusal) return r.fail(refusal.status, refusal.message);
        r.ok();
      },
    },
    businesshours: {
      GET(r) {
        const query = r.parseQuery(schemas.parseSyncQuery);
        if (query) deliver(r, query.sync, 'businessHours', { businessHours: BUSINESS_HOURS }, (x) => x);
      },
    },
    'broadcast/instant': {
      async POST(r) {
        const body = await r.body(schemas.parseBroadcastBody);
        if (!body) return;
        deps.broadcasts.push({ at: deps.now(), kind: 'instant', body });
        r.ok();
      },
    },
    'broadcast/instant/segment': {
      async POST(r) {
        const body = await r.body(schemas.parseSegmentBroadcastBody);
        if (!body) return;
        const unknown = body.audience.findIndex((ref) => !findSegment(ref));
        if (unknown >= 0) {
          return r.fail(
            404,
            `audience.${unknown}: no segment ${JSON.stringify(body.audience[unknown])} (GET broadcast/segments lists them)`,
          );
        }
        deps.broadcasts.push({ at: deps.now(), kind: 'segment', body });
        r.ok();
      },
    },
    'broadcast/segments': {
      GET(r) {
        const query = r.parseQuery(schemas.parseSyncQuery);
        if (query) deliver(r, query.sync, 'segments', { segments: SEGMENTS }, (x) => x);
      },
    },
  };
}
