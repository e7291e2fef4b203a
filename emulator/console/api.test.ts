// The REST calls the console makes, as a back end would make them.
import { describe, expect, it } from 'vitest';
import { ActionError, createConsoleApi, createRestApi } from './api.ts';
import { fakeFetch, SETTINGS } from '../../test/emulator/console-fakes.ts';

const ok = () => ({ body: { status: 'ok' } });

describe('REST API', () => {
  it('replies as a moderator with the key, the agent name and picture', async () => {
    const t = fakeFetch({ 'POST /parley-emulator/rest/v1/messages/a%2Fb': ok });
    const rest = createRestApi(() => SETTINGS, t.fetch);
    await rest.reply('a/b', 'Hello', { name: 'Ada', picture: 'https://example.test/ada.png' });
    expect(t.calls[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'test-key', 'Content-Type': 'application/json' },
      body: {
        payload: {
          type: 'text',
          speech: 'Hello',
          originator: { name: 'Ada', role: 'moderator', profile: { picture: 'https://example.test/ada.png' } },
        },
      },
    });
  });

  it('sends no picture when the agent has none', async () => {
    const t = fakeFetch({ 'POST /parley-emulator/rest/v1/messages/t1': ok });
    await createRestApi(() => SETTINGS, t.fetch).reply('t1', 'Hi', { name: 'Ada', picture: '' });
    expect((t.calls[0]!.body as { payload: { originator: unknown } }).payload.originator).toEqual({
      name: 'Ada',
      role: 'moderator',
      profile: {},
    });
  });

  it('hands over (with or without secondsToPause), resolves, pauses and resumes', async () => {
    const t = fakeFetch({
      'POST /parley-emulator/rest/v1/handover/t1': ok,
      'POST /parley-emulator/rest/v1/resolve/t1': ok,
      'POST /parley-emulator/rest/v1/pause/t1': ok,
      'DELETE /parley-emulator/rest/v1/pause/t1': ok,
    });
    const rest = createRestApi(() => SETTINGS, t.fetch);
    await rest.handover('t1');
    await rest.handover('t1', 60);
    await rest.resolve('t1');
    await rest.pause('t1');
    await rest.resume('t1');
    expect(t.calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/parley-emulator/rest/v1/handover/t1', {}],
      ['POST', '/parley-emulator/rest/v1/handover/t1', { secondsToPause: 60 }],
      ['POST', '/parley-emulator/rest/v1/resolve/t1', {}],
      ['POST', '/parley-emulator/rest/v1/pause/t1', {}],
      ['DELETE', '/parley-emulator/rest/v1/pause/t1', {}],
    ]);
    expect(t.calls.every((call) => call.headers.Authorization === 'test-key')).toBe(true);
  });

  it('lists and triggers events', async () => {
    const t = fakeFetch({
      'GET /parley-emulator/rest/v1/trigger/event?sync=true': () => ({
        body: { status: 'ok', result: { items: ['welcome', 'handover'] } },
      }),
      'POST /parley-emulator/rest/v1/trigger/event/t1?eventName=say%20hi': ok,
    });
    const rest = createRestApi(() => SETTINGS, t.fetch);
    expect(await rest.listEvents()).toEqual(['welcome', 'handover']);
    await rest.triggerEvent('t1', 'say hi');
    expect(t.calls[1]).toMatchObject({ method: 'POST', body: {} });
  });

  it('turns error answers, non-JSON answers and network failures into ActionErrors with words', async () => {
    const rest = (fetchFn: Parameters<typeof createRestApi>[1]) => createRestApi(() => SETTINGS, fetchFn);
    const refused = fakeFetch({
      'POST /parley-emulator/rest/v1/resolve/t1': () => ({ status: 409, body: { status: 'error', message: 'already resolved' } }),
    });
    await expect(rest(refused.fetch).resolve('t1')).rejects.toMatchObject({ message: 'already resolved', status: 409 });
    await expect(rest(refused.fetch).resolve('t1')).rejects.toBeInstanceOf(ActionError);
    const notOk = fakeFetch({ 'POST /parley-emulator/rest/v1/pause/t1': () => ({ body: { status: 'nope' } }) });
    await expect(rest(notOk.fetch).pause('t1')).rejects.toThrow('HTTP 200');
    await expect(rest(async () => new Response('<html>', { status: 502 })).pause('t1')).rejects.toThrow(/502 without JSON/);
    await expect(rest(async () => Promise.reject(new TypeError('Failed to fetch'))).pause('t1')).rejects.toThrow(
      /did not answer \(Failed to fetch\)/,
    );
    await expect(createRestApi(() => undefined, refused.fetch).pause('t1')).rejects.toThrow(/not loaded/);
  });
});

describe('console API', () => {
  it('reads state and threads relative to the page, and puts the webhook URL', async () => {
    const t = fakeFetch({
      'GET api/state': () => ({ body: { settings: SETTINGS, threads: [], webhooks: [] } }),
      'GET api/threads/a%7Cb': () => ({ body: { thread: {}, transcript: [] } }),
      'PUT api/webhook': (call) => ({ body: { status: 'ok', settings: { ...SETTINGS, webhookUrl: (call.body as { url: string }).url } } }),
    });
    const api = createConsoleApi(t.fetch);
    expect((await api.state()).settings).toEqual(SETTINGS);
    await api.thread('a|b');
    expect((await api.setWebhookUrl('http://x.test/')).webhookUrl).toBe('http://x.test/');
    expect(t.calls[2]!.body).toEqual({ url: 'http://x.test/' });
    await expect(api.thread('gone')).rejects.toMatchObject({ status: 404 });
  });
});
