// The headless client in real Chromium against the emulator over real sockets.
import { expect, test, type Page } from '@playwright/test';
import type { HarnessOptions } from './pages/client-harness.ts';
import { emulator } from './support/emulator.ts';

async function startClient(page: Page, options: HarnessOptions = {}): Promise<string> {
  if (!page.url().includes('/e2e/pages/client.html')) await page.goto('/e2e/pages/client.html');
  await page.waitForFunction(() => 'harness' in window);
  return page.evaluate((o) => window.harness.start(o), options);
}

const state = (page: Page) => page.evaluate(() => window.harness.state());
const entries = (page: Page) => page.evaluate(() => window.harness.entries());
const statuses = async (page: Page) =>
  (await entries(page)).flatMap((e) => (e.kind === 'user' && !e.hidden ? [`${e.text}:${e.status}`] : []));

async function connect(page: Page): Promise<void> {
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => state(page)).toBe('open');
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('plain mode: connects, sends, gets the delivery and the reply', async ({ page, request }) => {
  const threadId = await startClient(page);
  expect(await state(page)).toBe('idle');
  await connect(page);
  await page.evaluate(() => window.harness.send('hello'));
  await expect.poll(() => statuses(page)).toEqual(['hello:delivered']);
  await expect.poll(async () => (await entries(page)).some((e) => e.kind === 'received' && e.from === 'bot')).toBe(true);

  const { addressRequests, connections } = await emulator(request).state();
  expect(addressRequests).toHaveLength(1);
  expect(addressRequests[0]).toMatchObject({ mode: 'plain', clientId: 'e2e', status: 200 });
  expect(connections).toHaveLength(1);
  const [sent] = await emulator(request).sends(threadId);
  expect(sent).toMatchObject({ threadId, traceId: 1, speech: 'hello', originator: { role: 'external' } });
  expect(sent).not.toHaveProperty('nonce');
});

test('client-nonce mode: empty secret first, then the nonce in headers and messages', async ({ page, request }) => {
  const threadId = await startClient(page, { sdkUrl: '/parley-emulator/sdk' });
  await connect(page);
  await page.evaluate(() => window.harness.send('secret hello'));
  await expect.poll(() => statuses(page)).toEqual(['secret hello:delivered']);

  // A reconnect must present the thread's secret, or the emulator refuses it with 401.
  await emulator(request).control('drop', { terminate: true });
  await expect.poll(async () => (await emulator(request).state()).connections.filter((c) => !c.closedAt).length).toBe(1);
  await expect.poll(() => state(page)).toBe('open');
  await page.evaluate(() => window.harness.send('still me'));
  await expect.poll(() => statuses(page)).toEqual(['secret hello:delivered', 'still me:delivered']);

  const { addressRequests, threads } = await emulator(request).state();
  expect(addressRequests.map((r) => [r.mode, r.status])).toEqual([
    ['secret', 200],
    ['secret', 200],
  ]);
  const secret = threads.find((t) => t.threadId === threadId)?.secret;
  expect(secret).toBeTruthy();
  const sends = await emulator(request).sends(threadId);
  expect(sends.map((s) => s.nonce)).toEqual([secret, secret]);
});

test('an idle connection stays up through pings', async ({ page, request }) => {
  // The emulator closes a socket that has been silent for 3 s of real time; the page's clock is ours.
  await emulator(request).control('config', { idleTimeoutMs: 3_000 });
  await page.clock.install();
  await startClient(page);
  await connect(page);
  for (let i = 0; i < 6; i++) {
    await page.clock.runFor(25_000);
    await page.waitForTimeout(700);
  }
  expect(await state(page)).toBe('open');
  const { connections } = await emulator(request).state();
  expect(connections).toHaveLength(1);
  expect(connections[0]!.closedAt).toBeUndefined();
  const pings = (await emulator(request).received()).filter((f) => f.frame?.type === 'ping');
  expect(pings.length).toBeGreaterThanOrEqual(6);
});

test('a connection that answers nothing after a ping is replaced', async ({ page, request }) => {
  await page.clock.install();
  await startClient(page);
  await connect(page);
  await emulator(request).control('blackhole', { on: true });
  await page.clock.runFor(25_000); // the ping goes out, nothing comes back
  await page.waitForTimeout(300);
  await page.clock.runFor(10_000); // the pong deadline passes
  await page.clock.runFor(1_000); // the backoff (at most 0.5 s) passes
  await expect.poll(async () => (await emulator(request).state()).connections.length).toBe(2);
  await expect.poll(() => state(page)).toBe('open');
});

test('after the emulator drops the socket, the client reconnects with a new sessionId and address', async ({ page, request }) => {
  await startClient(page);
  await connect(page);
  await emulator(request).control('drop', { code: 1001, reason: 'going away' });
  await expect.poll(async () => (await emulator(request).state()).connections.length).toBe(2);
  await expect.poll(() => state(page)).toBe('open');
  const { addressRequests, connections } = await emulator(request).state();
  expect(new Set(addressRequests.map((r) => r.sessionId)).size).toBe(2);
  expect(new Set(connections.map((c) => c.token)).size).toBe(2);
  expect(connections[0]!.closedAt).toBeDefined();
});

test('failing address requests are retried with growing gaps', async ({ page, request }) => {
  await emulator(request).control('address', { fail: 3, status: 503 });
  await startClient(page, { jitter: 'max' });
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => state(page), { timeout: 10_000 }).toBe('open');
  const times = (await emulator(request).state()).addressRequests.map((r) => r.at);
  expect(times).toHaveLength(4);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  // Backoff ceilings 0.5 s, 1 s, 2 s, taken in full; allow for scheduling slack.
  expect(gaps[0]).toBeGreaterThanOrEqual(450);
  expect(gaps[1]).toBeGreaterThanOrEqual(950);
  expect(gaps[2]).toBeGreaterThanOrEqual(1_950);
  expect(gaps[1]! - gaps[0]!).toBeGreaterThan(300);
  expect(gaps[2]! - gaps[1]!).toBeGreaterThan(600);
});

test('401 from the address request is a clear error, not a retry loop', async ({ page, request }) => {
  await startClient(page, { clientId: 'no-such-client' });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => state(page)).toBe('error');
  await page.waitForTimeout(2_000);
  expect((await emulator(request).state()).addressRequests).toHaveLength(1);
  const status = await page.evaluate(() => window.harness.status());
  expect(status).toMatchObject({ state: 'error', error: { status: 401 } });
  expect(errors.join('\n')).toMatch(/401/);
});

test('messages sent while the service is down arrive once each, in order, after it recovers', async ({ page, request }) => {
  const threadId = await startClient(page, { jitter: 'max' });
  await connect(page);
  await emulator(request).control('address', { fail: 2, status: 500 });
  await emulator(request).control('drop', { terminate: true });
  await expect.poll(() => state(page)).toBe('reconnecting');
  for (const text of ['one', 'two', 'three']) await page.evaluate((t) => window.harness.send(t), text);
  expect(await statuses(page)).toEqual(['one:pending', 'two:pending', 'three:pending']);

  await expect.poll(() => statuses(page), { timeout: 10_000 }).toEqual(['one:delivered', 'two:delivered', 'three:delivered']);
  const sends = await emulator(request).sends(threadId);
  expect(sends.map((s) => [s.traceId, s.speech])).toEqual([
    [1, 'one'],
    [2, 'two'],
    [3, 'three'],
  ]);
});

test('messages typed while the browser is offline go out once when it is back', async ({ page, context, request }) => {
  const threadId = await startClient(page);
  await connect(page);
  await context.setOffline(true);
  await expect.poll(() => state(page)).toBe('offline');
  await page.evaluate(() => window.harness.send('written on the train'));
  await page.evaluate(() => window.harness.send('still in the tunnel'));
  await page.waitForTimeout(500);
  expect(await statuses(page)).toEqual(['written on the train:pending', 'still in the tunnel:pending']);
  await context.setOffline(false);
  await expect.poll(() => statuses(page)).toEqual(['written on the train:delivered', 'still in the tunnel:delivered']);
  expect((await emulator(request).sends(threadId)).map((s) => s.speech)).toEqual(['written on the train', 'still in the tunnel']);
});

test('a reload continues the same thread', async ({ page, request }) => {
  const threadId = await startClient(page);
  await connect(page);
  await page.evaluate(() => window.harness.send('before the reload'));
  await expect.poll(() => statuses(page)).toEqual(['before the reload:delivered']);
  await expect.poll(async () => (await entries(page)).filter((e) => e.kind === 'received').length).toBeGreaterThan(0);
  const before = await entries(page);

  await page.reload();
  expect(await startClient(page)).toBe(threadId);
  expect(await page.evaluate(() => window.harness.hadStoredThread())).toBe(true);
  expect((await entries(page)).map((e) => e.text)).toEqual(before.map((e) => e.text));
  await connect(page);
  await page.evaluate(() => window.harness.send('after the reload'));
  await expect.poll(() => statuses(page)).toEqual(['before the reload:delivered', 'after the reload:delivered']);
  const sends = await emulator(request).sends(threadId);
  expect(sends.map((s) => [s.threadId, s.traceId])).toEqual([
    [threadId, 1],
    [threadId, 2],
  ]);
});

test('malformed frames are dropped with a warning; an error frame is shown; the client keeps working', async ({ page, request }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const threadId = await startClient(page);
  await connect(page);
  // A plain socket joins its thread only once it sends on it, so push to every open socket.
  const control = emulator(request).control;
  await control('push', { raw: '{not json' });
  await control('push', { frame: { type: 'typing.start', payload: {} } });
  await control('push', { frame: { type: 'message.received', payload: { threadId, messages: 'nope' } } });
  await control('push', { frame: { type: 'error', message: 'the bot is taking a nap' } });
  await expect.poll(() => page.evaluate(() => window.harness.serviceError())).toBe('the bot is taking a nap');
  expect(warnings.filter((w) => w.includes('[parley] dropped'))).toHaveLength(3);
  expect(await state(page)).toBe('open');
  await page.evaluate(() => window.harness.send('still there?'));
  await expect.poll(() => statuses(page)).toEqual(['still there?:delivered']);
});

test('the start event goes first, once per thread, and quick replies of both types work', async ({ page, request }) => {
  const threadId = await startClient(page, { startEvent: 'welcome' });
  await connect(page);
  await expect.poll(() => page.evaluate(() => window.harness.quickReplies().length)).toBeGreaterThan(0);
  const replies = await page.evaluate(() => window.harness.quickReplies());
  const eventReply = replies.find((r) => r.type === 'event');
  const textReply = replies.find((r) => r.type !== 'event');
  expect(eventReply, 'the welcome step offers an event quick reply').toBeTruthy();
  expect(textReply, 'the welcome step offers a text quick reply').toBeTruthy();

  await page.evaluate((label) => window.harness.sendQuickReply(label), textReply!.label);
  await expect.poll(() => page.evaluate(() => window.harness.quickReplies().length)).toBeGreaterThan(0);
  const next = await page.evaluate(() => window.harness.quickReplies());
  const anotherEvent = next.find((r) => r.type === 'event') ?? eventReply!;
  if (next.some((r) => r.label === anotherEvent.label)) {
    await page.evaluate((label) => window.harness.sendQuickReply(label), anotherEvent.label);
  }
  await expect.poll(async () => (await statuses(page)).every((s) => s.endsWith(':delivered'))).toBe(true);

  const sends = await emulator(request).sends(threadId);
  expect(sends[0]).toMatchObject({ traceId: 1, speech: 'welcome', attachment: { type: 'event', payload: { name: 'welcome' } } });
  expect(sends[1]).toMatchObject({ traceId: 2, speech: textReply!.value ?? textReply!.label });
  expect(sends[1]).not.toHaveProperty('attachment');
  expect(sends.filter((s) => s.speech === 'welcome')).toHaveLength(1);

  await page.reload();
  await startClient(page, { startEvent: 'welcome' });
  await connect(page);
  await page.waitForTimeout(500);
  expect((await emulator(request).sends(threadId)).filter((s) => s.speech === 'welcome')).toHaveLength(1);
});
