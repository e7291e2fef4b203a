// Thousands of malformed and hostile frames pushed down an open socket (seeded; see
// support/hostile-frames.ts): nothing may crash, pollute a prototype, confirm a message the
// service never confirmed, or show a message meant for another thread, and afterwards the
// conversation goes on as if nothing happened. PARLEY_SEED=<seed> replays a run.
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { batches, hostileFrames, type HostileFrame } from './support/hostile-frames.ts';
import { emulator } from './support/emulator.ts';
import { rng, seedFrom } from './support/prng.ts';

const SEED = seedFrom(7_340_033);
const GREETING = 'Hello! Ask me about pricing';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

type EmulatorControl = ReturnType<typeof emulator>;

/** Pushes the frames in order, as few control calls as the body limit allows. */
async function pushAll(m: EmulatorControl, frames: HostileFrame[]): Promise<{ calls: number; sent: number; megabytes: number }> {
  let sent = 0;
  let bytes = 0;
  const calls = batches(frames);
  for (const { raws, binary } of calls) {
    sent += (await m.control('push', binary ? { raws, binary } : { raws })).sent;
    bytes += raws.reduce((sum, raw) => sum + Buffer.byteLength(raw), 0);
  }
  return { calls: calls.length, sent, megabytes: Math.round(bytes / 1e5) / 10 };
}

/** What the page's built-in prototypes look like; compared before and after the storm. */
function prototypes(page: Page) {
  return page.evaluate(() => {
    const names = (o: object) => Reflect.ownKeys(o).map(String).sort().join(',');
    const probe = {} as Record<string, unknown>;
    return {
      object: names(Object.prototype),
      array: names(Array.prototype),
      function: names(Function.prototype),
      string: names(String.prototype),
      objectProto: Object.getPrototypeOf({}) === Object.prototype,
      inherited: ['polluted', 'label', 'threadId', 'traceId'].filter((key) => key in probe),
      toString: typeof probe.toString === 'function' && String(probe) === '[object Object]',
      pwned: 'parleyPwned' in window || '__parleyPwned' in window,
    };
  });
}

/** A summary of a storm, for the figures. */
function kinds(frames: HostileFrame[]): string {
  const counts = new Map<string, number>();
  for (const f of frames) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** An entry or message shows the frame tagged `tag` if its text is the tag or starts with it. */
const matches = (text: string, tag: string) => text === tag || text.startsWith(`${tag} `);
const tagsIn = (texts: string[], tags: string[]) => texts.flatMap((text) => tags.filter((tag) => matches(text, tag)));

/**
 * Every message the client accepted (its `message` events, in order): each well-formed one for
 * this thread exactly once and in order, none for another thread.
 */
function checkAccepted(texts: string[], frames: HostileFrame[]): void {
  const expected = frames.flatMap((f) => (f.shows ? [f.shows] : []));
  const hidden = frames.flatMap((f) => (f.hidden ? [f.hidden] : []));
  expect(tagsIn(texts, expected), 'well-formed messages for this thread: each once, in order').toEqual(expected);
  expect(tagsIn(texts, hidden), 'messages for other threads').toEqual([]);
}

/**
 * The transcript holds the latest entries only (older ones stay in storage): those it holds
 * are the newest well-formed messages, with none missing in between.
 */
function checkTranscript(texts: string[], frames: HostileFrame[]): number {
  const expected = frames.flatMap((f) => (f.shows ? [f.shows] : []));
  const hidden = frames.flatMap((f) => (f.hidden ? [f.hidden] : []));
  const shown = tagsIn(texts, expected);
  expect(shown.length, 'well-formed messages in the transcript').toBeGreaterThan(0);
  expect(shown, 'the newest well-formed messages, none missing').toEqual(expected.slice(expected.length - shown.length));
  expect(tagsIn(texts, hidden), 'messages for other threads').toEqual([]);
  return shown.length;
}

function printFigures(title: string, figures: Record<string, unknown>): void {
  console.log(
    `${title}:\n${Object.entries(figures)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}`,
  );
}

test('10,000 hostile frames: the headless client drops them, stays up and carries on', async ({ page, request }) => {
  test.setTimeout(60_000);
  const m = emulator(request);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  let dropWarnings = 0;
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('[parley] dropped')) dropWarnings++;
  });

  await page.goto('/e2e/pages/client.html');
  await page.waitForFunction(() => 'harness' in window);
  const threadId = await page.evaluate(() => window.harness.start({ deliveryTimeoutMs: 120_000 }));
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => page.evaluate(() => window.harness.state())).toBe('open');

  // A message the service has received but not yet confirmed: no hostile frame may confirm it.
  await m.control('replies', { hold: true });
  const heldTraceId = (await page.evaluate(() => window.harness.send('held message')))!;
  const statusOf = (traceId: number) =>
    page.evaluate((t) => window.harness.entries().flatMap((e) => (e.kind === 'user' && e.traceId === t ? [e.status] : []))[0], traceId);
  const confirmed = (traceId: number) =>
    page.evaluate(
      (t) => window.harness.events.some((e) => e.type === 'delivered' && (e.detail as { traceId: number }).traceId === t),
      traceId,
    );
  await expect.poll(() => statusOf(heldTraceId)).toBe('sent');

  const before = await prototypes(page);
  const frames = hostileFrames(rng(SEED), 10_000, { threadId, unconfirmedTraceId: heldTraceId, huge: 3, deep: 6 });
  const started = Date.now();
  const pushed = await pushAll(m, frames);
  const pushMs = Date.now() - started;
  // Frames arrive in order on one socket: once this one shows, the client has read them all.
  const sentinel = `sentinel-${SEED}`;
  await m.control('push', {
    frame: { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: sentinel } }] }] } },
  });
  await page.waitForFunction((text) => window.harness.entries().some((e) => e.kind === 'received' && e.text === text), sentinel, {
    timeout: 30_000,
  });
  const processedMs = Date.now() - started;

  expect(pageErrors).toEqual([]);
  expect(pushed.sent).toBe(frames.length); // one socket, every frame
  expect(await page.evaluate(() => window.harness.state())).toBe('open');
  expect((await m.state()).connections).toHaveLength(1);
  expect(await prototypes(page)).toEqual(before);
  expect(before).toMatchObject({ inherited: [], toString: true, pwned: false, objectProto: true });

  // Every message the client accepted, from its `message` events; then what the transcript holds.
  const accepted = await page.evaluate(() =>
    window.harness.events.flatMap((e) => {
      if (e.type !== 'message') return [];
      const messages = (e.detail as { messages: Array<{ responses?: Array<{ payload?: { text?: unknown } }> }> }).messages;
      return messages.flatMap((m) =>
        (m.responses ?? []).flatMap((r) => (typeof r.payload?.text === 'string' ? [r.payload.text.slice(0, 80)] : [])),
      );
    }),
  );
  checkAccepted(accepted, frames);
  const transcript = await page.evaluate(() =>
    window.harness.entries().flatMap((e) => (e.kind === 'received' ? [e.text.slice(0, 80)] : [])),
  );
  const inTranscript = checkTranscript(transcript, frames);
  const polluted = await page.evaluate(() => window.harness.entries().some((e) => 'polluted' in e));
  expect(polluted).toBe(false);

  // Nothing confirmed the held message; the real confirmation does.
  expect(await confirmed(heldTraceId)).toBe(false);
  await m.control('replies', { hold: false });
  await expect.poll(() => confirmed(heldTraceId)).toBe(true);

  // And the conversation goes on.
  const helloTraceId = (await page.evaluate(() => window.harness.send('hello')))!;
  await expect.poll(() => statusOf(helloTraceId)).toBe('delivered');
  await page.waitForFunction(
    (greeting) => window.harness.entries().some((e) => e.kind === 'received' && e.from === 'bot' && e.text.startsWith(greeting)),
    GREETING,
  );
  expect(pageErrors).toEqual([]);

  printFigures('hostile frames, headless client', {
    seed: SEED,
    'frames pushed': frames.length,
    'binary frames': frames.filter((f) => f.binary).length,
    'megabytes pushed': pushed.megabytes,
    'control calls': pushed.calls,
    'push time (ms)': pushMs,
    'until the client had read them all (ms)': processedMs,
    'dropped with a warning': dropWarnings,
    'message events (frames accepted)': await page.evaluate(() => window.harness.events.filter((e) => e.type === 'message').length - 1),
    'well-formed ones, each checked': frames.filter((f) => f.shows).length,
    'of which in the transcript window': inTranscript,
    'for other threads (none accepted)': frames.filter((f) => f.hidden).length,
    kinds: kinds(frames),
  });
});

test('1,000 hostile frames: <parley-chat> keeps rendering and the conversation goes on', async ({ page, request }) => {
  test.setTimeout(60_000);
  const m = emulator(request);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const widget = page.locator('parley-chat');
  const composer = page.getByRole('textbox', { name: 'Message' });
  const userBubbles = page.locator('parley-chat [part~="message"][data-from="user"]');
  const botBubbles = page.locator('parley-chat [part~="message"][data-from="bot"]');
  const say = async (text: string) => {
    await composer.fill(text);
    await composer.press('Enter');
  };

  await page.goto('/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator');
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
  // The contract's events, recorded for the whole run.
  await widget.evaluate((el) => {
    const log: { texts: string[]; delivered: number[] } = { texts: [], delivered: [] };
    (window as unknown as { parleyLog: typeof log }).parleyLog = log;
    el.addEventListener('parley:message', (event) => {
      const payload = (event as CustomEvent<{ messages: Array<{ responses?: Array<{ payload?: { text?: unknown } }> }> }>).detail;
      for (const message of payload.messages) {
        for (const response of message.responses ?? []) {
          if (typeof response.payload?.text === 'string') log.texts.push(response.payload.text.slice(0, 80));
        }
      }
    });
    el.addEventListener('parley:delivered', (event) => log.delivered.push((event as CustomEvent<{ traceId: number }>).detail.traceId));
  });
  const log = () => page.evaluate(() => (window as unknown as { parleyLog: { texts: string[]; delivered: number[] } }).parleyLog);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget).toHaveAttribute('data-connection', 'open');
  const threadId = await widget.evaluate((el) => (el as ParleyChatElement).threadId!);

  await m.control('replies', { hold: true });
  await say('held message');
  await expect(userBubbles.last()).toHaveAttribute('data-status', 'sent');
  const [held] = await m.sends(threadId);
  const heldTraceId = held!.traceId as number;

  const before = await prototypes(page);
  const frames = hostileFrames(rng(SEED + 1), 1_000, { threadId, unconfirmedTraceId: heldTraceId, huge: 1, deep: 3 });
  const started = Date.now();
  const pushed = await pushAll(m, frames);
  const pushMs = Date.now() - started;
  const sentinel = `sentinel-${SEED}`;
  await m.control('push', {
    frame: { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: sentinel } }] }] } },
  });
  await expect(botBubbles.filter({ hasText: sentinel })).toHaveCount(1, { timeout: 30_000 });
  const processedMs = Date.now() - started;

  expect(pageErrors).toEqual([]);
  expect(pushed.sent).toBe(frames.length);
  await expect(widget).toHaveAttribute('data-connection', 'open');
  expect(await prototypes(page)).toEqual(before);
  expect(before).toMatchObject({ inherited: [], toString: true, pwned: false });
  checkAccepted((await log()).texts, frames);

  // What the transcript shows: text only (no element came from the service), the newest
  // well-formed messages with none missing, nothing from other threads.
  const shown = await widget.evaluate((el) => {
    const root = el.shadowRoot!;
    const bubbles = [...root.querySelectorAll('[part~="message"]:not([data-from="user"]) [part~="bubble"]')];
    return {
      texts: bubbles.map((b) => (b.textContent ?? '').slice(0, 80)),
      foreign: root.querySelectorAll('[part~="transcript"] img:not([part~="avatar"]), [part~="transcript"] script, [part~="transcript"] b')
        .length,
    };
  });
  expect(shown.foreign).toBe(0);
  const inTranscript = checkTranscript(shown.texts, frames);

  // The held message was confirmed by nothing but the service.
  expect((await log()).delivered).not.toContain(heldTraceId);
  await m.control('replies', { hold: false });
  await expect.poll(async () => (await log()).delivered).toContain(heldTraceId);

  // A new message goes out, is confirmed, and the bot's answer renders.
  await say('hello');
  await expect(userBubbles.last()).toContainText('hello');
  await expect(userBubbles.last()).toHaveAttribute('data-status', 'delivered');
  await expect(botBubbles.filter({ hasText: GREETING })).toHaveCount(1);
  await expect(botBubbles.last()).toContainText(GREETING);
  await expect(widget).toHaveAttribute('data-connection', 'open');
  expect(pageErrors).toEqual([]);

  printFigures('hostile frames, <parley-chat>', {
    seed: SEED + 1,
    'frames pushed': frames.length,
    'binary frames': frames.filter((f) => f.binary).length,
    'megabytes pushed': pushed.megabytes,
    'control calls': pushed.calls,
    'push time (ms)': pushMs,
    'until the widget had rendered them all (ms)': processedMs,
    'bubbles from the service on screen': shown.texts.length,
    'well-formed ones, each checked': frames.filter((f) => f.shows).length,
    'of which in the transcript window': inTranscript,
    'for other threads (none accepted)': frames.filter((f) => f.hidden).length,
  });
});

// Known bug, left for the UI's owner: src/ui/linkify.ts trimUrl() takes one closing bracket off
// a URL per pass and recounts the brackets every pass, so a URL followed by n closing brackets
// costs O(n²) on the main thread (here 20,000 took 3 to 7 s, 40,000 took 48 s; a megabyte, hours),
// and the stored transcript replays it on every page load. The headless client is not affected.
// Unskip once linkify is linear.
test('a URL followed by 30,000 closing brackets renders at once', async ({ page, request }) => {
  const m = emulator(request);
  await page.goto('/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator');
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  const widget = page.locator('parley-chat');
  await expect(widget).toHaveAttribute('data-connection', 'open');
  const threadId = await widget.evaluate((el) => (el as ParleyChatElement).threadId!);
  const text = `see https://a.example/x${')'.repeat(30_000)}`;
  await m.control('push', {
    frame: { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text } }] }] } },
  });
  const started = Date.now();
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').filter({ hasText: 'see https://a.example/x' })).toHaveCount(
    1,
  );
  expect(Date.now() - started).toBeLessThan(1_000);
});
