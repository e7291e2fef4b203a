// The control API tests use to steer the emulator: `{base}/__control/<verb>`, JSON in and out.
// Bodies are validated strictly too, so a typo in a test fails loudly instead of doing nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import { z } from 'zod';
import type { BoundedList } from './safety/bounded.ts';
import type { Conversations } from './conversations/conversations.ts';
import type { DropNotices } from './safety/drops.ts';
import type { EmulatorLog } from './core/log.ts';
import type { ResolvedOptions } from './core/options.ts';
import type { Broadcast } from './rest/endpoints.ts';
import type { AddressConfig, AddressDesk } from './socket/address.ts';
import type { SocketHub } from './socket/sockets.ts';
import type { ThreadStore } from './threads/threads.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.ts';
import type { WebhookReceiver } from './webhooks/receiver.ts';
import { HttpError, readJson, sendError, sendJson } from './core/http.ts';
import { describeIssues } from './socket/frames.ts';
import { answerResend } from './webhooks/resend.ts';

/** A control body's most: a frame past the widget's 4 MiB limit fits, so a test can push one. */
const MAX_CONTROL_BODY_BYTES = 8_000_000;

const count = z.number().int().nonnegative();
const closeCode = z
  .number()
  .int()
  .refine((c) => c === 1000 || (c >= 1001 && c <= 1014 && ![1004, 1005, 1006].includes(c)) || (c >= 3000 && c <= 4999), {
    message: 'code must be a valid close code (1000-1014 except 1004-1006, or 3000-4999); use terminate for an abrupt drop',
  });

const bodies = {
  reset: z.strictObject({}),
  config: z.strictObject({
    tokenTtlMs: count.optional(),
    idleTimeoutMs: count.optional(),
    headerPrefix: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/)
      .optional(),
    rotateSecret: z.boolean().optional(),
  }),
  drop: z.strictObject({
    threadId: z.string().optional(),
    sessionId: z.string().optional(),
    code: closeCode.optional(),
    reason: z.string().max(123).optional(),
    terminate: z.boolean().optional(),
  }),
  address: z.strictObject({
    fail: count.optional(),
    status: z.number().int().min(400).max(599).optional(),
    refuse: count.optional(),
    networkError: count.optional(),
  }),
  replies: z.strictObject({ hold: z.boolean().optional(), delayMs: count.optional() }),
  blackhole: z.strictObject({ on: z.boolean() }),
  refuse: z.strictObject({ sends: count, message: z.string().min(1).max(2_000).optional() }),
  push: z
    .strictObject({
      threadId: z.string().optional(),
      sessionId: z.string().optional(),
      frame: z.unknown().optional(),
      raw: z.string().optional(),
      // Many raw frames in one call, in order (hostile-frame tests push thousands).
      raws: z.array(z.string()).min(1).optional(),
      // Send raw / raws as binary frames instead of text.
      binary: z.boolean().optional(),
    })
    .refine((b) => [b.frame, b.raw, b.raws].filter((x) => x !== undefined).length === 1, {
      message: 'give exactly one of frame, raw or raws',
    })
    .refine((b) => !b.binary || b.frame === undefined, { message: 'binary applies to raw or raws only' }),
};
type Verb = keyof typeof bodies;

/** Socket settings tests may change at run time (control API `config`). */
export interface SocketConfig extends AddressConfig {
  idleTimeoutMs: number;
}

/** What the control API reaches of an emulator (emulator.ts hands it over; declared here, so neither file imports the other's values). */
export interface EmulatorControl {
  options: ResolvedOptions;
  config: SocketConfig;
  desk: AddressDesk;
  sockets: SocketHub;
  conversations: Conversations;
  threads: ThreadStore;
  webhooks: WebhookDispatcher;
  receiver: WebhookReceiver;
  broadcasts: BoundedList<Broadcast>;
  /** The next valid message.send frames refused with an `error` frame (control `refuse`). */
  refusals: { sends: number; message: string };
  log: EmulatorLog;
  drops: DropNotices;
  reset(): void;
}

export async function handleControl(
  core: EmulatorControl,
  req: IncomingMessage,
  res: ServerResponse,
  verb: string,
  url: URL,
): Promise<void> {
  try {
    if (verb === 'state' || verb === 'received' || verb === 'memory') {
      if (req.method !== 'GET') return sendError(req, res, 405, `use GET for ${verb}`);
      if (verb === 'state') return sendJson(req, res, 200, state(core));
      if (verb === 'memory') return sendJson(req, res, 200, memory(core));
      const threadId = url.searchParams.get('threadId');
      const sessionId = url.searchParams.get('sessionId');
      return sendJson(
        req,
        res,
        200,
        core.sockets.received.filter(
          (e) => (threadId === null || e.threadId === threadId) && (sessionId === null || e.sessionId === sessionId),
        ),
      );
    }
    // A delivery's event sent again now (webhooks/resend.ts; the console's Resend is the same call).
    const resend = /^webhooks\/([^/]+)\/resend$/.exec(verb);
    if (resend) {
      if (req.method === 'POST') return await answerResend(req, res, resend[1]!, core.webhooks.resend);
      res.setHeader('Allow', 'POST');
      return sendError(req, res, 405, 'use POST for webhooks/:deliveryId/resend');
    }
    if (!(verb in bodies)) return sendError(req, res, 404, `unknown control verb "${verb}"`);
    if (req.method !== 'POST') return sendError(req, res, 405, `use POST for ${verb}`);
    let json: unknown;
    try {
      // Tests post with fetch's text/plain default, and push frames past the widget's 4 MiB limit.
      json = await readJson(req, { requireJsonType: false, maxBytes: MAX_CONTROL_BODY_BYTES });
    } catch (err) {
      return sendError(req, res, err instanceof HttpError ? err.status : 400, (err as Error).message);
    }
    const parsed = bodies[verb as Verb].safeParse(json);
    if (!parsed.success) return sendError(req, res, 400, `invalid ${verb} body: ${describeIssues(parsed.error, '')}`);
    sendJson(req, res, 200, { status: 'ok', ...apply(core, verb as Verb, parsed.data) });
  } catch (err) {
    if (!res.headersSent) sendError(req, res, 500, `control error: ${(err as Error).message}`);
  }
}

function apply(core: EmulatorControl, verb: Verb, body: unknown): Record<string, unknown> {
  switch (verb) {
    case 'reset':
      core.reset();
      return {};
    case 'config': {
      const { headerPrefix, ...times } = body as z.infer<typeof bodies.config>;
      // Only what the call names changes: a key given as undefined by zod is no change.
      const given = Object.fromEntries(Object.entries(times).filter(([, value]) => value !== undefined));
      Object.assign(core.config, given, headerPrefix === undefined ? {} : { headerPrefix: headerPrefix.toLowerCase() });
      // A new idle limit applies to open sockets at once (from their last frame).
      if (times.idleTimeoutMs !== undefined) core.sockets.rearmIdle();
      return { config: core.config };
    }
    case 'drop': {
      const { threadId, sessionId, ...how } = body as z.infer<typeof bodies.drop>;
      return { dropped: core.sockets.drop({ threadId, sessionId }, how) };
    }
    case 'address':
      core.desk.inject(body as z.infer<typeof bodies.address>);
      return { overrides: core.desk.overrides };
    case 'replies':
      core.conversations.setReplies(body as z.infer<typeof bodies.replies>);
      return { replies: core.conversations.replies };
    case 'blackhole':
      return { affected: core.sockets.setBlackhole((body as { on: boolean }).on) };
    case 'refuse': {
      const b = body as z.infer<typeof bodies.refuse>;
      core.refusals.sends = b.sends;
      if (b.message !== undefined) core.refusals.message = b.message;
      return { refusals: { ...core.refusals } };
    }
    case 'push': {
      const b = body as z.infer<typeof bodies.push>;
      const targets = (b.threadId === undefined ? core.sockets.openSockets() : core.sockets.threadSockets(b.threadId)).filter(
        (s) => b.sessionId === undefined || s.sessionId === b.sessionId,
      );
      let sent = 0;
      for (const s of targets) {
        if (b.raws) {
          for (const raw of b.raws) if (core.sockets.send(s, undefined, raw, b.binary)) sent++;
        } else if (core.sockets.send(s, b.frame, b.raw, b.binary)) sent++;
      }
      return { sent };
    }
  }
}

/**
 * The process's memory (after a full garbage collection when node runs with --expose-gc, e.g.
 * NODE_OPTIONS=--expose-gc) and what the bounded parts keep: for the memory tests (issue 27).
 */
function memory(core: EmulatorControl): unknown {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const webhooks = core.webhooks.kept();
  return {
    status: 'ok',
    gc: gc !== undefined,
    pid: process.pid,
    memory: process.memoryUsage(),
    kept: {
      ...core.sockets.kept(),
      ...core.desk.kept(),
      ...core.threads.kept(),
      ...webhooks,
      receiver: core.receiver.kept(),
      broadcasts: core.broadcasts.kept(),
    },
    webhooksUnsettled: webhooks.webhookQueue.count,
    dropped: core.drops.list(),
  };
}

/** Everything a test may want to assert on, as JSON. */
function state(core: EmulatorControl) {
  const { sockets, conversations, threads } = core;
  return {
    config: core.config,
    addressRequests: core.desk.requests,
    connections: sockets.sockets.map((s) => ({
      sessionId: s.sessionId,
      token: s.token,
      clientId: s.clientId,
      mode: s.mode,
      ...(s.threadId !== undefined ? { threadId: s.threadId } : {}),
      threads: [...s.threads],
      openedAt: s.openedAt,
      ...(s.closedAt !== undefined ? { closedAt: s.closedAt, closeCode: s.closeCode, closeReason: s.closeReason } : {}),
      blackholed: s.blackholed,
      open: s.ws.readyState === WebSocket.OPEN,
    })),
    upgradeRefusals: sockets.upgradeRefusals,
    threads: threads.list().map((t) => ({
      threadId: t.threadId,
      ...(t.secret !== undefined ? { secret: t.secret } : {}),
      ...(t.lastStepId !== undefined ? { lastStepId: t.lastStepId } : {}),
      botPaused: t.conversation.bot.state === 'paused',
    })),
    openSockets: sockets.openSockets().length,
    replies: conversations.replies,
    refusals: core.refusals,
    overrides: core.desk.overrides,
    departures: core.log.departures(),
    broadcasts: core.broadcasts.toArray(),
  };
}

/** What `GET __control/state` answers (the e2e support reads it with this type). */
export type ControlState = ReturnType<typeof state>;
