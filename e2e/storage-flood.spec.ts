// A service or bot that floods the conversation with messages of 2 kB: 7,000 in npm test (past
// the cap, in about 40 s), PARLEY_FLOOD=20000 for the figure. The thread keeps at most
// 5,000 entries as they arrive (widget contract, "Persistence"), so the host site's storage stays
// bounded: measured with navigator.storage.estimate() and printed for docs/figures.md.
import { expect, test } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { mulberry32, seedFrom } from './support/prng.ts';

const FLOOD = Number(process.env.PARLEY_FLOOD ?? 7_000);
// Text that does not compress (browsers compress what IndexedDB stores), seeded: PARLEY_SEED replays it.
const random = mulberry32(seedFrom(20_261_126));
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ';
const text = () => Array.from({ length: 2_000 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('a flood of messages of 2 kB keeps the origin storage bounded and the page responsive', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator' })}`);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('hello');
  await composer.press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
  const threadId = await page.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);
  const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const before = await usage();

  const m = emulator(request);
  const started = Date.now();
  const perCall = 400; // about 0.9 MB a call, under the control API's body limit
  for (let first = 0; first < FLOOD; first += perCall) {
    const raws = Array.from({ length: Math.min(perCall, FLOOD - first) }, (_, i) =>
      JSON.stringify({
        type: 'message.received',
        payload: {
          threadId,
          originator: { name: 'Bot', role: 'bot' },
          messages: [{ responses: [{ type: 'text', payload: { text: `${first + i} ${text()}` } }] }],
        },
      }),
    );
    await m.control('push', { threadId, raws });
  }
  // The last one is on screen: every message was taken in.
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').last()).toContainText(`${FLOOD - 1} `, { timeout: 120_000 });
  const tookIn = Date.now() - started;
  // Let the last writes land.
  await expect
    .poll(async () => page.evaluate(() => document.querySelector('parley-chat')?.dataset.connection), { timeout: 10_000 })
    .toBe('open');
  await page.waitForTimeout(1_000);
  const after = await usage();
  const grewMb = Math.round((after - before) / 1e5) / 10;
  // Still answers at once.
  const answered = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const at = performance.now();
        setTimeout(() => resolve(Math.round(performance.now() - at)), 0);
      }),
  );
  console.log(
    `flood: ${FLOOD} messages of 2 kB taken in in ${(tookIn / 1000).toFixed(1)} s; the origin's storage grew by ${grewMb} MB; a timer answered after ${answered} ms`,
  );
  const stored = await page.evaluate(
    (clientId) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result
            .transaction('conversations')
            .objectStore('conversations')
            .count(IDBKeyRange.bound([clientId, 'e'], [clientId, 'e', []]));
          count.onsuccess = () => resolve(count.result);
        };
      }),
    'e2e',
  );
  console.log(`flood: ${stored} entries stored`);
  expect(stored).toBeLessThanOrEqual(5_000);
  // 5,000 entries of 2 kB, their keys and what the database has not compacted yet: 21 MB after
  // 7,000 as after 20,000 (20,000 grew it by 84 MB when only a load trimmed the thread).
  expect(grewMb).toBeLessThan(25);
  expect(answered).toBeLessThan(250);
});
