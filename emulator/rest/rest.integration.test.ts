// The REST messaging API (spec 4.3-4.5) over real HTTP: the emulator on a free port, real fetch,
// webhooks delivered to the built-in receiver. Every endpoint, success and each error class
// (401 key, 400 field, 404 route or thread, 405 method, 413 size, 415 type), default and strict.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEY = 'rest-test-key';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

interface RestOptions {
  body?: unknown;
  /** Sent as is (no JSON.stringify). */
  raw?: string;
  headers?: Record<string, string>;
  /** `null`: no Authorization header. */
  auth?: string | null;
}

function client(emu: () => RunningEmulator) {
  async function rest(method: string, path: string, o: RestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (o.auth !== null) headers.authorization = o.auth ?? KEY;
    if (o.body !== undefined || o.raw !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, o.headers);
    const res = await fetch(`${emu().url}/rest/v1/${path}`, {
      method,
      headers,
      ...(o.raw !== undefined ? { body: o.raw } : o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    const text = await res.text();
    let body: Json;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: answer is not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** The webhook events the built-in receiver got, oldest first, bodies only. */
  async function received(type?: string): Promise<Json[]> {
    const res = await fetch(`${emu().url}/receiver${type ? `?type=${encodeURIComponent(type)}` : ''}`);
    const json = (await res.json()) as Json;
    return json.received.map((r: Json) => r.body);
  }

  /** Polls the receiver until `count` events match (the dispatcher delivers asynchronously). */
  async function webhook(pred: (body: Json) => boolean, count = 1, timeoutMs = 2000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = await received();
      const hits = all.filter(pred);
      if (hits.length >= count) return hits;
      if (Date.now() > deadline)
        throw new Error(
          `webhook not received within ${timeoutMs} ms; the receiver has ${JSON.stringify(all.map((b) => [b.type, b.threadId]))}`,
        );
      await sleep(25);
    }
  }

  async function state(): Promise<Json> {
    return (await fetch(`${emu().url}/__control/state`)).json();
  }

  return { rest, received, webhook, state };
}

/** An `external` text message body. */
const text = (speech: string, extra: Record<string, unknown> = {}) => ({
  payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, speech, ...extra },
});
const moderatorText = (speech: string) => ({ payload: { type: 'text', originator: { name: 'Sam', role: 'moderator' }, speech } });
const tid = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

/** An error answer: JSON, status not ok, a message in words, CORS. */
function expectError(answer: Answer, status: number, field?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
  expect(answer.body.status).not.toBe('ok');
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message).toMatch(/[a-z]{2,} [a-z]{2,}/i); // words, not a code
  if (field !== undefined) {
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toContain(field);
  }
}

function expectOk(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('ok');
  expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
}

// =============================================================================================

describe('REST API, default mode', () => {
  let emu: RunningEmulator;
  const { rest, received, webhook, state } = client(() => emu);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, apiKey: KEY });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
  });

  // ------------------------------------------------------------------ 4.3 messages POST

  it('POST messages (text, async): {status: ok}; the bot answer reaches the webhook as `message`', async () => {
    const t = tid();
    const answer = await rest('POST', `messages/${t}`, { body: text('pricing') });
    expectOk(answer);
    expect(answer.body).toEqual({ status: 'ok' });
    const [hook] = await webhook((b) => b.type === 'message' && b.threadId === t);
    expect(hook).toMatchObject({ type: 'message', verifyToken: 'parley-verify-token', threadId: t, originator: { role: 'bot' } });
    expect(typeof hook.id).toBe('string');
    expect(new Date(hook.createdAt).toISOString()).toBe(hook.createdAt);
    expect(hook.messages[0].fallback).toMatch(/two plans/);
    expect(hook.messages[0].step.stepId).toBe('pricing');
  });

  it('POST messages?sync=true returns the 2.6 shape with the reply', async () => {
    const t = tid();
    const answer = await rest('POST', `messages/${t}?sync=true`, {
      body: text('opening hours', { traceId: 7, metadata: { language: 'en', timezone: 1 } }),
    });
    expectOk(answer);
    const r = answer.body;
    for (const key of [
      'status',
      'activityId',
      'agentId',
      'channelId',
      'channelName',
      'threadId',
      'messages',
      'sentiment',
      'accuracy',
      'originator',
      'traceId',
      'createdAt',
      'replyTo',
      'user',
      'metadata',
      'connectionKey',
    ]) {
      expect(r, key).toHaveProperty(key);
    }
    expect(r.threadId).toBe(t);
    expect(r.traceId).toBe('7'); // a string in this reply
    expect(typeof r.sentiment).toBe('number');
    expect(typeof r.accuracy).toBe('number');
    expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);
    expect(r.replyTo).toBe('opening hours');
    expect(r.user).toMatchObject({ name: 'Ann', role: 'user' }); // the sender as the service shows senders
    expect(r.metadata).toHaveProperty('params');
    expect(r.messages).toHaveLength(1);
    const m = r.messages[0];
    expect(m.fallback).toMatch(/Monday to Friday/);
    expect(m).toMatchObject({ intents: ['Opening hours'], entities: [], slot: false, contexts: [], actions: ['TEXT'] });
    expect(m.flow).toMatchObject({ flowId: expect.any(String), title: expect.any(String), group: expect.any(String), metadata: [] });
    expect(typeof m.meta.createdAt).toBe('number');
    expect(m.meta).toMatchObject({
      msgId: expect.any(String),
      prevMsgId: expect.any(String),
      childMsgId: null,
      prevChildMsgId: null,
      keepTyping: false,
    });
    // The visitor's message comes back in the history with role user (spec 2.3's received roles).
    const history = (await rest('GET', `messages/${t}?sync=true`)).body.result.history;
    expect(history[0].originator).toMatchObject({ name: 'Ann', role: 'user' });
    expect(history[1].originator).toMatchObject({ role: 'bot', userId: 'bot' });
    // Nothing went to the webhook as `message` for a sync call.
    await sleep(100);
    expect((await received('message')).filter((b) => b.threadId === t)).toEqual([]);
  });

  it('POST messages?sync=true: delays do not work, so a delayed step comes back whole at once', async () => {
    const t = tid();
    const started = Date.now();
    const answer = await rest('POST', `messages/${t}?sync=true`, { body: text('where is my order') });
    expect(Date.now() - started).toBeLessThan(1500);
    expectOk(answer);
    expect(answer.body.messages.map((m: Json) => m.fallback)).toEqual([
      'Let me look that up...',
      'Your order #1042 shipped yesterday and arrives tomorrow.',
    ]);
  });

  it('POST messages?writeConcern=true answers once the delayed replies have gone out', async () => {
    const t = tid();
    const started = Date.now();
    const answer = await rest('POST', `messages/${t}?writeConcern=true`, { body: text('where is my order') });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400); // the flow's 2.5 s wait
    expect(answer.body).toEqual({ status: 'ok' });
    // Both replies are in the transcript when the answer comes.
    const history = await rest('GET', `messages/${t}?sync=true`);
    const fallbacks = history.body.result.history.flatMap((h: Json) => h.messages.map((m: Json) => m.fallback));
    expect(fallbacks).toEqual(['where is my order', 'Let me look that up...', 'Your order #1042 shipped yesterday and arrives tomorrow.']);
    await webhook((b) => b.type === 'message' && b.threadId === t, 2);
  });

  it('POST messages without writeConcern answers at once, the delayed reply follows on the webhook', async () => {
    const t = tid();
    const started = Date.now();
    expectOk(await rest('POST', `messages/${t}`, { body: text('where is my order') }));
    expect(Date.now() - started).toBeLessThan(1000);
    await webhook((b) => b.type === 'message' && b.threadId === t, 1);
    expect((await received('message')).filter((b) => b.threadId === t)).toHaveLength(1); // the second is 2.5 s away
  });

  it('POST messages: event, location and media payloads (both mimeType spellings)', async () => {
    const t = tid();
    const event = await rest('POST', `messages/${t}?sync=true`, {
      body: {
        payload: {
          type: 'event',
          originator: { name: 'Ann', role: 'external' },
          eventName: 'welcome',
          lang: 'en',
          timezone: 2,
          params: { source: [{ value: 'test' }] },
        },
      },
    });
    expectOk(event);
    expect(event.body.messages[0].fallback).toMatch(/Parley Bot/);
    expect(event.body.messages[0].params.event).toEqual([{ type: 'custom', value: { name: 'welcome' } }]);

    const location = await rest('POST', `messages/${t}?sync=true`, {
      body: {
        payload: { type: 'location', originator: { name: 'Ann', role: 'external' }, lat: '48.8566', long: '2.3522', title: 'Paris' },
      },
    });
    expectOk(location);
    expect(location.body.replyTo).toBe('Paris');

    for (const spelling of ['mimeType', 'mimetype']) {
      const media = await rest('POST', `messages/${t}`, {
        body: {
          payload: {
            type: 'media',
            originator: { name: 'Ann', role: 'external' },
            mediaType: 'image',
            url: 'https://example.com/a.png',
            [spelling]: 'image/png',
          },
        },
      });
      expectOk(media);
    }
    const both = await rest('POST', `messages/${t}`, {
      body: {
        payload: {
          type: 'media',
          originator: { name: 'Ann', role: 'external' },
          mediaType: 'image',
          url: 'https://example.com/a.png',
          mimeType: 'image/png',
          mimetype: 'image/png',
        },
      },
    });
    expectError(both, 400, 'payload.mimetype');

    // The argument list names a text message's text `text`, the examples `speech`: both are taken.
    const named = await rest('POST', `messages/${t}?sync=true`, {
      body: { payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, text: 'opening hours' } },
    });
    expectOk(named);
    expect(named.body.messages[0].fallback).toMatch(/Monday to Friday/);
    expectError(
      await rest('POST', `messages/${t}`, {
        body: { payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, speech: 'a', text: 'b' } },
      }),
      400,
      'payload.text',
    );
    expectError(
      await rest('POST', `messages/${t}`, { body: { payload: { type: 'text', originator: { name: 'Ann', role: 'external' } } } }),
      400,
      'payload.speech',
    );
    expectError(
      await rest('POST', `messages/${t}`, {
        body: { payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, text: 'x'.repeat(256) } },
      }),
      400,
      'payload.text',
    );

    const badLat = await rest('POST', `messages/${t}`, {
      body: { payload: { type: 'location', originator: { name: 'Ann', role: 'external' }, lat: 48.8, long: '2.3' } },
    });
    expectError(badLat, 400, 'payload.lat');
    const badUrl = await rest('POST', `messages/${t}`, {
      body: { payload: { type: 'media', originator: { name: 'Ann', role: 'external' }, mediaType: 'image', url: 'ftp://x' } },
    });
    expectError(badUrl, 400, 'payload.url');
  });

  it('POST messages: 255 characters at most, an emoji counting once', async () => {
    const t = tid();
    const emoji = '😀'.repeat(255); // 510 UTF-16 units, 255 characters
    expectOk(await rest('POST', `messages/${t}`, { body: text(emoji) }));
    expectOk(await rest('POST', `messages/${t}`, { body: text('a'.repeat(255)) }));
    const long = await rest('POST', `messages/${t}`, { body: text(`${'😀'.repeat(255)}a`) });
    expectError(long, 400, 'payload.speech');
    expect(long.body.message).toMatch(/255/);
    expect(long.body.message).toMatch(/256/);
    expectError(await rest('POST', `messages/${t}`, { body: text('   ') }), 400, 'payload.speech');
  });

  it('POST messages: 400 naming the field for each broken part of the body and query', async () => {
    const t = tid();
    expectError(await rest('POST', `messages/${t}`, { body: {} }), 400, 'payload');
    expectError(await rest('POST', `messages/${t}`, { body: { payload: { type: 'text', speech: 'hi' } } }), 400, 'payload.originator');
    expectError(
      await rest('POST', `messages/${t}`, { body: { payload: { type: 'text', originator: { name: 'Ann', role: 'user' }, speech: 'hi' } } }),
      400,
      'payload.originator.role',
    );
    expectError(
      await rest('POST', `messages/${t}`, { body: { payload: { type: 'video', originator: { name: 'Ann', role: 'external' } } } }),
      400,
      'payload.type',
    );
    expectError(
      await rest('POST', `messages/${t}`, { body: text('hi', { metadata: { language: 'en-US' } }) }),
      400,
      'payload.metadata.language',
    );
    expectError(await rest('POST', `messages/${t}`, { body: text('hi', { traceId: 1.5 }) }), 400, 'payload.traceId');
    expectError(await rest('POST', `messages/${t}?sync=yes`, { body: text('hi') }), 400, 'sync');
    expectError(await rest('POST', `messages/${t}?sync=true&sync=false`, { body: text('hi') }), 400, 'sync');
    expectError(await rest('POST', `messages/${t}`, { raw: '{"payload": ' }), 400);
    expectError(await rest('POST', `messages/${t}`, { raw: '[1,2]' }), 400, 'body');
    // Nothing of it reached the thread.
    expectError(await rest('GET', `messages/${t}?sync=true`), 404);
  });

  it('a moderator message pauses the bot (paused webhook); the bot stays silent after it', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expectOk(await rest('POST', `messages/${t}`, { body: moderatorText('Hi, I am Sam from support.') }));
    const paused = await rest('GET', `pause/${t}?sync=true`);
    expect(paused.body).toEqual({ status: 'ok', isPaued: true, threadId: t });
    const [hook] = await webhook((b) => b.type === 'paused' && b.threadId === t);
    expect(hook).toMatchObject({ reason: 'moderator', status: 'open' });
    const silent = await rest('POST', `messages/${t}?sync=true`, { body: text('pricing') });
    expectOk(silent);
    expect(silent.body.messages).toEqual([]);
    // A moderator cannot send an event.
    const event = await rest('POST', `messages/${t}`, {
      body: { payload: { type: 'event', originator: { name: 'Sam', role: 'moderator' }, eventName: 'welcome' } },
    });
    expectError(event, 400);
    expect(event.body.message).toMatch(/trigger\/event/);
  });

  // ------------------------------------------------------------------ 4.4 history, threads

  it('GET messages: 20 entries per page, newest page first; page and pages; sync and webhook', async () => {
    const t = tid();
    for (let i = 0; i < 11; i++) expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text(`hello ${i}`) })); // 22 entries
    const first = await rest('GET', `messages/${t}?sync=true`);
    expectOk(first);
    expect(first.body.result).toMatchObject({ threadId: t, page: 1, pages: 2 });
    expect(first.body.result.history).toHaveLength(20);
    const item = first.body.result.history[0];
    expect(item).toHaveProperty('originator');
    for (const key of ['fallback', 'contexts', 'params', 'intents', 'createdAt', 'responses'])
      expect(item.messages[0], key).toHaveProperty(key);
    // Page 1 ends with the newest entry, the bot's answer to "hello 10".
    expect(first.body.result.history.at(-1).messages[0].replyTo).toBe('hello 10');
    const second = await rest('GET', `messages/${t}?sync=true&page=2`);
    expect(second.body.result).toMatchObject({ page: 2, pages: 2 });
    expect(second.body.result.history.map((h: Json) => h.messages[0].fallback)[0]).toBe('hello 0');
    expect(second.body.result.history).toHaveLength(2);
    const past = await rest('GET', `messages/${t}?sync=true&page=3`);
    expect(past.body.result).toMatchObject({ history: [], page: 3, pages: 2 });
    expectError(await rest('GET', `messages/${t}?sync=true&page=0`), 400, 'page');
    expectError(await rest('GET', `messages/${t}?page=two`), 400, 'page');

    const async = await rest('GET', `messages/${t}?page=2`);
    expect(async.body).toEqual({ status: 'ok' });
    const [hook] = await webhook((b) => b.type === 'history' && b.threadId === t);
    expect(hook).toMatchObject({ page: 2, pages: 2 });
    expect(hook.history).toHaveLength(2);
  });

  it('GET messages of an unknown thread: 404 naming it', async () => {
    const answer = await rest('GET', 'messages/never-seen?sync=true');
    expectError(answer, 404);
    expect(answer.body.message).toContain('never-seen');
  });

  it('GET threads: `<id>|o_<org>` ids, 20 per page, page a string; listed ids work in paths', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => `list-${String(i).padStart(2, '0')}-${randomUUID().slice(0, 4)}`);
    for (const id of ids) expectOk(await rest('POST', `messages/${id}`, { body: moderatorText('hello') }));
    const first = await rest('GET', 'threads?page=1&sync=true');
    expectOk(first);
    expect(first.body.result).toMatchObject({ page: '1', pages: 2 });
    expect(first.body.result.threads).toHaveLength(20);
    for (const listed of first.body.result.threads) expect(listed).toMatch(/^list-\d\d-[0-9a-f]{4}\|o_[^|]+$/);
    // Most recently active first.
    expect(first.body.result.threads[0]).toMatch(new RegExp(`^${ids[20]}\\|o_`));
    const second = await rest('GET', 'threads?page=2&sync=true');
    expect(second.body.result).toMatchObject({ page: '2', pages: 2 });
    expect(second.body.result.threads).toEqual([expect.stringMatching(new RegExp(`^${ids[0]}\\|o_`))]);

    // A listed id names the thread in any path.
    const listed = first.body.result.threads[0] as string;
    const history = await rest('GET', `messages/${encodeURIComponent(listed)}?sync=true`);
    expectOk(history);
    expect(history.body.result.threadId).toBe(ids[20]);

    expect(await rest('GET', 'threads?page=1')).toMatchObject({ body: { status: 'ok' } });
    const [hook] = await webhook((b) => b.type === 'threads');
    expect(hook).toMatchObject({ page: '1', pages: 2 });
    expect(hook.threads).toHaveLength(20);
    expectError(await rest('GET', 'threads?page=-1&sync=true'), 400, 'page');
  });

  // ------------------------------------------------------------------ 4.4 state control

  it('POST handover: secondsToPause, and the dashboard default (1800 s) without it', async () => {
    const a = tid('a');
    const b = tid('b');
    for (const t of [a, b]) expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    const before = Date.now();
    expect((await rest('POST', `handover/${a}`, { body: { secondsToPause: 60 } })).body).toEqual({ status: 'ok' });
    expectOk(await rest('POST', `handover/${b}`)); // no body at all
    const [pa] = await webhook((x) => x.type === 'paused' && x.threadId === a);
    const [pb] = await webhook((x) => x.type === 'paused' && x.threadId === b);
    expect(pa).toMatchObject({ status: 'handover', reason: 'handover' });
    const untilA = Date.parse(pa.until) - before;
    const untilB = Date.parse(pb.until) - before;
    expect(untilA).toBeGreaterThanOrEqual(59_000);
    expect(untilA).toBeLessThan(62_000);
    expect(untilB).toBeGreaterThanOrEqual(1_799_000);
    expect(untilB).toBeLessThan(1_802_000);
    expect((await rest('GET', `pause/${a}?sync=true`)).body.isPaued).toBe(true);
    expect((await rest('POST', `messages/${a}?sync=true`, { body: text('pricing') })).body.messages).toEqual([]);

    expectError(await rest('POST', `handover/${a}`, { body: { secondsToPause: 0 } }), 400, 'secondsToPause');
    expectError(await rest('POST', `handover/${a}`, { body: { secondsToPause: '60' } }), 400, 'secondsToPause');
    expectError(await rest('POST', `handover/${a}`, { body: { secondsToPause: 8 * 24 * 3600 } }), 400, 'secondsToPause');
    expectError(await rest('POST', 'handover/nobody'), 404);
  });

  it('a handover pause ends by itself: `resumed` arrives and the bot answers again', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expectOk(await rest('POST', `handover/${t}`, { body: { secondsToPause: 0.3 } }));
    expect((await rest('POST', `messages/${t}?sync=true`, { body: text('pricing') })).body.messages).toEqual([]);
    await webhook((b) => b.type === 'paused' && b.threadId === t);
    const [resumed] = await webhook((b) => b.type === 'resumed' && b.threadId === t);
    expect(resumed.status).toBe('handover'); // only resolve completes a handover
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(false);
    const again = await rest('POST', `messages/${t}?sync=true`, { body: text('pricing') });
    expect(again.body.messages[0].fallback).toMatch(/two plans/);
  });

  it('POST takeover: `takeover` then `paused`; the bot is paused', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expect((await rest('POST', `takeover/${t}`, { body: {} })).body).toEqual({ status: 'ok' });
    await webhook((b) => b.type === 'paused' && b.threadId === t);
    const types = (await received()).filter((b) => b.threadId === t).map((b) => b.type);
    expect(types.indexOf('takeover')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('takeover')).toBeLessThan(types.indexOf('paused'));
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(true);
    expectError(await rest('POST', 'takeover/nobody', { body: {} }), 404);
  });

  it('POST resolve: final; resumes the bot, tags control_state; a handover after it is 409', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expectOk(await rest('POST', `handover/${t}`, { body: { secondsToPause: 600 } }));
    expect((await rest('POST', `resolve/${t}`)).body).toEqual({ status: 'ok' });
    const [resumed] = await webhook((b) => b.type === 'resumed' && b.threadId === t);
    expect(resumed.status).toBe('resolved');
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(false);
    const consoleState = (await (await fetch(`${emu.url}/console/api/state`)).json()) as Json;
    const summary = consoleState.threads.find((x: Json) => x.threadId === t);
    expect(summary).toMatchObject({ status: 'resolved', tags: { control_state: 'resolved' } });

    const again = await rest('POST', `handover/${t}`);
    expectError(again, 409);
    expect(again.body.message).toMatch(/resolved/);
    expectOk(await rest('POST', `resolve/${t}`)); // resolving again changes nothing
    // A resolved thread still gets answers.
    expect((await rest('POST', `messages/${t}?sync=true`, { body: text('pricing') })).body.messages).toHaveLength(1);
    expectError(await rest('POST', 'resolve/nobody'), 404);
  });

  it('pause: POST pauses, DELETE resumes, GET tells (`isPaued`, spelled so; `isPaused` webhook)', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expect((await rest('GET', `pause/${t}?sync=true`)).body).toEqual({ status: 'ok', isPaued: false, threadId: t });
    expect((await rest('POST', `pause/${t}`, { body: {} })).body).toEqual({ status: 'ok' });
    expect((await rest('GET', `pause/${t}?sync=true`)).body).toEqual({ status: 'ok', isPaued: true, threadId: t });
    const [paused] = await webhook((b) => b.type === 'paused' && b.threadId === t);
    expect(paused.reason).toBe('pause');
    expect((await rest('GET', `pause/${t}`)).body).toEqual({ status: 'ok' });
    const [isPaused] = await webhook((b) => b.type === 'isPaused' && b.threadId === t);
    expect(isPaused.isPaused).toBe(true);
    expect((await rest('DELETE', `pause/${t}`, { body: {} })).body).toEqual({ status: 'ok' });
    await webhook((b) => b.type === 'resumed' && b.threadId === t);
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(false);
    expectOk(await rest('DELETE', `pause/${t}`)); // idempotent
    expectError(await rest('GET', 'pause/nobody?sync=true'), 404);
    expectError(await rest('POST', 'pause/nobody'), 404);
    expectError(await rest('POST', `pause/${t}`, { raw: '"pause"' }), 400, 'body');
  });

  // ------------------------------------------------------------------ 4.4 events, hours

  it('GET trigger/event lists the EVENT steps; sync and webhook', async () => {
    const sync = await rest('GET', 'trigger/event?sync=true');
    expectOk(sync);
    expect(sync.body.result.items).toEqual(expect.arrayContaining(['welcome', 'handover', 'show_card']));
    expect((await rest('GET', 'trigger/event')).body).toEqual({ status: 'ok' });
    const [hook] = await webhook((b) => b.type === 'trigger.events');
    expect(hook.items).toEqual(sync.body.result.items);
  });

  it('POST trigger/event/:threadId runs the event; unknown event 404, unknown thread 404, missing eventName 400', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expect((await rest('POST', `trigger/event/${t}?eventName=show_card`, { body: {} })).body).toEqual({ status: 'ok' });
    const [hook] = await webhook((b) => b.type === 'message' && b.threadId === t);
    expect(hook.messages[0].step.stepId).toBe('card-event');
    expect(hook.messages[0].responses[0].type).toBe('card');

    const unknownEvent = await rest('POST', `trigger/event/${t}?eventName=no_such_event`, { body: {} });
    expectError(unknownEvent, 404);
    expect(unknownEvent.body.message).toContain('no_such_event');
    const unknownThread = await rest('POST', 'trigger/event/nobody?eventName=welcome', { body: {} });
    expectError(unknownThread, 404);
    expect(unknownThread.body.message).toContain('nobody');
    expectError(await rest('POST', `trigger/event/${t}`, { body: {} }), 400, 'eventName');
    expectError(await rest('POST', `trigger/event/${t}?eventName=%20`, { body: {} }), 400, 'eventName');
  });

  it('GET businesshours: sync {status, businessHours}; webhook `businessHours`', async () => {
    const sync = await rest('GET', 'businesshours?sync=true');
    expectOk(sync);
    const hours = sync.body.businessHours;
    expect(Array.isArray(hours)).toBe(true);
    expect(hours[0]).toMatchObject({ label: expect.any(String), timezone: expect.any(String) });
    for (const day of hours[0].weekdays) for (const span of day.content) expect(span.from).toMatch(/^\d{1,2}:\d\d$/);
    for (const holiday of hours[0].holidays) expect(new Date(holiday.date).toISOString()).toBe(holiday.date);
    expect((await rest('GET', 'businesshours')).body).toEqual({ status: 'ok' });
    const [hook] = await webhook((b) => b.type === 'businessHours');
    expect(hook.businessHours).toEqual(hours);
  });

  // ------------------------------------------------------------------ 4.5 broadcast

  const recipient = { name: 'Ann', phoneNumber: '+14155550123' };
  const broadcast = (over: Record<string, unknown> = {}) => ({
    audience: [recipient, { name: 'Bob', identifier: 'user-42' }],
    channel: { channelName: 'sms', externalId: '+3197010203040' },
    payload: { type: 'text', speech: 'Our shop opens at 9.' },
    ...over,
  });

  it('POST broadcast/instant: recorded; E.164, the audience rule and channel names checked', async () => {
    expect((await rest('POST', 'broadcast/instant', { body: broadcast() })).body).toEqual({ status: 'ok' });
    expectOk(
      await rest('POST', 'broadcast/instant', {
        body: broadcast({ channel: { channelName: 'rbm', externalId: 'project-7' }, payload: { type: 'event', eventName: 'welcome' } }),
      }),
    );
    const recorded = (await state()).broadcasts;
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ kind: 'instant', body: { channel: { channelName: 'sms' } } });

    expectError(
      await rest('POST', 'broadcast/instant', { body: broadcast({ audience: [{ name: 'Ann', phoneNumber: '0612345678' }] }) }),
      400,
      'audience.0.phoneNumber',
    );
    const neither = await rest('POST', 'broadcast/instant', { body: broadcast({ audience: [recipient, { name: 'Bob' }] }) });
    expectError(neither, 400, 'audience.1.phoneNumber');
    expect(neither.body.message).toMatch(/identifier/);
    expectError(await rest('POST', 'broadcast/instant', { body: broadcast({ audience: [] }) }), 400, 'audience');
    expectError(
      await rest('POST', 'broadcast/instant', { body: broadcast({ audience: [{ phoneNumber: '+14155550123' }] }) }),
      400,
      'audience.0.name',
    );
    const channel = await rest('POST', 'broadcast/instant', { body: broadcast({ channel: { channelName: 'telegram', externalId: 'x' } }) });
    expectError(channel, 400, 'channel.channelName');
    expect(channel.body.message).toMatch(/rbm/);
    expectError(
      await rest('POST', 'broadcast/instant', { body: broadcast({ channel: { channelName: 'whatsapp', externalId: 'not-a-number' } }) }),
      400,
      'channel.externalId',
    );
    expectError(await rest('POST', 'broadcast/instant', { body: broadcast({ payload: { type: 'event' } }) }), 400, 'payload.eventName');
    expectError(
      await rest('POST', 'broadcast/instant', { body: broadcast({ payload: { type: 'text', speech: 'x'.repeat(256) } }) }),
      400,
      'payload.speech',
    );
    expect((await state()).broadcasts).toHaveLength(2);
  });

  it('POST broadcast/instant/segment: by name or id; an unknown segment is 404', async () => {
    expectOk(
      await rest('POST', 'broadcast/instant/segment', {
        body: { audience: [{ name: 'VIP customers' }, { id: 'seg_newsletter' }], payload: { type: 'text', speech: 'Hello' } },
      }),
    );
    expectOk(
      await rest('POST', 'broadcast/instant/segment', {
        body: { audience: [{ id: 'seg_vip', name: 'VIP customers' }], payload: { type: 'location', lat: '52.37' } },
      }),
    );
    const unknown = await rest('POST', 'broadcast/instant/segment', {
      body: { audience: [{ id: 'seg_vip' }, { name: 'Nobody' }], payload: { type: 'event', eventName: 'welcome' } },
    });
    expectError(unknown, 404);
    expect(unknown.body.message).toMatch(/audience\.1/);
    expectError(
      await rest('POST', 'broadcast/instant/segment', { body: { audience: [{}], payload: { type: 'text', speech: 'x' } } }),
      400,
      'audience.0.name',
    );
    expectError(
      await rest('POST', 'broadcast/instant/segment', { body: { audience: [{ id: 'seg_vip' }], payload: { type: 'media' } } }),
      400,
      'payload.url',
    );
    expect((await state()).broadcasts.map((b: Json) => b.kind)).toEqual(['segment', 'segment']);
  });

  it('GET broadcast/segments: sync {status, segments}; webhook `segments`', async () => {
    const sync = await rest('GET', 'broadcast/segments?sync=true');
    expectOk(sync);
    expect(sync.body.segments.length).toBeGreaterThan(0);
    for (const s of sync.body.segments) {
      for (const key of [
        'agentId',
        'audienceId',
        'channels',
        'conditions',
        'contact',
        'createdAfterCondition',
        'createdBeforeCondition',
        'createdAt',
        'updatedAt',
        'importCondition',
        'title',
        'type',
      ]) {
        expect(s, key).toHaveProperty(key);
      }
      expect(s.type).toBe('segment');
    }
    expectOk(await rest('GET', 'broadcast/segments'));
    const [hook] = await webhook((b) => b.type === 'segments');
    expect(hook.segments).toEqual(sync.body.segments);
  });

  // ------------------------------------------------------------------ error classes

  it('401: no key, a wrong key, the management key; each JSON with CORS', async () => {
    const t = tid();
    expectError(await rest('POST', `messages/${t}`, { body: text('hi'), auth: null }), 401);
    expectError(await rest('GET', 'threads?page=1', { auth: 'wrong-key' }), 401);
    expectError(await rest('GET', 'businesshours', { auth: `Bearer ${emu.managementKey}` }), 401);
    const withOrigin = await rest('GET', 'broadcast/segments', { auth: null, headers: { origin: 'https://shop.example' } });
    expectError(withOrigin, 401);
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(withOrigin.body.message).toMatch(/Authorization/);
  });

  it('404: an unknown route, with or without a key', async () => {
    for (const path of ['nothing', 'messages', 'messages/a/b', 'broadcast']) {
      const answer = await rest('GET', path);
      expectError(answer, 404);
      expect(answer.body.message).toMatch(/no such/);
    }
    expectError(await rest('GET', 'nothing', { auth: null }), 404);
  });

  it('405: a method the route does not take, with Allow', async () => {
    const t = tid();
    const put = await rest('PUT', `messages/${t}`, { body: text('hi') });
    expectError(put, 405);
    expect(put.headers.get('allow')).toBe('POST, GET');
    expectError(await rest('DELETE', 'threads?page=1'), 405);
    expectError(await rest('POST', 'businesshours'), 405);
    expectError(await rest('GET', 'broadcast/instant'), 405);
    expectError(await rest('PATCH', `pause/${t}`), 405);
  });

  it('413: a body over 1 MB', async () => {
    const t = tid();
    const big = JSON.stringify(text('x'.repeat(1_100_000)));
    const answer = await rest('POST', `messages/${t}`, { raw: big });
    expectError(answer, 413);
    expect(answer.body.message).toMatch(/too large/);
  });

  it("the control API takes a body of up to 8 MB (a frame past the widget's 4 MiB limit), not more", async () => {
    const push = (size: number) =>
      fetch(`${emu.url}/__control/push`, { method: 'POST', body: JSON.stringify({ threadId: tid(), raw: 'x'.repeat(size) }) });
    // Past the REST limit and the widget's own: taken (no socket is on that thread to get it).
    const fiveMb = await push(5_000_000);
    expect(fiveMb.status).toBe(200);
    const nineMb = await push(9_000_000);
    expect(nineMb.status).toBe(413);
    expect((await nineMb.json()).message).toMatch(/too large.*8000000/);
  });

  it('415: a body that is not declared JSON', async () => {
    const t = tid();
    const answer = await rest('POST', `messages/${t}`, { raw: JSON.stringify(text('hi')), headers: { 'content-type': 'text/plain' } });
    expectError(answer, 415);
    expect(answer.body.message).toMatch(/application\/json/);
    expectOk(
      await rest('POST', `messages/${t}`, {
        raw: JSON.stringify(text('hi')),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
  });

  it('CORS: success answers carry the header; a preflight is answered 204', async () => {
    const ok = await rest('GET', 'businesshours?sync=true', { headers: { origin: 'https://shop.example' } });
    expectOk(ok);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const preflight = await fetch(`${emu.url}/rest/v1/messages/x`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('default mode serves departures and logs each: Bearer key, unknown body key, threads without page', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello'), auth: `Bearer ${KEY}` }));
    const extra = await rest('POST', `messages/${t}?sync=true`, { body: text('pricing', { channel: 'web' }) });
    expectOk(extra);
    expect(extra.body.messages[0].fallback).toMatch(/two plans/);
    expectOk(await rest('POST', `handover/${t}`, { body: { secondsToPause: 60, reason: 'x' } }));
    expectOk(await rest('GET', `pause/${t}?sync=true&verbose=1`));
    const threads = await rest('GET', 'threads?sync=true');
    expect(threads.body.result.page).toBe('1');
    const departures = (await state()).departures.map((d: Json) => `${d.where}: ${d.what}`);
    expect(departures).toEqual([
      expect.stringMatching(/^rest: .*Bearer/),
      expect.stringMatching(/^rest: payload\.channel: not a field/),
      expect.stringMatching(/^rest: reason: not a field/),
      expect.stringMatching(/^rest: verbose: not a field/),
      expect.stringMatching(/^rest: page: missing/),
    ]);
  });
});

// =============================================================================================

describe('REST API, strict mode', () => {
  let emu: RunningEmulator;
  const { rest, state } = client(() => emu);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, apiKey: KEY, strict: true });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(() => {
    emu.reset();
  });

  it('refuses what the default mode serves: Bearer key 401, unknown keys 400 naming them, threads without page 400', async () => {
    const t = tid();
    const bearer = await rest('POST', `messages/${t}`, { body: text('hello'), auth: `Bearer ${KEY}` });
    expectError(bearer, 401);
    expect(bearer.body.message).toMatch(/Bearer/);
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expectError(await rest('POST', `messages/${t}`, { body: text('pricing', { channel: 'web' }) }), 400, 'payload.channel');
    expectError(await rest('POST', `messages/${t}`, { body: { ...text('pricing'), extra: true } }), 400, 'extra');
    expectError(await rest('POST', `handover/${t}`, { body: { secondsToPause: 60, reason: 'x' } }), 400, 'reason');
    expectError(await rest('GET', `pause/${t}?sync=true&verbose=1`), 400, 'verbose');
    expectError(await rest('GET', 'threads?sync=true'), 400, 'page');
    expect((await state()).departures).toEqual([]);
  });

  it('serves what the spec shows, as the default mode does', async () => {
    const t = tid();
    const answer = await rest('POST', `messages/${t}?sync=true`, {
      body: text('pricing', { traceId: 1, metadata: { language: 'en', timezone: 2, params: { plan: [{ value: 'pro', match: 'Pro' }] } } }),
    });
    expectOk(answer);
    expect(answer.body.messages[0].fallback).toMatch(/two plans/);
    expectOk(
      await rest('POST', `messages/${t}`, {
        body: {
          payload: {
            type: 'media',
            originator: { name: 'Ann', role: 'external' },
            mediaType: 'file',
            url: 'https://example.com/a.pdf',
            mimetype: 'application/pdf',
          },
        },
      }),
    );
    expectOk(
      await rest('POST', `messages/${t}`, {
        body: { payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, text: 'hello' } },
      }),
    );
    expect((await rest('GET', 'threads?page=1&sync=true')).body.result.threads).toEqual([expect.stringMatching(new RegExp(`^${t}\\|o_`))]);
  });
});

// =============================================================================================

describe('REST API, a short dashboard-configured handover pause', () => {
  let emu: RunningEmulator;
  const { rest, webhook } = client(() => emu);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, apiKey: KEY, handoverPauseSeconds: 0.3 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('a handover without secondsToPause pauses for handoverPauseSeconds, then the bot answers again', async () => {
    const t = tid();
    expectOk(await rest('POST', `messages/${t}?sync=true`, { body: text('hello') }));
    expectOk(await rest('POST', `handover/${t}`, { body: {} }));
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(true);
    await webhook((b) => b.type === 'paused' && b.threadId === t);
    await webhook((b) => b.type === 'resumed' && b.threadId === t);
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(false);
    expect((await rest('POST', `messages/${t}?sync=true`, { body: text('pricing') })).body.messages[0].fallback).toMatch(/two plans/);
  });

  it('the flow\'s own handover uses it too: "talk to a human" pauses, then the pause ends', async () => {
    const t = tid();
    const answer = await rest('POST', `messages/${t}?sync=true`, { body: text('talk to a human') });
    expect(answer.body.messages[0].fallback).toMatch(/colleague/);
    expect((await rest('GET', `pause/${t}?sync=true`)).body.isPaued).toBe(true);
    const [resumed] = await webhook((b) => b.type === 'resumed' && b.threadId === t);
    expect(resumed.status).toBe('handover');
  });
});
