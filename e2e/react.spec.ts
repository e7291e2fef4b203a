// npm use in a React 19 app: e2e/react (built with Vite against the BUILT package, `vite build -c
// e2e/react/vite.config.ts`, React's development build under <StrictMode>) listens to
// <parley-chat>'s events with React's own event props and shows them from React state; it mounts
// and unmounts the element many times, and moves a kept element out of and into the page. Nothing
// may be left behind: no socket, no timer, no listener on window, document or visualViewport.
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type {} from './react/control.ts';
import { installLeakTracker, type LeakSnapshot } from './spa/leak-tracker.ts';
import { emulator } from './support/emulator.ts';

const CYCLES = 20; // driven like a user: click "Add chat", sometimes chat, click "Remove chat"
const FAST_CYCLES = 20; // then mounted and unmounted as fast as React commits, panel open
// Then the kept element, docked and undocked in one task (out of the page when its mount task
// runs), docked again, opened until connected, undocked: it must mount each time it comes back.
const DOCK_CYCLES = 10;
const CLOSED = 3; // WebSocket.CLOSED (Node 20 has no WebSocket global)

const snapshot = (page: Page) => page.evaluate(() => window.__leaks.snapshot());
const toggle = (page: Page) => page.locator('#toggle');
const widget = (page: Page) => page.locator('#chat');
const shown = (page: Page, id: 'connection' | 'panel' | 'received' | 'last-message' | 'last-error') => page.locator(`#${id}`);

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('React state gets the events; mounting, unmounting and moving <parley-chat> leaves nothing behind', async ({ page, request }) => {
  test.setTimeout(120_000);
  expect(existsSync('e2e/react/dist/index.html'), 'build the example app: npm run build').toBe(true);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));

  await page.addInitScript(installLeakTracker);
  await page.goto('/e2e/react/dist/index.html');
  await expect(toggle(page)).toHaveText('Add chat');
  expect(await page.evaluate(() => customElements.get('parley-chat') !== undefined)).toBe(true);
  // Before the baseline: a first click, since Playwright's hit-target check can add listeners to
  // window, and time for the dev server's client (Vite injects it into any page) to connect.
  await page.getByRole('heading', { name: 'A React app with a chat' }).click();
  await page.waitForTimeout(500);
  const baseline = await snapshot(page);

  // Once the first cycle has chatted, this browser has a stored thread: every later mount
  // connects at load, and the panel comes back as it was left.
  const launcher = page.getByRole('button', { name: 'Open chat', exact: true });
  const closer = page.getByRole('button', { name: 'Close chat', exact: true });
  const botMessages = page.locator('#chat [part~="message"][data-from="bot"]');
  for (let i = 0; i < CYCLES; i++) {
    await toggle(page).click();
    await expect(widget(page)).toHaveAttribute('data-connection', /./);
    if (i % 5 === 0) {
      // Open, chat, get the answer, and leave with the panel open: a ping timer, reply timers.
      if (await launcher.isVisible()) await launcher.click();
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
      // What React's event props (onparley:open, onparley:connection) put into state.
      await expect(shown(page, 'panel')).toHaveText('open');
      await expect(shown(page, 'connection')).toHaveText('open');
      const before = Number(await shown(page, 'received').textContent());
      await page.getByRole('textbox', { name: 'Message' }).fill(`hello ${i}`);
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.locator('#chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
      await expect(botMessages.last()).toBeVisible();
      // onparley:message: the bot's answer, counted and shown by React.
      await expect.poll(async () => Number(await shown(page, 'received').textContent())).toBeGreaterThan(before);
      const answer = (await shown(page, 'last-message').textContent())!;
      expect(answer.trim()).not.toBe('');
      await expect(botMessages.last()).toContainText(answer.trim());
    } else if (i % 5 === 1) {
      // Reconnected at load with the panel restored; close it, then leave.
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
      await closer.click();
      await expect(shown(page, 'panel')).toHaveText('closed');
    } else if (i % 5 === 3) {
      await expect(widget(page)).toHaveAttribute('data-connection', 'open');
      await expect(shown(page, 'connection')).toHaveText('open');
    } // else: removed at once, while the address request or the socket is in flight
    await toggle(page).click();
    await expect(widget(page)).toHaveCount(0);
  }
  await page.evaluate((times) => window.reactApp.cycle(times, { open: true }), FAST_CYCLES);
  const mounts = await page.evaluate(() => window.reactApp.mounts);
  expect(mounts).toBe(CYCLES + FAST_CYCLES);
  // StrictMode was on, in React's development build: every element's ref was attached twice.
  expect(await page.evaluate(() => window.reactApp.refAttachments)).toBe(2 * mounts);

  // The kept element leaves the page before its mount task runs, then comes back: it mounts
  // (dockCycle rejects if it does not connect) and its events still reach React state.
  await page.evaluate((times) => window.reactApp.dockCycle(times), DOCK_CYCLES);
  expect(await page.evaluate(() => window.reactApp.docks)).toBe(DOCK_CYCLES);
  await expect(page.locator('#kept-chat')).toHaveCount(0);
  await expect(shown(page, 'connection')).toHaveText('idle');
  await expect(shown(page, 'last-error')).toHaveText('');

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
      mounts: CYCLES + FAST_CYCLES + DOCK_CYCLES,
      received: Number(await shown(page, 'received').textContent()),
      socketsCreated: parleySockets(after).length,
      emulatorConnections: state.connections.length,
      addressRequests: state.addressRequests.length,
      timers: { baseline: baseline.timers.length, after: after.timers.length },
      listeners: { baseline: baseline.listeners, after: after.listeners },
    }),
  });
});

test('a renderer of the app draws a React component in the chat, in its place; its button sends the event with its params', async ({
  page,
  request,
}) => {
  await page.goto('/e2e/react/dist/index.html');
  await toggle(page).click();
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  // A first message: the service knows the thread from then on.
  await page.getByRole('textbox', { name: 'Message' }).fill('hello');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.locator('#chat [part~="message"][data-from="bot"]').first()).toBeVisible();
  const threadId = await widget(page).evaluate((el) => (el as HTMLElement & { threadId: string }).threadId);
  const frame = {
    type: 'message.received',
    payload: {
      threadId,
      originator: { role: 'bot' },
      messages: [{ fallback: 'Pick a time', responses: [{ type: 'custom', payload: { slots: ['Wednesday 10:00', 'Thursday 9:30'] } }] }],
    },
  };
  expect((await emulator(request).control('push', { threadId, frame })).sent).toBeGreaterThan(0);
  const picker = page.locator('#chat > [slot^="parley-response-"] .slot-picker');
  await expect(picker.getByRole('button')).toHaveCount(2);
  await picker.getByRole('button', { name: 'Thursday 9:30' }).click();
  await expect(picker.getByRole('button', { name: 'Thursday 9:30' })).toHaveAttribute('aria-pressed', 'true'); // React's state
  await expect(picker.getByRole('button', { name: 'Wednesday 10:00' })).toBeDisabled();
  await expect
    .poll(async () => (await emulator(request).sends(threadId)).find((sent) => sent.speech === 'book-slot')?.metadata)
    .toMatchObject({ params: { slot: [{ value: 'Thursday 9:30' }] } });
});
