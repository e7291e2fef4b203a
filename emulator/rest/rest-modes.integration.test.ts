// The REST API over real HTTP with the emulator's options: strict mode refuses what the default
// mode serves and serves what the spec shows; a dashboard-configured handover pause ends by itself.
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, KEY, restEmulator, text, tid } from '../../test/emulator/rest-client.ts';

describe('REST API, strict mode', () => {
  const { rest, state } = restEmulator({ strict: true });

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

describe('REST API, a short dashboard-configured handover pause', () => {
  const { rest, webhook } = restEmulator({ handoverPauseSeconds: 0.3 }, { reset: false });

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
