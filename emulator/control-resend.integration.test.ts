// Webhook resend over real HTTP: the control API's `POST __control/webhooks/:deliveryId/resend`
// and the console's `POST console/api/webhooks/:deliveryId/resend` (one implementation), to the
// built-in receiver.
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, restEmulator, sleep, text, tid, type Json } from '../test/emulator/rest-client.ts';
import type { RunningEmulator } from './index.ts';

let emulator: RunningEmulator;
const { rest, received, webhook } = restEmulator({}, { started: (emu) => (emulator = emu) });

async function call(method: string, path: string, body?: string) {
  const res = await fetch(`${emulator.url}/${path}`, { method, ...(body !== undefined ? { body } : {}) });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

/** A `message` event for a new thread, once its delivery is in `state`. */
async function delivery(state: string): Promise<Json> {
  const threadId = tid();
  expectOk(await rest('POST', `messages/${threadId}`, { body: text('pricing') }));
  for (let tries = 0; ; tries++) {
    const { webhooks } = (await call('GET', 'console/api/state')).body;
    const found = webhooks.find((d: Json) => d.type === 'message' && d.body.threadId === threadId);
    if (found?.state === state) return found;
    if (tries > 100) throw new Error(`no message delivery ${state} for ${threadId}: ${JSON.stringify(found)}`);
    await sleep(20);
  }
}

describe('webhook resend, control API and console API', () => {
  it('control: 200 with the new attempt and the delivery; the receiver gets the same event twice', async () => {
    const delivered = await delivery('delivered');
    const answer = await call('POST', `__control/webhooks/${encodeURIComponent(delivered.id)}/resend`);
    expectOk(answer);
    expect(answer.body.attempt).toMatchObject({ status: 200, resend: true });
    expect(answer.body.delivery).toMatchObject({ id: delivered.id, state: 'delivered' });
    expect(answer.body.delivery.attempts).toHaveLength(2);
    expect(answer.body.delivery.attempts[1]).toEqual(answer.body.attempt);
    const twice = (await received()).filter((body) => body.id === delivered.id);
    expect(twice).toHaveLength(2);
    expect(twice[1]).toEqual(twice[0]);
    // `{}` is an empty body too.
    expectOk(await call('POST', `__control/webhooks/${delivered.id}/resend`, '{}'));
  });

  it('control: 404 naming an unknown id, 405 with Allow for another method, 400 for a body or a malformed id', async () => {
    const unknown = await call('POST', '__control/webhooks/evt_0_deadbeef/resend');
    expectError(unknown, 404);
    expect(unknown.body.message).toContain('"evt_0_deadbeef"');
    const get = await call('GET', '__control/webhooks/evt_0_deadbeef/resend');
    expectError(get, 405);
    expect(get.headers.get('allow')).toBe('POST');
    const delivered = await delivery('delivered');
    expectError(await call('POST', `__control/webhooks/${delivered.id}/resend`, '{"now":true}'), 400);
    expectError(await call('POST', '__control/webhooks/%E0%A4%A/resend'), 400);
    expect((await received()).filter((body) => body.id === delivered.id)).toHaveLength(1);
  });

  it('console: the same call; a retrying delivery resent stays retrying on its schedule', async () => {
    expectOk(await call('POST', 'receiver/fail', JSON.stringify({ count: 1 })));
    const retrying = await delivery('retrying');
    const answer = await call('POST', `console/api/webhooks/${encodeURIComponent(retrying.id)}/resend`);
    expectOk(answer);
    expect(answer.body.attempt).toMatchObject({ status: 200, resend: true });
    expect(answer.body.delivery).toMatchObject({ state: 'retrying', nextAttemptAt: retrying.nextAttemptAt });
    expect(answer.body.delivery.attempts.map((a: Json) => [a.status, a.resend ?? false])).toEqual([
      [500, false],
      [200, true],
    ]);
    await webhook((body) => body.id === retrying.id, 2);

    const unknown = await call('POST', 'console/api/webhooks/evt_0_deadbeef/resend');
    expectError(unknown, 404);
    expect(unknown.body.message).toContain('evt_0_deadbeef');
    const put = await call('PUT', `console/api/webhooks/${retrying.id}/resend`, '{}');
    expectError(put, 405);
    expect(put.headers.get('allow')).toBe('POST');
  });
});
