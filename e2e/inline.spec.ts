// The inline layout in a real browser: from the one line with data-layout and data-target, its
// file fetched only near the viewport, connected on the first interaction (requests counted),
// a region axe finds no fault with; a target that matches nothing; the demo's help centre.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';

const region = (page: Page) => page.getByRole('region', { name: 'Help centre' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The files of dist/ and the address requests the page has made so far. */
function watchRequests(page: Page): { files: string[]; addresses: string[] } {
  const seen = { files: [] as string[], addresses: [] as string[] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/dist/')) seen.files.push(path.replace(/\.[\w-]+\.js$/, ''));
    if (path.endsWith('/socket.info')) seen.addresses.push(path);
  });
  return seen;
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('data-layout="inline" data-target: below the fold it costs the loader alone; near the viewport its chat comes; the first interaction connects', async ({
  page,
}) => {
  const seen = watchRequests(page);
  await page.goto(
    '/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator&heading=Help%20centre&layout=inline&target=%23below&below',
  );
  await expect(page.locator('#below parley-chat')).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(seen.files).toEqual(['/dist/parley.js', '/dist/parley-layouts']); // no chat file, no launcher
  await expect(page.locator('parley-chat [part~="launcher"]')).toBeHidden();

  await page.locator('#below').scrollIntoViewIfNeeded();
  await expect(region(page)).toBeVisible();
  expect(seen.files).toContain('/dist/parley-chat');
  await expect(region(page).getByRole('button', { name: 'Close chat' })).toHaveCount(0);
  await expect(page.locator('body')).toBeFocused(); // it never takes focus by itself
  const box = await page.locator('parley-chat').boundingBox();
  expect(box?.height).toBe(560); // the default height
  await page.waitForTimeout(300);
  expect(seen.addresses).toEqual([]); // no connection before the visitor uses it

  await composer(page).click();
  await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
  expect(seen.addresses).toHaveLength(1);
  await composer(page).fill('hello from the help centre');
  await composer(page).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').first()).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('parley-chat').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test('a data-target that matches nothing: the launcher layout, and the console names the selector', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator&layout=inline&target=%23nowhere');
  await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
  await expect
    .poll(() => errors)
    .toContain('[parley] data-target="#nowhere" matches nothing on this page: the chat uses the launcher layout');
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test("the demo's help centre: the chat in the page, sized by the page, answering", async ({ page }) => {
  await page.goto('/help.html');
  const chat = page.getByRole('region', { name: 'Northwind Bikes support' });
  await chat.scrollIntoViewIfNeeded();
  await expect(chat).toBeVisible();
  expect((await page.locator('parley-chat').boundingBox())?.height).toBe(600);
  await composer(page).fill('opening hours');
  await composer(page).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="bot"]').last()).toBeVisible();
});

test('on a phone, in dark colours, right to left: the inline chat stays in the page, mirrored and usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(
    '/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator&heading=Help%20centre&layout=inline&target=main&language=ar',
  );
  const panel = page.locator('parley-chat [part~="panel"]');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBe(560); // in the page's flow, not the phone's full screen
  expect(await panel.evaluate((element) => [getComputedStyle(element).position, getComputedStyle(element).direction])).toEqual([
    'relative',
    'rtl',
  ]);
  const background = await panel.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).toBe('rgb(23, 25, 31)'); // --p-bg's dark default
  const arabicComposer = page.getByRole('textbox', { name: 'رسالة' });
  await arabicComposer.click();
  await arabicComposer.fill('مرحبا');
  await arabicComposer.press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]')).toHaveCount(1);
});
