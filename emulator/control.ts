// The control API tests use to steer the mock: `{prefix}/__control/<verb>`, JSON in and out.
// Bodies are validated strictly too, so a typo in a test fails loudly instead of doing nothing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { describeIssues } from './frames.ts';
import { readJson, sendError, sendJson } from './http.ts';
import type { MockCore } from './service.ts';

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
    headerPrefix: z.string().regex(/^[A-Za-z0-9-]+$/).optional(),
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

export async function handleControl(core: MockCore, req: IncomingMessage, res: ServerResponse, verb: string, url: URL): Promise<void> {
  try {
    if (verb === 'state' || verb === 'received') {
      if (req.method !== 'GET') return sendError(req, res, 405, `use GET for ${verb}`);
      if (verb === 'state') return sendJson(req, res, 200, core.state());
      const threadId = url.searchParams.get('threadId');
      const sessionId = url.searchParams.get('sessionId');
      return sendJson(
        req,
        res,
        200,
        core.received.filter((e) => (threadId === null || e.threadId === threadId) && (sessionId === null || e.sessionId === sessionId)),
      );
    }
    if (!(verb in bodies)) return sendError(req, res, 404, `unknown control verb "${verb}"`);
    if (req.method !== 'POST') return sendError(req, res, 405, `use POST for ${verb}`);
    let json: unknown;
    try {
      json = await readJson(req);
    } catch (err) {
      return sendError(req, res, 400, (err as Error).message);
    }
    const parsed = bodies[verb as Verb].safeParse(json);
    if (!parsed.success) return sendError(req, res, 400, `invalid ${verb} body: ${describeIssues(parsed.error, '')}`);
    sendJson(req, res, 200, { status: 'ok', ...apply(core, verb as Verb, parsed.data) });
  } catch (err) {
    if (!res.headersSent) sendError(req, res, 500, `control error: ${(err as Error).message}`);
  }
}

function apply(core: MockCore, verb: Verb, body: unknown): Record<string, unknown> {
  switch (verb) {
    case 'reset':
      core.reset();
      return {};
    case 'config':
      core.setConfig(body as z.infer<typeof bodies.config>);
      return { config: core.config };
    case 'drop': {
      const b = body as z.infer<typeof bodies.drop>;
      const targets = core
        .openSockets()
        .filter((s) => (b.threadId === undefined || s.threads.has(b.threadId)) && (b.sessionId === undefined || s.sessionId === b.sessionId));
      for (const s of targets) {
        if (b.terminate) s.ws.terminate();
        else s.ws.close(b.code ?? 1001, b.reason ?? 'dropped by mock');
      }
      return { dropped: targets.length };
    }
    case 'address': {
      const b = body as z.infer<typeof bodies.address>;
      const o = core.overrides;
      // Each call states its status; an omitted one means 500, not the previous call's.
      if (b.fail !== undefined) o.failStatus = b.status ?? 500;
      else if (b.status !== undefined) o.failStatus = b.status;
      if (b.fail !== undefined) o.fail = b.fail;
      if (b.refuse !== undefined) o.refuse = b.refuse;
      if (b.networkError !== undefined) o.networkError = b.networkError;
      return { overrides: o };
    }
    case 'replies':
      core.setReplies(body as z.infer<typeof bodies.replies>);
      return { replies: { ...core.replies, held: core.heldCount } };
    case 'blackhole':
      return { affected: core.setBlackhole((body as { on: boolean }).on) };
    case 'push': {
      const b = body as z.infer<typeof bodies.push>;
      const targets = (b.threadId === undefined ? core.openSockets() : core.threadSockets(b.threadId)).filter(
        (s) => b.sessionId === undefined || s.sessionId === b.sessionId,
      );
      let sent = 0;
      for (const s of targets) {
        if (b.raws) {
          for (const raw of b.raws) if (core.send(s, undefined, raw, b.binary)) sent++;
        } else if (core.send(s, b.frame, b.raw, b.binary)) sent++;
      }
      return { sent };
    }
  }
}
