// The REST API's error classes over real HTTP, default mode: 401 key, 404 route, 405 method, 413
// size, 415 type, each JSON with CORS; CORS on success; and the departures the default mode serves.
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../index.ts';
import { expectError, expectOk, KEY, restEmulator, text, tid, type Json } from '../../test/emulator/rest-client.ts';

describe('REST API, default mode', () => {
  let emu: RunningEmulator;
  const { rest, state } = restEmulator({}, { started: (started) => (emu = started) });

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
