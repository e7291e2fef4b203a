// npm use in a single-page app: e2e/spa (a Preact app built with Vite against the BUILT package,
// `vite build -c e2e/spa/vite.config.ts`) mounts and unmounts <parley-chat> many times; nothing
// may be left behind: no socket, no timer, no listener on window, document or visualViewport.
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { installLeakTracker, type LeakSnapshot } from './spa/leak-tracker.ts';
import { emulator } from './support/emulator.ts';

const CYCLES = 25; // driven like a user: click "Add chat", sometimes chat, click "Remove chat"
const FAST_CYCLES = 25; // then mounted and unmounted as fast as Preact renders, panel open
const CLOSED = 3; // WebSocket.CLOSED (Node 20 has no WebSocket global)

const snapshot = (page: Page) => page.evaluate(() => window.__leaks.snapshot());
const toggle = (page: Page) => page.locator('#toggle');
const widget = (page: Page) => page.locator('parley-chat');

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('mounting and unmounting <parley-chat> many times leaves no socket, timer or listener behind', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(existsSync('e2e/spa/dist/index.html'), 'build the example app: npm run build').toBe(true);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));

  await page.addInitScript(installLeakTracker);
  await page.goto('/e2e/spa/dist/index.html');
  await expect(toggle(page)).toHaveText('Add chat');
  expect(await page.evaluate(() => customElements.get('parley-chat') !== undefined)).toBe(true);
  // Before the baseline: a first click, since Playwright's hit-target check can add listeners to
  // window, and time for the dev server's client (Vite injects it into any page) to connect.
  await page.getByRole('heading', { name: 'An app with a chat' }).click();
  await page.waitForTimeout(500);
  const baseline = await snapshot(page);

  // Once the first cycle has chatted, this browser has a stored thread: every later mount
  // connects at load, and the panel comes back as it was left.
  const launcher = page.getByRole('button', { name: 'Open chat', exact: true });
  const closer = page.getByRole('button', { name: 'Close chat', exact: true });
  for (let i = 0; i < CYCLES; i++) {
    await toggle(page).click();
    await expect(widget(page)).toHaveAttribute('data-connection', /./);
    if (i % 5 === 0) {
      // Open, chat, get the answer, and leave with the panel open: a ping timer, reply timers.
      if (await launcher.isVisible()) await launcher.click();
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
      await page.getByRole('textbox', { name: 'Message' }).fill(`hello ${i}`);
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
      await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').last()).toBeVisible();
    } else if (i % 5 === 1) {
      // Reconnected at load with the panel restored; close it, then leave.
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
      await closer.click();
    } else if (i % 5 === 3) {
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
    } // else: removed at once, while the address request or the socket is in flight
    await toggle(page).click();
    await expect(widget(page)).toHaveCount(0);
  }
  await page.evaluate((times) => window.spa.cycle(times, { open: true }), FAST_CYCLES);
  expect(await page.evaluate(() => window.spa.mounts)).toBe(CYCLES + FAST_CYCLES);

  // Closing a socket and clearing timers can take a moment (close handshake, async destroy).
  const parleySockets = (s: LeakSnapshot) => s.sockets.filter((socket) => socket.url.includes('/parley-emulator/'));
  await expect.poll(async () => parleySockets(await snapshot(page)).filter((s) => s.readyState !== CLOSED)).toEqual([]);
  await expect.poll(async () => (await emulator(request).state()).openSockets).toBe(0);
  // Only timers pending at the baseline may still be pending: a leaked interval or a leaked
  // keep-alive timeout never drains, so it fails this poll.
  const newTimers = (s: LeakSnapshot) => s.timers.filter((t) => !baseline.timers.some((b) => b.id === t.id));
  await expect.poll(async () => newTimers(await snapshot(page)), { timeout: 5_000 }).toEqual([]);
  const after = await snapshot(page);
  expect(after.listeners).toEqual(baseline.listeners);
  // Nothing else the page had (the dev server's socket) was closed or replaced.
  expect(after.sockets.filter((s) => !s.url.includes('/parley-emulator/'))).toEqual(baseline.sockets);
  expect(errors).toEqual([]);

  const state = await emulator(request).state();
  test.info().annotations.push({
    type: 'numbers',
    description: JSON.stringify({
      mounts: CYCLES + FAST_CYCLES,
      socketsCreated: parleySockets(after).length,
      emulatorConnections: state.connections.length,
      addressRequests: state.addressRequests.length,
      timers: { baseline: baseline.timers.length, after: after.timers.length },
      listeners: { baseline: baseline.listeners, after: after.listeners },
    }),
  });
});
