// Several tabs of one browser on one clientId: one socket, one transcript, one traceId sequence
// (widget contract, "Several tabs of one browser"). Real Chromium, real sockets, one browser
// context with several pages.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator, type ConnectionLog, type ReceivedFrame } from './support/emulator.ts';

async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/e2e/pages/client.html');
  await page.waitForFunction(() => 'harness' in window);
  await page.evaluate(() => window.harness.start({}));
  return page;
}

const entries = (page: Page) => page.evaluate(() => window.harness.entries());
const userLines = async (page: Page) =>
  (await entries(page)).flatMap((e) => (e.kind === 'user' && !e.hidden ? [`${e.text}:${e.status}`] : []));

/** The most sockets that were open at one time, from the emulator's connection log. */
function mostOpenAtOnce(connections: ConnectionLog[]): number {
  const edges = connections.flatMap((c) => [
    { at: c.openedAt, step: 1 },
    { at: c.closedAt ?? Number.POSITIVE_INFINITY, step: -1 },
  ]);
  // A close and an open at the same millisecond: count the close first.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let open = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (open += edge.step));
  return most;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('three tabs share one socket, one traceId sequence and one transcript', async ({ context, request }) => {
  test.setTimeout(90_000);
  const tabs = [await openTab(context), await openTab(context), await openTab(context)];
  const threadId = await tabs[0]!.evaluate(() => window.harness.threadId());
  for (const tab of tabs) expect(await tab.evaluate(() => window.harness.threadId())).toBe(threadId);
  for (const tab of tabs) await tab.evaluate(() => window.harness.connect());
  await expect.poll(() => tabs[2]!.evaluate(() => window.harness.state())).toBe('open');

  // Ten messages from each tab, interleaved, without waiting for one another.
  const sends: Array<Promise<unknown>> = [];
  for (let i = 0; i < 10; i++) {
    tabs.forEach((tab, t) => sends.push(tab.evaluate((text) => window.harness.send(text), `tab ${t} message ${i}`)));
  }
  await Promise.all(sends);

  const expected = tabs.flatMap((_, t) => Array.from({ length: 10 }, (_, i) => `tab ${t} message ${i}`));
  for (const tab of tabs) {
    await expect.poll(async () => (await userLines(tab)).filter((l) => l.endsWith(':delivered')).length, { timeout: 30_000 }).toBe(30);
  }
  // Every reply too: the emulator answers each message once (the fallback step for these texts).
  // The emulator's answers come with a typing delay each (0.8 s), shown one after another.
  await expect
    .poll(async () => (await entries(tabs[0]!)).filter((e) => e.kind === 'received').length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(30);
  await tabs[0]!.waitForTimeout(500);

  const first = await entries(tabs[0]!);
  for (const tab of tabs.slice(1)) expect(await entries(tab)).toEqual(first);
  const ids = first.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  const texts = first.flatMap((e) => (e.kind === 'user' && !e.hidden ? [e.text] : []));
  expect([...texts].sort()).toEqual([...expected].sort());

  const sent = await emulator(request).sends(threadId);
  const traceIds = sent.map((p) => p.traceId as number);
  expect(new Set(traceIds).size).toBe(traceIds.length);
  expect(traceIds).toEqual([...traceIds].sort((a, b) => a - b));
  expect(sent.filter((p) => !('attachment' in p))).toHaveLength(30);

  const { connections } = await emulator(request).state();
  expect(connections).toHaveLength(1);
  expect(mostOpenAtOnce(connections)).toBe(1);
});

test('a second tab shows the conversation at once, and a reset in one tab starts the new thread in all', async ({ context }) => {
  const first = await openTab(context);
  await first.evaluate(() => window.harness.connect());
  await expect.poll(() => first.evaluate(() => window.harness.state())).toBe('open');
  await first.evaluate(() => window.harness.send('hello'));
  await expect.poll(() => userLines(first)).toEqual(['hello:delivered']);

  const second = await context.newPage();
  await second.goto('/e2e/pages/client.html');
  await second.waitForFunction(() => 'harness' in window);
  // From the client's creation to the conversation shown: the holder answers over the channel.
  const shownAfter = await second.evaluate(async () => {
    const started = performance.now();
    await window.harness.start({});
    return Math.round(performance.now() - started);
  });
  expect(await userLines(second)).toEqual(['hello:delivered']);
  console.log(`[tabs] a second tab showed the conversation ${shownAfter} ms after its client was created`);

  const before = await second.evaluate(() => window.harness.threadId());
  await second.evaluate(() => window.harness.reset());
  const after = await second.evaluate(() => window.harness.threadId());
  expect(after).not.toBe(before);
  await expect.poll(() => first.evaluate(() => window.harness.threadId())).toBe(after);
  expect(await entries(first)).toEqual([]);
});

test('when the holding tab closes with messages unconfirmed, another takes over within 5 s and delivers each once', async ({
  context,
  request,
}) => {
  const holder = await openTab(context);
  await holder.evaluate(() => window.harness.connect());
  await expect.poll(() => holder.evaluate(() => window.harness.state())).toBe('open');
  const other = await openTab(context);
  await other.evaluate(() => window.harness.connect());
  const threadId = await other.evaluate(() => window.harness.threadId());

  // The holder's socket swallows everything from now on: nothing typed next is confirmed.
  await emulator(request).control('blackhole', { on: true });
  const texts = ['first while stuck', 'second while stuck', 'third while stuck'];
  for (const text of texts) void other.evaluate((t) => window.harness.send(t), text);
  // Blackholed frames are logged raw, never parsed.
  const sendsOnThread = async () =>
    (await emulator(request).received())
      .map((f) => ({ ...f, frame: f.frame ?? (JSON.parse(f.raw) as ReceivedFrame['frame']) }))
      .filter((f) => f.frame?.type === 'message.send' && f.frame.payload?.threadId === threadId);
  await expect.poll(async () => (await sendsOnThread()).length).toBe(3);
  expect((await userLines(other)).every((line) => line.endsWith(':sent'))).toBe(true);

  const closedAt = Date.now();
  await holder.close();
  await expect.poll(() => userLines(other), { timeout: 10_000 }).toEqual(texts.map((t) => `${t}:delivered`));
  const { connections } = await emulator(request).state();
  const takeover = connections.at(-1)!.openedAt - closedAt;
  expect(takeover).toBeLessThan(5_000);
  console.log(`[tabs] take-over after the holding tab closed: ${takeover} ms`);

  // Each message processed once: the blackholed copies never reached the bot.
  const processed = (await sendsOnThread()).filter((f) => !f.blackholed);
  expect(processed.map((f) => f.frame!.payload!.speech)).toEqual(texts);
  const traceIds = processed.map((f) => f.frame!.payload!.traceId as number);
  expect(traceIds).toEqual([...traceIds].sort((a, b) => a - b));
  expect(mostOpenAtOnce(connections.filter((c) => !c.blackholed))).toBeLessThanOrEqual(1);
});

test('take-over time after the holding tab closes: median of 10', async ({ context, request }) => {
  test.setTimeout(120_000);
  const times: number[] = [];
  let waiting = await openTab(context);
  await waiting.evaluate(() => window.harness.connect());
  for (let round = 0; round < 10; round++) {
    const holder = waiting;
    await expect.poll(() => holder.evaluate(() => window.harness.state())).toBe('open');
    waiting = await openTab(context);
    await waiting.evaluate(() => window.harness.connect());
    const before = (await emulator(request).state()).connections.length;
    const closedAt = Date.now();
    await holder.close();
    await expect.poll(async () => (await emulator(request).state()).connections.length, { timeout: 10_000 }).toBe(before + 1);
    const { connections } = await emulator(request).state();
    times.push(connections.at(-1)!.openedAt - closedAt);
  }
  console.log(`[tabs] take-over after close, 10 rounds: median ${median(times)} ms, max ${Math.max(...times)} ms (${times.join(', ')})`);
  expect(median(times)).toBeLessThan(5_000);
  expect(Math.max(...times)).toBeLessThan(5_000);
});

test('a frozen holding tab is replaced within 5 s, and closes its socket and follows when it resumes', async ({ context, request }) => {
  const holder = await openTab(context);
  await holder.evaluate(() => window.harness.connect());
  await expect.poll(() => holder.evaluate(() => window.harness.state())).toBe('open');
  const other = await openTab(context);
  await other.evaluate(() => window.harness.connect());

  // Frozen as Chrome freezes a background tab, but without the freeze event (which would let it
  // hand over at once): its script stops (paused in the debugger, since headless pages cannot be
  // frozen), it goes silent, and the visible tab takes the lock.
  const cdp = await context.newCDPSession(holder);
  await cdp.send('Debugger.enable');
  const frozenAt = Date.now();
  await cdp.send('Debugger.pause');
  await expect.poll(async () => (await emulator(request).state()).connections.length, { timeout: 10_000 }).toBe(2);
  const takeover = (await emulator(request).state()).connections[1]!.openedAt - frozenAt;
  console.log(`[tabs] take-over after the holding tab froze silently: ${takeover} ms`);
  expect(takeover).toBeLessThan(5_000);

  await other.evaluate(() => window.harness.send('from the tab that took over'));
  await expect.poll(() => userLines(other)).toEqual(['from the tab that took over:delivered']);
  await cdp.send('Debugger.resume');
  await expect.poll(async () => (await emulator(request).state()).connections[0]!.closedAt).toBeDefined();
  await expect.poll(() => userLines(holder)).toEqual(['from the tab that took over:delivered']);
  expect((await emulator(request).state()).openSockets).toBe(1);
});

test('widgets in two tabs: quick replies used in one are gone in both, unread counts agree, panels open apart', async ({
  context,
  request,
}) => {
  const load = async () => {
    const page = await context.newPage();
    await page.goto('/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator&start-event=welcome');
    await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
    return page;
  };
  const a = await load();
  const b = await load();
  const widget = (page: Page) => page.locator('parley-chat');
  const replies = (page: Page) => page.locator('parley-chat [part~="quick-reply"]');

  await a.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(a)).toHaveAttribute('data-connection', 'open');
  await expect(widget(b)).toHaveAttribute('data-connection', 'open');
  // Opening the panel in one tab leaves the other closed.
  await expect(widget(b)).not.toHaveAttribute('open');
  await b.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(replies(a).first()).toBeVisible();
  await expect(replies(b)).toHaveCount(await replies(a).count());

  const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');
  const before = await botMessages(b).count();
  await replies(a).first().click();
  await expect(replies(b)).toHaveCount(0);
  await expect(b.locator('parley-chat [part~="message"][data-from="user"]')).toHaveCount(1);
  // The bot's whole answer is read while both panels are open: the count below is the new message's.
  await expect.poll(() => botMessages(b).count()).toBeGreaterThan(before);
  for (const page of [a, b]) await expect(page.locator('parley-chat [part~="typing"]')).toHaveCount(0, { timeout: 10_000 });

  // Both closed: a message arrives, both count it; opening one reads it in both.
  await a.getByRole('button', { name: 'Close chat' }).click();
  await b.getByRole('button', { name: 'Close chat' }).click();
  const threadId = await widget(a).evaluate((el) => (el as ParleyChatElement).threadId!);
  await emulator(request).control('push', {
    threadId,
    frame: { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'news' } }] }] } },
  });
  for (const page of [a, b]) await expect(page.locator('parley-chat [part~="badge"]')).toHaveText('1');
  await a.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(b.locator('parley-chat [part~="badge"]')).toHaveCount(0);
  expect((await emulator(request).state()).connections).toHaveLength(1);
});

test("notifications: the hidden tab's title counts a new message and comes back when shown; one sound across two tabs", async ({
  context,
  request,
}) => {
  // The sound is observed where it is made: each chime makes one gain node.
  await context.addInitScript(() => {
    const state = window as unknown as { chimes: number };
    state.chimes = 0;
    const createGain = AudioContext.prototype.createGain;
    AudioContext.prototype.createGain = function (this: AudioContext) {
      state.chimes++;
      return createGain.call(this);
    };
  });
  const open = async () => {
    const page = await context.newPage();
    await page.goto(
      `/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', 'notify-title': '', 'notify-sound': '' })}`,
    );
    await page.locator('parley-chat [part~="launcher"]').click(); // the visitor has used the page
    await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
    return page;
  };
  const first = await open();
  await first.locator('parley-chat textarea').fill('hello');
  await first.locator('parley-chat textarea').press('Enter');
  await expect(first.locator('parley-chat [part~="message"][data-from="bot"]').first()).toBeVisible();
  const title = await first.title();
  const second = await open();
  await second.locator('parley-chat [part~="close"]').click();
  // The visitor switches to the second tab. (Headless Chromium keeps every page "visible" whatever
  // is in front: the first page is told what a browser tells a tab put behind another.)
  const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await second.bringToFront();
  await setVisibility(first, 'hidden');

  const threadId = await first.locator('parley-chat').evaluate((element) => (element as unknown as { threadId: string }).threadId);
  const frame = {
    type: 'message.received',
    payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'are you still there?' } }] }] },
  };
  await emulator(request).control('push', { threadId, frame });
  await expect.poll(() => first.title()).toBe(`(1) ${title}`);
  await second.waitForTimeout(1_000);
  const chimes = async () =>
    (await first.evaluate(() => (window as unknown as { chimes: number }).chimes)) +
    (await second.evaluate(() => (window as unknown as { chimes: number }).chimes));
  expect(await chimes()).toBe(1);

  await first.bringToFront();
  await setVisibility(first, 'visible');
  await expect.poll(() => first.title()).toBe(title);
  expect(await chimes()).toBe(1);
});
