// Seeded chaos: one tab sends 150 messages in bursts while the emulator drops its socket about 30
// times (clean closes and abrupt kills) and fails about 8 address requests, at random moments.
// Everything random comes from one printed seed; PARLEY_SEED=<seed> replays a run.
import { expect, test } from '@playwright/test';
import type { HarnessOptions } from './pages/client-harness.ts';
import { emulator, type ConnectionLog } from './support/emulator.ts';
import { rng, seedFrom } from './support/prng.ts';

const SEED = seedFrom(20_250_611);
const MESSAGES = 150;
const DROPS = 30;
const ADDRESS_FAILURES = 8;
/** The chaos is spread over this long; draining what is left comes after. */
const SPAN_MS = 15_000;

type AddressFailure = { fail: number; status: number } | { networkError: number };
type Chaos =
  | { at: number; kind: 'send'; texts: string[] }
  | { at: number; kind: 'drop'; terminate: boolean; code: number; failAddress?: AddressFailure };

/** The whole run, decided up front from the seed: when each burst is sent and each drop happens. */
function plan(seed: number): Chaos[] {
  const r = rng(seed);
  const events: Chaos[] = [];
  for (let sent = 0; sent < MESSAGES;) {
    const size = Math.min(r.int(1, 6), MESSAGES - sent);
    const texts = Array.from({ length: size }, (_, i) => `chaos ${String(sent + i + 1).padStart(3, '0')}`);
    events.push({ at: Math.floor(r() * SPAN_MS), kind: 'send', texts });
    sent += size;
  }
  // Address failures ride on drops, so the reconnect right after the drop meets them.
  const failing = new Set<number>();
  while (failing.size < ADDRESS_FAILURES - 1) failing.add(r.int(0, DROPS - 2));
  for (let i = 0; i < DROPS - 1; i++) {
    const failAddress: AddressFailure | undefined = failing.has(i)
      ? r.chance(0.5)
        ? { fail: 1, status: r.pick([500, 502, 503, 429]) }
        : { networkError: 2 } // 2: Chromium may absorb one by resending on a fresh connection
      : undefined;
    events.push({
      at: 300 + Math.floor(r() * (SPAN_MS - 300)),
      kind: 'drop',
      terminate: r.chance(0.5),
      code: r.pick([1000, 1001, 1011, 1012, 1013, 3000, 4000, 4001, 4999]),
      ...(failAddress ? { failAddress } : {}),
    });
  }
  // The finale: the last burst goes out just after a drop whose reconnect fails twice, so the
  // drain time measures a recovery, not a quiet socket.
  events.sort((a, b) => a.at - b.at);
  const lastIndex = events.map((e) => e.kind).lastIndexOf('send');
  const [last] = events.splice(lastIndex, 1) as [Chaos];
  events.push(
    { at: SPAN_MS, kind: 'drop', terminate: true, code: 1001, failAddress: { fail: 2, status: 503 } },
    { ...last, at: SPAN_MS + 5 },
  );
  return events;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('seeded chaos: 150 messages through 30 drops and failing address requests arrive once each, in order', async ({ page, request }) => {
  test.setTimeout(60_000);
  const m = emulator(request);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  // The address requests as the page made them (the network stack's own resends are invisible here).
  const addressCalls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/parley-emulator/socket.info') addressCalls.push(url.searchParams.get('sessionId') ?? '');
  });

  const options: HarnessOptions = {
    jitter: SEED, // the backoff's jitter is seeded too
    timings: { backoff: { baseMs: 40, factor: 2, capMs: 320 }, stableAfterMs: 500, connectTimeoutMs: 5_000 },
    deliveryTimeoutMs: 600_000, // nothing may end up "failed": every message must get through on its own
  };
  await page.goto('/e2e/pages/client.html');
  await page.waitForFunction(() => 'harness' in window);
  const threadId = await page.evaluate((o) => window.harness.start(o), options);
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => page.evaluate(() => window.harness.state())).toBe('open');
  // Confirmations take a moment, so drops catch messages written but not yet confirmed.
  await m.control('replies', { delayMs: 30 });

  // Watch the emulator for a second open socket while the chaos runs.
  let running = true;
  let maxOpen = 0;
  let samples = 0;
  const watcher = (async () => {
    while (running) {
      maxOpen = Math.max(maxOpen, (await m.state()).openSockets);
      samples++;
      await sleep(20);
    }
  })();

  const events = plan(SEED);
  let drops = 0;
  let terminated = 0;
  let missedDrops = 0;
  let lastSendAt = 0;
  const started = Date.now();
  try {
    for (const event of events) {
      const wait = started + event.at - Date.now();
      if (wait > 0) await sleep(wait);
      if (event.kind === 'send') {
        await page.evaluate(async (texts) => {
          for (const text of texts) await window.harness.send(text);
        }, event.texts);
        lastSendAt = Date.now();
        continue;
      }
      if (event.failAddress) await m.control('address', event.failAddress);
      // The client may be between sockets: try for a little while, then count it as missed.
      let dropped = 0;
      for (let tries = 0; tries < 20 && dropped === 0; tries++) {
        if (tries > 0) await sleep(25);
        const body = event.terminate ? { terminate: true } : { code: event.code, reason: 'chaos' };
        dropped = (await m.control('drop', body)).dropped;
      }
      if (dropped > 0) {
        drops++;
        if (event.terminate) terminated++;
      } else missedDrops++;
    }

    // Drain: every message delivered. The bot's answers come as fast as the messages (none waits
    // behind another's typing delay), so the conversation outgrows the 200 entries a client keeps
    // in memory: the older part is brought back from storage, as scrolling back would.
    const undelivered = () =>
      page.evaluate(async (count) => {
        await window.harness.loadAll();
        const users = window.harness.entries().filter((e) => e.kind === 'user' && !e.hidden);
        return users.filter((e) => e.kind === 'user' && e.status !== 'delivered').length + Math.abs(users.length - count);
      }, MESSAGES);
    await expect.poll(undelivered, { timeout: 30_000, intervals: [10, 25, 50] }).toBe(0);
  } finally {
    running = false;
    await watcher;
  }
  // The last confirmation may have come while the last drops were still going on: take its own time.
  const lastDeliveredAt = await page.evaluate(() =>
    Math.max(...window.harness.events.filter((e) => e.type === 'delivered').map((e) => e.at)),
  );
  const drainMs = lastDeliveredAt - lastSendAt;
  const totalMs = Date.now() - started;

  // The transcript: each message once, delivered, in the order it was sent.
  const users = await page.evaluate(async () => {
    await window.harness.loadAll();
    return window.harness
      .entries()
      .flatMap((e) => (e.kind === 'user' && !e.hidden ? [{ text: e.text, traceId: e.traceId, status: e.status }] : []));
  });
  const expectedTexts = events.flatMap((e) => (e.kind === 'send' ? e.texts : []));
  expect(users.map((u) => u.text)).toEqual(expectedTexts);
  expect(new Set(users.map((u) => u.text)).size).toBe(MESSAGES);
  expect(users.every((u) => u.status === 'delivered')).toBe(true);

  // What the emulator received: nothing refused; traceIds increase in order of first appearance;
  // a resend is the same payload with the same traceId.
  const received = await m.received(threadId);
  expect(received.filter((f) => f.error !== undefined).map((f) => `${f.error}: ${f.raw}`)).toEqual([]);
  const sends = await m.sends(threadId);
  const firstSeen: number[] = [];
  const payloadOf = new Map<number, string>();
  const traceOf = new Map<string, number>();
  for (const payload of sends) {
    const traceId = payload.traceId as number;
    const speech = payload.speech as string;
    expect(Number.isSafeInteger(traceId)).toBe(true);
    if (!payloadOf.has(traceId)) {
      firstSeen.push(traceId);
      payloadOf.set(traceId, JSON.stringify(payload));
    } else {
      expect(JSON.stringify(payload), `resend of traceId ${traceId}`).toBe(payloadOf.get(traceId));
    }
    if (!traceOf.has(speech)) traceOf.set(speech, traceId);
    expect(traceOf.get(speech), `traceId of "${speech}"`).toBe(traceId);
  }
  for (let i = 1; i < firstSeen.length; i++) expect(firstSeen[i]!).toBeGreaterThan(firstSeen[i - 1]!);
  expect(traceOf.size).toBe(MESSAGES);
  expect(firstSeen).toEqual(users.map((u) => u.traceId));

  // Addresses and sockets: a new sessionId per address request, no token used twice, and never
  // two sockets open at once (sampled while running, and from the sockets' own open/close times).
  const state = await m.state();
  const sessionIds = state.addressRequests.map((r) => r.sessionId);
  expect(sessionIds.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  // Chromium itself sends a GET again when a reused keep-alive connection closes without an
  // answer (the emulator's networkError destroys it): the page's fetch saw one request. So the emulator
  // may log a sessionId twice, but only as such a retry, right after the network error.
  const retries = state.addressRequests.filter((r, i) => {
    const previous = state.addressRequests[i - 1];
    return previous?.status === 0 && previous.sessionId === r.sessionId && r.at - previous.at < 100;
  });
  expect(new Set(sessionIds).size, JSON.stringify(state.addressRequests, null, 1)).toBe(sessionIds.length - retries.length);
  expect(new Set(addressCalls).size, "sessionIds of the page's own address requests").toBe(addressCalls.length);
  expect(new Set(addressCalls)).toEqual(new Set(sessionIds));
  const tokens = state.connections.map((c) => c.token);
  expect(new Set(tokens).size).toBe(tokens.length);
  expect(maxOpen).toBeLessThanOrEqual(1);
  const byOpening: ConnectionLog[] = [...state.connections].sort((a, b) => a.openedAt - b.openedAt);
  for (let i = 1; i < byOpening.length; i++) {
    const before = byOpening[i - 1]!;
    expect(before.closedAt, `socket ${before.sessionId} still open when the next one opened`).toBeDefined();
    expect(byOpening[i]!.openedAt).toBeGreaterThanOrEqual(before.closedAt!);
  }
  expect(state.openSockets).toBe(1);
  expect(await page.evaluate(() => window.harness.state())).toBe('open');
  expect(pageErrors).toEqual([]);

  const failedAddress = state.addressRequests.filter((r) => r.status !== 200).length;
  expect(drops).toBeGreaterThanOrEqual(DROPS - 5);
  expect(failedAddress - retries.length).toBeGreaterThanOrEqual(ADDRESS_FAILURES - 3);
  expect(state.connections.length).toBeGreaterThanOrEqual(drops + 1);

  const figures = {
    seed: SEED,
    messages: MESSAGES,
    drops,
    'drops (terminate)': terminated,
    'drops (close code)': drops - terminated,
    'drops missed (no open socket)': missedDrops,
    'address requests': state.addressRequests.length,
    'failed address requests (as the emulator saw them)': failedAddress,
    'failed address requests (as the client saw them)': failedAddress - retries.length,
    'address requests resent by Chromium itself': retries.length,
    connections: state.connections.length,
    reconnects: state.connections.length - 1,
    'sends received': sends.length,
    resends: sends.length - firstSeen.length,
    'max open sockets (sampled)': `${maxOpen} in ${samples} samples`,
    'time to drain (last send() call to last confirmation, ms)': drainMs,
    'whole run (ms)': totalMs,
  };
  console.log(
    `chaos figures:\n${Object.entries(figures)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}`,
  );
});
