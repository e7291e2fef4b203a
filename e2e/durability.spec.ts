// Nothing typed is lost or answered twice (issue 15), in a real browser with real sockets:
// IndexedDB that fails mid-conversation, a holding tab closed before its write lands, and a
// message the service refuses. The emulator (the emulator under /parley-emulator) is the service.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { withIdbFaults } from './support/idb-faults.ts';
import { emulator } from './support/emulator.ts';

async function startHarness(page: Page): Promise<string> {
  await page.waitForFunction(() => 'harness' in window);
  return page.evaluate(() => window.harness.start({}));
}

async function openClient(page: Page): Promise<string> {
  await page.goto('/e2e/pages/client.html');
  const threadId = await startHarness(page);
  await page.evaluate(() => window.harness.connect());
  await expect.poll(() => page.evaluate(() => window.harness.state())).toBe('open');
  return threadId;
}

const userLines = (page: Page) =>
  page.evaluate(() => window.harness.entries().flatMap((e) => (e.kind === 'user' && !e.hidden ? [`${e.text}:${e.status}`] : [])));

/** What the emulator took in for a thread: each message.send it processed (not refused), in order. */
async function processed(request: Parameters<typeof emulator>[0], threadId: string) {
  const frames = await emulator(request).received(threadId);
  return frames
    .filter((f) => f.frame?.type === 'message.send' && f.error === undefined && !f.blackholed)
    .map((f) => f.frame!.payload as { speech: string; traceId: number });
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('IndexedDB fails after the first writes: 20 messages answered once each, traceIds unique and increasing, the thread kept after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await withIdbFaults(page);
  const warnings: string[] = [];
  page.on('console', (message) => message.text().includes('[parley] storage') && warnings.push(message.text().split(':')[0]!));
  const threadId = await openClient(page);
  const texts = Array.from({ length: 20 }, (_, i) => `durable ${String(i + 1).padStart(2, '0')}`);
  const send = (text: string) => page.evaluate((t) => window.harness.send(t), text);

  for (const text of texts.slice(0, 3)) await send(text);
  await page.evaluate(() => (window.idbFaults.mode = 'quota')); // a full disk
  for (const text of texts.slice(3, 10)) await send(text);
  await page.evaluate(() => {
    window.idbFaults.mode = 'ok';
    window.idbFaults.closeAll(); // then the connection goes, as Safari closes it
  });
  for (const text of texts.slice(10)) await send(text);
  await expect.poll(() => userLines(page), { timeout: 20_000 }).toEqual(texts.map((t) => `${t}:delivered`));
  const faults = await page.evaluate(() => ({ refused: window.idbFaults.refusedPuts, closed: window.idbFaults.closedConnections }));
  expect(faults.refused).toBeGreaterThan(0);
  expect(faults.closed).toBeGreaterThan(0);

  // At the emulator: each message taken once, traceIds unique and increasing, each answered once.
  const taken = await processed(request, threadId);
  const firstSeen = new Map<number, string>();
  for (const payload of taken) if (!firstSeen.has(payload.traceId)) firstSeen.set(payload.traceId, payload.speech);
  expect([...firstSeen.values()]).toEqual(texts);
  const traceIds = [...firstSeen.keys()];
  for (let i = 1; i < traceIds.length; i++) expect(traceIds[i]!).toBeGreaterThan(traceIds[i - 1]!);
  for (const [traceId, speech] of firstSeen)
    expect(taken.filter((p) => p.traceId === traceId).every((p) => p.speech === speech)).toBe(true);
  await expect
    .poll(async () => (await page.evaluate(() => window.harness.entries())).filter((e) => e.kind === 'received').length, {
      timeout: 30_000,
    })
    .toBe(texts.length);

  // Storage works again: a reload finds the same thread and the whole transcript.
  await page.reload();
  expect(await startHarness(page)).toBe(threadId);
  // (What the tab showed before comes first, from sessionStorage; then the stored conversation.)
  await expect.poll(() => userLines(page)).toEqual(texts.map((t) => `${t}:delivered`));
  await page.evaluate(() => window.harness.connect());
  const next = await page.evaluate(() => window.harness.send('after the reload'));
  expect(next).toBeGreaterThan(traceIds.at(-1)!);
  expect(warnings.filter((w) => w.includes('storage failed'))).toHaveLength(1);
  console.log(
    `[durability] IndexedDB: ${faults.refused} puts refused (quota), ${faults.closed} connections closed; traceIds ${traceIds[0]}..${traceIds.at(-1)}, ${taken.length} sends for ${texts.length} messages`,
  );
});

test("two tabs: the holder's writes are slow, a message typed in the other tab, the holder closed at once: delivered exactly once", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const rounds = 4;
  for (let round = 0; round < rounds; round++) {
    await emulator(request).reset();
    const outcome = await slowHolderClosed(browser, request, `typed in the other tab, round ${round + 1}`);
    expect(outcome.traceIds, `round ${round + 1}`).toHaveLength(1);
    expect(outcome.processedTimes, `round ${round + 1}`).toBe(1);
  }
});

async function slowHolderClosed(browser: Browser, request: Parameters<typeof emulator>[0], text: string) {
  const context = await browser.newContext();
  await withIdbFaults(context);
  const holder = await context.newPage();
  const threadId = await openClient(holder);
  const other = await context.newPage();
  await openClient(other);
  await holder.evaluate(() => (window.idbFaults.slowMs = 3_000));
  await other.evaluate((t) => window.harness.send(t), text);
  await holder.close();
  await expect.poll(() => userLines(other), { timeout: 15_000 }).toEqual([`${text}:delivered`]);
  const taken = (await processed(request, threadId)).filter((p) => p.speech === text);
  await context.close();
  // A resend of one traceId is acknowledged again, not answered: what counts is one traceId.
  return { traceIds: [...new Set(taken.map((p) => p.traceId))], processedTimes: new Set(taken.map((p) => p.traceId)).size };
}

test('a message the service refuses, then two reloads: not sent again until the visitor presses its retry', async ({ page, request }) => {
  const threadId = await openClient(page);
  await emulator(request).control('refuse', { sends: 1, message: 'not accepted by the test' });
  const asked = Date.now();
  const traceId = (await page.evaluate(() => window.harness.send('refuse me')))!;
  await expect.poll(() => userLines(page), { timeout: 3_000 }).toEqual(['refuse me:failed']);
  const failedAfter = Date.now() - asked;
  expect(await page.evaluate(() => window.harness.entries().at(-1))).toMatchObject({ error: 'not accepted by the test' });

  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await startHarness(page);
    await page.evaluate(() => window.harness.connect());
    await expect.poll(() => page.evaluate(() => window.harness.state())).toBe('open');
    await page.waitForTimeout(500);
    expect(await userLines(page)).toEqual(['refuse me:failed']);
  }
  const sendsOf = async () =>
    (await emulator(request).received(threadId)).filter(
      (f) => f.frame?.type === 'message.send' && (f.frame.payload as { speech?: string }).speech === 'refuse me',
    );
  expect((await sendsOf()).map((f) => f.error)).toEqual(['not accepted by the test']);

  await page.evaluate((id) => window.harness.retry(id), traceId);
  await expect.poll(() => userLines(page)).toEqual(['refuse me:delivered']);
  const sends = await sendsOf();
  expect(sends.map((f) => [(f.frame!.payload as { traceId: number }).traceId, f.error])).toEqual([
    [traceId, 'not accepted by the test'],
    [traceId, undefined],
  ]);
  console.log(`[durability] a refused message showed failed ${failedAfter} ms after send(); sent again only on retry`);
});
