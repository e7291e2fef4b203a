// <parley-chat> from the built dist/parley.js on its page, through the public contract: a missing
// or wrong configuration explained, the keyboard alone, axe, its DOM events, removing it and
// loading its script twice.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { launcher, messages, threadIdOf } from './support/widget.ts';
import { composer, load, openChat, say, widget } from './support/widget-page.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('a script tag without data-client-id mounts nothing and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/e2e/pages/widget.html?base-url=/parley-emulator');
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
  await expect(widget(page)).toHaveCount(0);
  expect(errors.join('\n')).toContain('data-client-id');
});

test('a wrong client-id shows an explained error in the panel and a console error, without retrying', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await load(page, { 'client-id': 'no-such-client' });
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'error');
  const panel = page.getByRole('dialog', { name: 'Chat' });
  await expect(panel.getByRole('alert')).toContainText('401');
  await expect(composer(page)).toHaveCount(0);
  await page.waitForTimeout(2_000);
  expect((await emulator(request).state()).addressRequests).toHaveLength(1);
  expect(errors.join('\n')).toContain('401');
});

test('an unreachable base-url: the visitor hears it in plain words, the console and parley:error say where', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await load(page, { 'base-url': 'http://127.0.0.1:9' });
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'reconnecting');
  const header = page.locator('parley-chat [part~="header"]');
  await expect(header).toContainText('Your messages are kept and will be sent when the connection is back.');
  await expect(header).not.toContainText('127.0.0.1');
  expect(errors.join('\n')).toContain('127.0.0.1:9');
});

test('keyboard alone: Tab reaches the launcher, the composer gets focus, Escape closes and returns focus', async ({ page }) => {
  await load(page);
  await page.locator('#page-button').focus();
  await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type('typed with the keyboard');
  await page.keyboard.press('Enter');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  await expect(widget(page)).not.toHaveAttribute('open');
});

test('axe finds no violation in the closed and the open widget', async ({ page, request }) => {
  await load(page, { 'start-event': 'welcome' });
  const closed = await new AxeBuilder({ page }).include('parley-chat').analyze();
  expect(closed.violations).toEqual([]);
  await openChat(page);
  await expect(page.getByRole('group', { name: 'Suggested replies' })).toBeVisible();
  await say(page, 'talk to a human');
  await expect(messages(page, 'bot').last()).toContainText('colleague');
  await emulator(request).agentSays(await threadIdOf(page), 'Hello, Sam here.', {
    name: 'Sam',
    picture: new URL('/agent-sam.svg', page.url()).href,
  });
  await expect(messages(page, 'agent').first()).toBeVisible({ timeout: 10_000 });
  // Contrast is measured on what is painted: let the new message finish fading in.
  await page.waitForFunction(() => document.querySelector('parley-chat')!.shadowRoot!.getAnimations().length === 0);
  const open = await new AxeBuilder({ page }).include('parley-chat').analyze();
  expect(open.violations).toEqual([]);
});

test('DOM events bubble out of the element with their details', async ({ page }) => {
  await load(page);
  await page.evaluate(() => {
    const seen: Array<{ type: string; detail: unknown }> = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    for (const type of ['parley:open', 'parley:close', 'parley:connection', 'parley:message', 'parley:delivered', 'parley:error']) {
      document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
    }
  });
  await openChat(page);
  await say(page, 'hello');
  await expect(messages(page, 'bot').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close chat' }).click();
  const seen = await page.evaluate(() => (window as unknown as { seen: Array<{ type: string; detail: unknown }> }).seen);
  const types = seen.map((e) => e.type);
  expect(types[0]).toBe('parley:open');
  expect(seen).toContainEqual({ type: 'parley:connection', detail: { state: 'open' } });
  expect(seen).toContainEqual({ type: 'parley:delivered', detail: { traceId: 1 } });
  expect(types).toContain('parley:message');
  expect(types.at(-1)).toBe('parley:close');
});

test('removing the element closes its socket; changing client-id reconnects cleanly', async ({ page, request }) => {
  await load(page);
  await openChat(page);
  await widget(page).evaluate((el) => el.setAttribute('client-id', 'demo'));
  await expect.poll(async () => (await emulator(request).state()).addressRequests.map((r) => r.clientId)).toEqual(['e2e', 'demo']);
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect.poll(async () => (await emulator(request).state()).openSockets).toBe(1);

  await widget(page).evaluate((el) => el.remove());
  await expect.poll(async () => (await emulator(request).state()).openSockets).toBe(0);
  await page.waitForTimeout(1_500);
  expect((await emulator(request).state()).addressRequests).toHaveLength(2);
});

test('loading the script twice warns and mounts one widget', async ({ page }) => {
  const warnings: string[] = [];
  const pageErrors: Error[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  page.on('pageerror', (error) => pageErrors.push(error));
  await load(page, { copies: '2' });
  await expect(launcher(page)).toBeVisible();
  await expect(widget(page)).toHaveCount(1);
  expect(pageErrors).toEqual([]);
  expect(warnings.join('\n')).toContain('already defined');
});
