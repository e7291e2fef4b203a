// A page whose Content-Security-Policy keeps the widget from its service (connect-src): not a
// service that is down (reconnecting for ever) but the panel's error state, with the directive
// and the address named in the panel, the console and one parley:error, and no retry. The
// pages are plain sites of e2e/site/, their policy in a <meta> and no style-src, img-src or
// media-src: with the service in connect-src, the widget chats all the same.
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const errorState = (page: Page) => page.locator('parley-chat [part~="error"]');

/** What the page heard: its refusals, the widget's parley:error events and its console. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const heard = { violations: [] as string[], errors: [] as string[] };
    Object.assign(window, { heard });
    document.addEventListener('securitypolicyviolation', (event) =>
      heard.violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
    document.addEventListener(
      'parley:error',
      (event) => heard.errors.push((event as CustomEvent<{ message: string }>).detail.message),
      true,
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[parley]')) console.push(`${message.type()}: ${message.text()}`);
  });
  const heard = () => page.evaluate(() => (window as unknown as { heard: { violations: string[]; errors: string[] } }).heard);
  return { console, heard };
}

/** A retry would come within 0.5 s, the next within 1 s more (the backoff): wait well past both. */
const NO_RETRY_WAIT_MS = 4_000;

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('connect-src without the service: the error state names the directive and the address, parley:error once, no retry', async ({
  page,
}) => {
  const { console, heard } = await watch(page);
  await page.goto('/e2e/site/csp-connect-none.html');
  await launcher(page).click();

  await expect(widget(page)).toHaveAttribute('data-connection', 'error');
  const origin = new URL(page.url()).origin;
  const told = `the page's Content-Security-Policy blocks ${origin}/parley-emulator/socket.info (connect-src): add ${origin} and the service's ws:// (or wss://) socket address to connect-src`;
  await expect(errorState(page)).toContainText(told);
  await expect(composer(page)).toHaveCount(0);
  expect(console).toContain(`error: [parley] cannot connect: ${told}`);

  await page.waitForTimeout(NO_RETRY_WAIT_MS);
  const { violations, errors } = await heard();
  // The head start's request (asked as the visitor opened the chat, before the connection could
  // listen for refusals), then the connection's own, which hears why: none after.
  expect(violations.filter((v) => v.includes('/parley-emulator/socket.info'))).toHaveLength(2);
  expect(errors).toEqual([told]);
  expect(console.filter((line) => !line.startsWith('error: [parley] cannot connect: '))).toEqual([]);
  await expect(widget(page)).toHaveAttribute('data-connection', 'error');
});

test('connect-src with the service but not its socket: the same error state, naming the socket, one address request', async ({
  page,
  request,
}) => {
  const { console, heard } = await watch(page);
  await page.goto('/e2e/site/csp-connect-no-socket.html');
  await launcher(page).click();

  await expect(widget(page)).toHaveAttribute('data-connection', 'error');
  const host = new URL(page.url()).host;
  const told = `the page's Content-Security-Policy blocks the socket to ws://${host} (connect-src): add ws://${host} to connect-src`;
  await expect(errorState(page)).toContainText(told);
  expect(console).toContain(`error: [parley] cannot connect: ${told}`);

  await page.waitForTimeout(NO_RETRY_WAIT_MS);
  expect((await emulator(request).state()).addressRequests).toHaveLength(1);
  expect((await emulator(request).state()).connections).toHaveLength(0);
  const { violations, errors } = await heard();
  expect(violations.filter((v) => v.includes('/parley-emulator/ws'))).toHaveLength(1);
  expect(errors).toEqual([told]);
});

test('connect-src with the service and its socket (and no style-src, img-src or media-src): it chats', async ({ page }) => {
  const { console, heard } = await watch(page);
  await page.goto('/e2e/site/csp-connect-all.html');
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').first()).toBeVisible();
  await composer(page).fill('talk to a human');
  await composer(page).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');
  const { violations, errors } = await heard();
  expect(violations.filter((v) => v.startsWith('connect-src') || v.startsWith('script-src') || v.startsWith('style-src'))).toEqual([]);
  expect(errors).toEqual([]);
  expect(console.filter((line) => line.startsWith('error:'))).toEqual([]);
});
