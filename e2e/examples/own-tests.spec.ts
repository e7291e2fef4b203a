// The example of docs/back-end.md ("Use it in your own Playwright tests"), run as-is: a site's own Playwright test against the Parley emulator.
// In your project: `npm install -D parley-chat @playwright/test`, point your page's
// <parley-chat base-url> at `emulator.url`, and keep the rest of this file.
import { expect, test } from '@playwright/test';
import { startEmulator, type RunningEmulator } from 'parley-chat/emulator';

let emulator: RunningEmulator;

test.beforeAll(async () => {
  // port 0: a free port; strict: refuse anything the service's spec does not allow.
  emulator = await startEmulator({ port: 0, quiet: true, strict: true, clientIds: ['my-site'] });
});
test.afterAll(() => emulator.close());
test.beforeEach(() => emulator.reset());

test('the bot answers a visitor, and the back end hears of it by webhook', async ({ page }) => {
  // Your own page here; this repository's test page embeds the widget from its query string.
  await page.goto(`/e2e/pages/widget.html?client-id=my-site&base-url=${encodeURIComponent(emulator.url)}`);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When are you open?');
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');

  const bot = page.locator('parley-chat [part~="message"][data-from="bot"]');
  await expect(bot.last()).toContainText('Monday to Friday');

  // The emulator's built-in receiver got the webhook events (`{id, type, verifyToken, ...}`).
  await expect
    .poll(async () => {
      const { received } = await (await fetch(`${emulator.url}/receiver`)).json();
      return received.map((r: { body: { type: string } }) => r.body.type);
    })
    .toEqual(expect.arrayContaining(['inbound', 'outbound']));
});
