// <parley-chat> from the built dist/parley.js: messages that arrive unread, counted on the launcher
// while the panel is closed, or below while the visitor reads older ones, and the unread divider.
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { launcher, messages, threadIdOf } from './support/widget.ts';
import { load, openChat, say } from './support/widget-page.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('the launcher counts messages that arrive while the panel is closed', async ({ page, request }) => {
  await load(page);
  await openChat(page);
  await say(page, 'hello');
  await expect(messages(page, 'bot').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close chat' }).click();
  const threadId = await threadIdOf(page);
  const reply = (text: string) => ({
    threadId,
    frame: { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text } }] }] } },
  });
  await emulator(request).control('push', reply('one'));
  await emulator(request).control('push', reply('two'));
  await expect(page.locator('parley-chat [part~="launcher"]')).toContainText('2');
  await launcher(page).click();
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.locator('parley-chat [part~="launcher"]')).not.toContainText('2');
});

/** A bot message pushed into the thread, one per text. */
async function pushBot(page: Page, request: Parameters<typeof emulator>[0], texts: string[]) {
  const threadId = await threadIdOf(page);
  for (const text of texts) {
    const frame = { type: 'message.received', payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text } }] }] } };
    await emulator(request).control('push', { threadId, frame });
  }
}

/** A conversation long enough to scroll: the visitor's hello, the bot's answer, then `count` more from the bot. */
async function longConversation(page: Page, request: Parameters<typeof emulator>[0], count: number, label: string) {
  await load(page);
  await openChat(page);
  await say(page, 'hello');
  await expect(messages(page, 'bot').first()).toBeVisible();
  await pushBot(
    page,
    request,
    Array.from({ length: count }, (_, i) => `${label} ${i + 1}`),
  );
  await expect(messages(page).last()).toContainText(`${label} ${count}`);
}

test('reading older messages while five arrive: one button with "5", one announcement, and it jumps to the latest', async ({
  page,
  request,
}) => {
  await longConversation(page, request, 14, 'earlier answer');
  const scroller = page.locator('parley-chat .scroller');
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
    const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
    const region = el.querySelector('[role="status"][data-new-messages]')!;
    new MutationObserver(() => region.textContent && heard.push(region.textContent)).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await pushBot(page, request, ['new 1', 'new 2', 'new 3', 'new 4', 'new 5']);
  const button = page.locator('parley-chat [part~="new-messages"]');
  await expect(button).toHaveText('↓ 5 unread messages');
  await expect.poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual(['5 unread messages']);
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual(['5 unread messages']);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeLessThan(300); // still where the visitor reads
  await button.click();
  await expect(messages(page).last()).toBeInViewport();
  await expect(button).toHaveCount(0);
});

test('three messages that came while the panel was closed: a divider above the first of them, in view', async ({ page, request }) => {
  await longConversation(page, request, 12, 'read answer');
  await page.getByRole('button', { name: 'Close chat' }).click();
  await pushBot(page, request, ['unread 1', 'unread 2', 'unread 3']);
  await expect(page.locator('parley-chat [part~="launcher"]')).toContainText('3');
  await launcher(page).click();
  const divider = page.locator('parley-chat [part~="unread-divider"]');
  await expect(divider).toHaveText('3 unread messages');
  await expect(divider).toBeInViewport();
  expect(await divider.evaluate((el) => el.nextElementSibling?.textContent)).toContain('unread 1');
});
