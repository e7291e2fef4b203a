// dist/parley.js as a loader, in a real browser: what a page view without intent costs, how fast
// the panel comes on intent, a returning visitor, calls made before the chat arrives, and a chat
// file that cannot load (404, changed bytes, a CSP that forbids it). Figures are printed.
import { expect, test, type Page, type Route } from '@playwright/test';
import { emulator } from './support/emulator.ts';

const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const panel = (page: Page) => page.locator('parley-chat [part~="panel"]');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' });
const CHAT_FILE = '**/dist/parley-chat.*.js';

const SITE = '/e2e/site/index.html';

/**
 * A page served by the test itself (for a CSP header of its own): the one line, and no other
 * script. (Chromium's local network checks keep such a page from opening a WebSocket to the
 * loopback emulator: pages that connect use the plain sites of e2e/site/.)
 */
async function servePage(page: Page, csp: string) {
  const path = '/routed/index.html';
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'content-security-policy': csp },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A site</title></head><body><h1>A site</h1>
<script src="/dist/parley.js" data-client-id="e2e" data-base-url="/parley-emulator"></script></body></html>`,
    }),
  );
  return path;
}

/** In the page: when the panel is first in a frame, and long tasks. */
async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    const longTasks: number[] = [];
    Object.assign(window, { marks, longTasks });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(Math.round(entry.duration)))).observe({
      type: 'longtask',
      buffered: true,
    });
    document.addEventListener('pointerover', (event) => (marks.pointer ??= event.timeStamp), true);
    document.addEventListener('click', (event) => (marks.click ??= event.timeStamp), true);
    const frame = () => {
      const root = document.querySelector('parley-chat')?.shadowRoot;
      if (root?.querySelector('[part~="panel"] [role="log"]')) marks.panel ??= performance.now();
      // The visitor's last message (the bot's answer may have come after it before the reload).
      const messages = [...(root?.querySelectorAll('[part~="message"][data-from="user"]') ?? [])];
      if (messages.at(-1)?.textContent?.includes('latest')) marks.latest ??= performance.now();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks);
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('a page view without intent fetches and runs nothing but the loader: no chat file, no WebSocket, no IndexedDB', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { idbOpens: opened });
    const original = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => (opened.push(name), original(name, version));
  });
  const requests: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(SITE);
  await expect(launcher(page)).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(requests).toEqual([SITE, '/dist/parley.js']);
  expect(sockets).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { idbOpens: string[] }).idbOpens)).toEqual([]);
  expect((await emulator(request).state()).addressRequests).toHaveLength(0);
  expect(await page.locator('parley-chat').getAttribute('data-connection')).toBe('idle');

  // Focus is intent: the chat's file comes, and still no connection until the panel opens.
  await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await expect.poll(() => requests.filter((p) => p.startsWith('/dist/parley-chat.')).length).toBe(1);
  expect(sockets).toEqual([]);
});

test('intent to panel: hovered first, then clicked 150 ms later; and cold, a click with no hover', async ({ page }) => {
  await watchFrames(page);
  await page.goto(SITE);
  await launcher(page).hover();
  await page.waitForTimeout(150);
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  const hovered = await marks(page);
  const afterHover = Math.round(hovered.panel! - hovered.click!);

  // Cold: a new visitor (a fresh browser context), the click dispatched with no pointer movement
  // before it.
  const fresh = await page.context().browser()!.newPage();
  await watchFrames(fresh);
  await fresh.goto(new URL(SITE, page.url()).href);
  await launcher(fresh).dispatchEvent('click');
  await expect(panel(fresh)).toBeVisible();
  const cold = await marks(fresh);
  await fresh.close();
  const afterColdClick = Math.round(cold.panel! - cold.click!);
  console.log(
    `[loading] panel on screen: ${afterHover} ms after the click when hovered 150 ms before (pointer to panel ${Math.round(hovered.panel! - hovered.pointer!)} ms); ${afterColdClick} ms after a cold click (targets 50 and 250 ms)`,
  );
  // The targets are the benchmark's (npm run bench); here, a loose bound that only a broken loader crosses.
  expect(afterHover).toBeLessThan(500);
  expect(afterColdClick).toBeLessThan(1_500);
});

test('a returning visitor with the panel open: the latest message soon after the loader starts, no long task', async ({ page }) => {
  await watchFrames(page);
  await page.goto(SITE);
  await launcher(page).click();
  await composer(page).fill('the latest word');
  await composer(page).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300))); // the view snapshot is written on page hide

  await page.reload();
  await expect(page.locator('parley-chat [part~="message"]').filter({ hasText: 'the latest word' })).toBeVisible();
  const { latest } = await marks(page);
  const loaderStart = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/dist/parley.js')) as PerformanceResourceTiming;
    return entry.responseEnd;
  });
  const chatFile = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => /parley-chat\.\w+\.js$/.test(e.name)) as PerformanceResourceTiming;
    return Math.round(entry.responseEnd - entry.startTime);
  });
  const tasks = await longTasks(page);
  console.log(
    `[loading] returning visitor: latest message ${Math.round(latest! - loaderStart)} ms after parley.js arrived (target 120 ms); the chat file's request took ${chatFile} ms; long tasks: ${tasks.length ? tasks.join(', ') + ' ms' : 'none'}`,
  );
  expect(latest! - loaderStart).toBeLessThan(1_000);
});

test('reset(), setUser(), send(), sendEvent() and open() called right after the script runs: each takes effect once, in order', async ({
  page,
  request,
}) => {
  await page.goto('/e2e/site/early.html');
  await expect(panel(page)).toBeVisible();
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
  await page.evaluate(() => Promise.all((window as unknown as { calls: Promise<void>[] }).calls));
  const threadId = await page.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);
  const sends = await emulator(request).sends();
  expect(sends.map((s) => [s.threadId, s.speech, (s.originator as { name?: string } | undefined)?.name])).toEqual([
    [threadId, 'one', 'Ada'],
    [threadId, 'checkout', 'Ada'],
    [threadId, 'two', 'Ada'],
  ]);
});

async function refuse(page: Page, how: (route: Route) => Promise<void>) {
  await page.route(CHAT_FILE, how);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.exposeFunction('recordParleyError', (message: string) => errors.push(`event: ${message}`));
  await page.addInitScript(() =>
    document.addEventListener('parley:error', (event) =>
      (window as unknown as { recordParleyError: (m: string) => void }).recordParleyError(
        (event as CustomEvent<{ message: string }>).detail.message,
      ),
    ),
  );
  return errors;
}

async function expectErrorThenRecovery(page: Page, errors: string[], reason: RegExp) {
  await launcher(page).click();
  await expect(tryAgain(page)).toBeVisible();
  await expect(page.locator('parley-chat [part~="error"]')).toContainText('The chat could not be loaded.');
  await expect.poll(() => errors.filter((e) => e.includes('/dist/parley-chat.')).length).toBeGreaterThanOrEqual(2);
  expect(errors.find((e) => e.startsWith('event: '))).toMatch(reason);
  // The launcher still works: close, open again (which tries once more), same explanation.
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(launcher(page)).toBeVisible();
  await launcher(page).click();
  await expect(tryAgain(page)).toBeVisible();
  await expect.poll(() => errors.filter((e) => e.startsWith('event: ')).length).toBe(2);
  // The right file is back: "Try again" brings the chat.
  await page.unrouteAll({ behavior: 'wait' });
  await tryAgain(page).click();
  await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
  await composer(page).fill('back again');
  await composer(page).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
}

test('a chat file that is not found: the error state, the reason in parley:error and the console, then "Try again"', async ({ page }) => {
  const errors = await refuse(page, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(SITE);
  await expectErrorThenRecovery(page, errors, /could not load http:\/\/[^ ]+\/dist\/parley-chat\.\w+\.js: the server answers 404/);
});

test('a chat file with one byte changed is refused by its integrity hash', async ({ page }) => {
  const errors = await refuse(page, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('parley', 'Parley');
    await route.fulfill({ response, body });
  });
  await page.goto(SITE);
  await expectErrorThenRecovery(page, errors, /does not match the integrity hash/);
});

test("a page whose Content-Security-Policy allows the loader but not the chat's file", async ({ page, baseURL }) => {
  const errors = await refuse(page, (route) => route.continue());
  const origin = new URL(baseURL!).origin;
  const csp = `default-src 'none'; script-src ${origin}/dist/parley.js; connect-src 'self'; style-src 'self'; img-src 'self' data:`;
  await page.goto(await servePage(page, csp));
  await launcher(page).click();
  await expect(tryAgain(page)).toBeVisible();
  expect(errors.find((e) => e.startsWith('event: '))).toMatch(/Content-Security-Policy/);
});
