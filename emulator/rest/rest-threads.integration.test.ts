// The REST API's thread endpoints (spec 4.4) over real HTTP, default mode: a thread's history and
// the thread list, page by page; handover, takeover, resolve and pause; events; business hours.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../index.ts';
import { expectError, expectOk, moderatorText, restEmulator, text, tid, type Json } from '../../test/emulator/rest-client.ts';

describe('REST API, default mode', () => {
  let emu: RunningEmulator;
  const { rest, received, webhook } = restEmulator({}, { started: (started) => (emu = started) });

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
});
