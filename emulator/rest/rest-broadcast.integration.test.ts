// The REST API's broadcasts (spec 4.5) over real HTTP, default mode: instant ones to numbers or
// identifiers (E.164, the audience rule, the channel names checked), to segments, and the segments.
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, restEmulator, type Json } from '../../test/emulator/rest-client.ts';

describe('REST API, default mode', () => {
  const { rest, webhook, state } = restEmulator();

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
});
