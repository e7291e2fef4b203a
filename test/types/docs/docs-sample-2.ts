// docs/back-end.md, line 227. Made by scripts/doc-samples.ts: do not edit.
import { expect, test } from '@playwright/test';
import { startEmulator, type RunningEmulator } from 'parley-chat/emulator';

let emulator: RunningEmulator;
test.beforeAll(async () => {
  emulator = await startEmulator({ port: 0, quiet: true, strict: true, clientIds: ['my-site'] });
});
test.afterAll(() => emulator.close());
test.beforeEach(() => emulator.reset());

test('the bot answers a visitor, and the back end hears of it by webhook', async ({ page }) => {
  await page.goto(`/my-page.html?base-url=${encodeURIComponent(emulator.url)}`); // your page
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When are you open?');
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').last()).toContainText('Monday to Friday');
  await expect
    .poll(async () => (await (await fetch(`${emulator.url}/receiver`)).json()).received.map((r: { body: { type: string } }) => r.body.type))
    .toEqual(expect.arrayContaining(['inbound', 'outbound']));
});
export {};
