// What the spec says is what the page gets (issue 28): a received message reaches the page whole
// in parley:message, in the tab that holds the socket and in the others; a visitor may write
// 2,000 characters (the spec's 255 is the REST API's); role `user` is the visitor's own side.
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const userBubbles = (page: Page) => page.locator('parley-chat [part~="message"][data-from="user"]');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');

async function openChat(page: Page): Promise<void> {
  await page.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator' })}`);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
}

async function say(page: Page, text: string): Promise<string> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  return widget(page).evaluate((el) => (el as ParleyChatElement).threadId!);
}

/** Listens (resolved once listening) for the next parley:message; the function waits for its detail. */
async function nextMessage(page: Page): Promise<() => Promise<unknown>> {
  await widget(page).evaluate((el) => {
    const got = ((window as { got?: unknown[] }).got = [] as unknown[]);
    el.addEventListener('parley:message', (event) => got.push((event as CustomEvent).detail), { once: true });
  });
  return async () => {
    await expect.poll(() => page.evaluate(() => (window as { got?: unknown[] }).got!.length)).toBe(1);
    return page.evaluate(() => (window as { got?: unknown[] }).got![0]);
  };
}

test('parley:message gives the page the payload as the service sent it, every field, in this tab and another', async ({
  page,
  request,
}) => {
  await openChat(page);
  const threadId = await say(page, 'hello');
  await expect(botMessages(page).last()).toBeVisible();
  const other = await page.context().newPage();
  await openChat(other);

  // Everything the spec shows and some it does not: the widget draws the text, the page gets it all.
  const payload = {
    threadId,
    flow: { id: 'f-1', title: 'Opening hours', group: 'support', metadata: { owner: 'ops' } },
    step: { id: 's-3', type: 'TEXT' },
    params: { city: [{ value: 'Paris', match: 'paris' }] },
    originator: {
      name: 'Parley Bot',
      role: 'bot',
      userId: 'bot-7',
      profile: { picture: 'https://example.com/bot.png', department: 'sales' },
    },
    messages: [
      {
        fallback: 'We open at nine',
        replyTo: 'm-41',
        actions: [{ type: 'handover', data: { queue: 'sales' } }],
        meta: { msgId: 42, prevMsgId: 41, childMsgId: 1, keepTyping: false },
        responses: [
          { type: 'text', delay: 0, payload: { text: 'We open at nine', style: 'bold' }, custom: { nested: [1, 2, { deep: true }] } },
        ],
        brandNew: { anything: ['the spec does not list'] },
      },
    ],
    nothing: null,
  };
  const here = await nextMessage(page);
  const there = await nextMessage(other);
  await emulator(request).control('push', { threadId, frame: { type: 'message.received', payload } });
  expect(await here()).toEqual(payload);
  expect(await there()).toEqual(payload);
  await expect(botMessages(page).last()).toContainText('We open at nine');
});

test('a visitor writes 2,000 characters: delivered whole, no counter until 100 are left', async ({ page, request }) => {
  await openChat(page);
  const long = 'A long description of the problem. '.repeat(60).slice(0, 1850);
  await composer(page).fill(long);
  await expect(page.locator('parley-chat [part~="counter"]')).toHaveCount(0);
  const text = long + 'x'.repeat(150); // 2,000 exactly
  await composer(page).fill(text);
  await expect(page.locator('parley-chat [part~="counter"]')).toHaveText('0 characters left');
  const threadId = await say(page, text);
  const sends = await emulator(request).sends(threadId);
  expect(sends.at(-1)).toMatchObject({ speech: text });
  expect((sends.at(-1) as { speech: string }).speech).toHaveLength(2000);
});

test("a received message with role user is the visitor's own (sent from another device), drawn on the visitor's side", async ({
  page,
  request,
}) => {
  await openChat(page);
  const threadId = await say(page, 'hello');
  await expect(botMessages(page).last()).toBeVisible();
  const payload = {
    threadId,
    originator: { name: 'Ann', role: 'user' },
    messages: [{ responses: [{ type: 'text', payload: { text: 'Sent from my phone' } }] }],
  };
  await emulator(request).control('push', { threadId, frame: { type: 'message.received', payload } });
  const own = page.locator('parley-chat [part~="message"]').filter({ hasText: 'Sent from my phone' });
  await expect(own).toHaveAttribute('data-from', 'user');
  await expect(page.locator('parley-chat [part~="message"][data-from="agent"]')).toHaveCount(0);
});
