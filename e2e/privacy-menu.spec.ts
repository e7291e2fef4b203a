// The panel's menu ("More options"): the visitor saves a copy of the conversation (a real
// download, under a strict CSP and Trusted Types) and deletes it after a confirmation.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { composer, launcher, messages, say, threadIdOf } from './support/widget.ts';

const optionsButton = (page: Page) => page.getByRole('button', { name: 'More options' });

async function openChat(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await launcher(page).click();
  await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('"Save a copy" downloads the conversation as text: the heading and day, then each message with its time and author', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  // A site under a strict policy and Trusted Types, in English.
  await openChat(page, '/e2e/site/strict-english.html');
  await say(page, 'hello');
  await expect(messages(page, 'bot')).toHaveCount(1, { timeout: 10_000 });
  await emulator(request).agentSays(await threadIdOf(page), 'Hello, Sam here.\nHow can I help?', { name: 'Sam' });
  await expect(messages(page, 'agent')).toHaveCount(1, { timeout: 10_000 });

  // The menu button, by keyboard: Enter opens it with focus on the first item; Escape closes it.
  const button = optionsButton(page);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'More options' });
  await expect(menu.getByRole('menuitem', { name: 'Save a copy' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete this conversation' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Support' })).toBeVisible(); // Escape closed the menu only

  await page.keyboard.press('Enter');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(button).toBeFocused();

  // What the page says the day and the times are, in its language and time zone.
  const expected = await page.evaluate(() => {
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' });
    const root = document.querySelector('parley-chat')!.shadowRoot!;
    const times = [...root.querySelectorAll('[part~="message"] time')].map((time) => when.format(new Date(time.getAttribute('datetime')!)));
    const bot = root.querySelector('[part~="message"][data-from="bot"] [part~="bubble"]')!.textContent;
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.now());
    const file = new Intl.DateTimeFormat('sv').format(Date.now());
    return { times, bot, day, file };
  });
  expect(download.suggestedFilename()).toBe(`Support — ${expected.file}.txt`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\n')).toEqual([
    `Support — ${expected.day}`,
    '',
    `You · ${expected.times[0]}`,
    'hello',
    '',
    `Bot · ${expected.times[1]}`,
    expected.bot,
    '',
    `Sam · ${expected.times[2]}`,
    'Hello, Sam here.',
    'How can I help?',
    '',
  ]);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  // The temporary link is gone from the shadow root.
  expect(await page.locator('parley-chat a[download]').count()).toBe(0);
});

test('"Delete this conversation" asks in the panel, then leaves an empty conversation (after a reload too)', async ({ page }) => {
  await openChat(
    page,
    `/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', heading: 'Support' })}`,
  );
  await say(page, 'hello');
  await expect(messages(page, 'bot')).toHaveCount(1, { timeout: 10_000 });
  const before = await threadIdOf(page);

  const ask = async () => {
    await optionsButton(page).click();
    await page.getByRole('menuitem', { name: 'Delete this conversation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this conversation' });
    await expect(dialog).toContainText('This deletes the conversation from this browser.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    return dialog;
  };

  // Cancel (here, Escape) keeps everything; focus goes back to the menu button.
  const first = await ask();
  await page.keyboard.press('Escape');
  await expect(first).toHaveCount(0);
  await expect(optionsButton(page)).toBeFocused();
  await expect(messages(page)).toHaveCount(2);

  const dialog = await ask();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(messages(page)).toHaveCount(0);
  await expect(composer(page)).toBeFocused();
  expect(await threadIdOf(page)).not.toBe(before);

  // Nothing of it is left, not even that the panel was open: a reload shows the launcher, and
  // the chat opened again is empty.
  await page.reload();
  await expect(launcher(page)).toBeVisible();
  await expect(composer(page)).toHaveCount(0);
  await launcher(page).click();
  await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
  await expect(messages(page)).toHaveCount(0);
  await say(page, 'hello again');
  await expect(messages(page, 'user')).toHaveCount(1);
});

test('the menu\'s code comes when the visitor reaches for "More options", once; a file that cannot load leaves the chat working and the console saying why', async ({
  page,
}) => {
  const fetched: string[] = [];
  let refuse = true;
  await page.route('**/dist/parley-menu.*.js', (route) => {
    if (refuse) return route.fulfill({ status: 404, body: 'not here' });
    fetched.push(route.request().url());
    return route.continue();
  });
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await openChat(page, `/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator' })}`);
  await say(page, 'hello');
  await page.waitForTimeout(300);
  expect(fetched).toEqual([]); // an open chat does not fetch the menu

  // The file answers 404: no menu, a warning that says why, and the chat goes on.
  await optionsButton(page).click();
  await expect
    .poll(() => warnings.some((text) => /the panel's menu cannot open: its code could not be loaded: .*parley-menu.*404/.test(text)))
    .toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await say(page, 'still here');

  // It can load: the pointer on the button fetches it, the click opens the menu; one fetch.
  refuse = false;
  await optionsButton(page).click(); // closes the menu that could not open
  await page.mouse.move(0, 0);
  await optionsButton(page).hover();
  await expect.poll(() => fetched.length).toBe(1);
  await optionsButton(page).click();
  await expect(page.getByRole('menuitem', { name: 'Save a copy' })).toBeFocused();
  await page.keyboard.press('Escape');
  await optionsButton(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(fetched).toHaveLength(1);
  expect(errors).toEqual([]);
});
