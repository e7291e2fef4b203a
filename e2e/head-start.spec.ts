// The head start of a visitor's tap (issue 43, connection/early-address.ts): the address asked
// for as the visitor opens the chat, before storage is read and the tabs' holder chosen, is used
// once, by the holder's first socket, or never: taken too late (20 s; the service's addresses
// live 60 s) or by a tab that does not hold the socket, it is left unused and a fresh one asked
// for. The one line on a plain site (e2e/site/cross-origin.html), with storage="memory", whose
// code (parley-storage.*.js) a test can hold back: the chat then cannot read storage, and its
// engine cannot start, until the test lets it.
import { expect, test, type Page, type Route } from '@playwright/test';
import { emulator, type EmulatorState } from './support/emulator.ts';
import { launcher, messages } from './support/widget.ts';

const SITE = '/e2e/site/cross-origin.html?storage=memory&start-event=welcome';
const widget = (page: Page) => page.locator('parley-chat');

/** Holds the storage part's file back until `release` is called. */
async function holdStorage(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/dist/parley-storage.*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const sessionsOf = (entries: Array<{ sessionId?: string }>) => entries.map((entry) => entry.sessionId);

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test("a tap's address is asked for before storage is read, and the first socket opens on it: one request, one connection", async ({
  page,
  request,
}) => {
  const release = await holdStorage(page);
  await page.goto(SITE);
  await launcher(page).click();
  // Storage's code held back: no engine yet (the connection has not started), but its address
  // is on its way, and has come.
  await expect.poll(async () => (await emulator(request).state()).addressRequests.length).toBe(1);
  expect((await emulator(request).state()).connections).toHaveLength(0);
  await expect(widget(page)).toHaveAttribute('data-connection', 'idle');

  release();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(messages(page, 'bot').first()).toBeVisible();
  const state: EmulatorState = await emulator(request).state();
  expect(state.addressRequests).toHaveLength(1);
  expect(sessionsOf(state.connections)).toEqual(sessionsOf(state.addressRequests));
});

test('an address taken too late is never used: 61 s after the tap, a fresh one is asked for and the socket opens on it', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const release = await holdStorage(page);
  await page.goto(SITE);
  await launcher(page).click();
  await expect.poll(async () => (await emulator(request).state()).addressRequests.length).toBe(1);

  await page.clock.fastForward('01:01');
  release();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(messages(page, 'bot').first()).toBeVisible();
  const { addressRequests, connections } = await emulator(request).state();
  expect(addressRequests).toHaveLength(2);
  expect(sessionsOf(connections)).toEqual([addressRequests[1]!.sessionId]);
});

test("two tabs tapped at once: the holder's socket opens on its own address; the other tab's is never used, not even when it takes the socket over 21 s later", async ({
  context,
  request,
}) => {
  const holder = await context.newPage();
  const other = await context.newPage();
  await other.clock.install();
  for (const page of [holder, other]) await page.goto('/e2e/site/cross-origin.html?start-event=welcome');
  await Promise.all([launcher(holder).click(), launcher(other).click()]);
  for (const page of [holder, other]) await expect(messages(page, 'bot').first()).toBeVisible();

  const first = await emulator(request).state();
  expect(first.addressRequests).toHaveLength(2); // each tab's head start
  expect(first.connections).toHaveLength(1);
  const [used] = sessionsOf(first.connections);
  const unused = sessionsOf(first.addressRequests).find((session) => session !== used);
  expect(unused).toBeDefined();

  // The other tab takes the socket over, its head start 21 s old by its clock: it asks afresh.
  await other.clock.fastForward(21_000);
  await holder.close();
  await expect(widget(other)).toHaveAttribute('data-connection', 'open');
  await expect.poll(async () => (await emulator(request).state()).connections.filter((c) => c.open).length).toBe(1);
  const after = await emulator(request).state();
  expect(after.addressRequests).toHaveLength(3);
  expect(sessionsOf(after.connections)).toEqual([used, after.addressRequests[2]!.sessionId]);
  expect(sessionsOf(after.connections)).not.toContain(unused);
});
