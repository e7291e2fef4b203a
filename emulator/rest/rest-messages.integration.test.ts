// The REST API's POST messages (spec 4.3) over real HTTP, default mode: text, event, location and
// media payloads, sync and writeConcern, the 255-character limit, a 400 naming each broken field,
// and a moderator's message pausing the bot.
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, moderatorText, restEmulator, sleep, text, tid, type Json } from '../../test/emulator/rest-client.ts';

/** An `external` image message body, its MIME type under the spelling (or spellings) given. */
const image = (mime: Record<string, string>) => ({
  payload: { type: 'media', originator: { name: 'Ann', role: 'external' }, mediaType: 'image', url: 'https://example.com/a.png', ...mime },
});

describe('REST API, default mode', () => {
  const { rest, received, webhook } = restEmulator();

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
      const media = await rest('POST', `messages/${t}`, { body: image({ [spelling]: 'image/png' }) });
      expectOk(media);
    }
    const both = await rest('POST', `messages/${t}`, { body: image({ mimeType: 'image/png', mimetype: 'image/png' }) });
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
});
