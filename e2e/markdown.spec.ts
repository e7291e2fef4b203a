// Issue 40 in real Chromium against the emulator: the `markdown` attribute draws a bot's
// formatting as DOM nodes with its code fetched once, with the first text that needs it; XSS
// attempts stay text; without the attribute, nothing changes and nothing more is fetched.
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');

async function openChat(page: Page, query: Record<string, string>): Promise<string> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', 'start-event': 'welcome', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(botMessages(page).first()).toBeVisible(); // the welcome: the service knows the thread
  return (await widget(page).evaluate((el) => (el as ParleyChatElement).threadId))!;
}

function botSays(request: Parameters<typeof emulator>[0], threadId: string, text: string) {
  return emulator(request).control('push', {
    threadId,
    frame: {
      type: 'message.received',
      payload: { threadId, originator: { role: 'bot' }, messages: [{ responses: [{ type: 'text', payload: { text } }] }] },
    },
  });
}

const FORMATTED =
  '**Opening hours** for *this week*:\n\n- Monday: `9:00`\n- Tuesday: closed\n\n> Holidays differ.\n\nSee [our page](https://example.com/hours) or [call](tel:+3212345678).';
const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '[click me](javascript:window.__pwned=2)',
  '![picture](https://example.com/x.png)',
  '<script>window.__pwned=3</script> **still bold**',
].join('\n\n');

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test("markdown: a bot's formatting drawn as elements, its code fetched once; XSS attempts stay text", async ({ page, request }) => {
  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (/parley-markdown\.\w+\.js$/.test(sent.url())) fetched.push(sent.url());
  });
  const threadId = await openChat(page, { markdown: '' });
  await botSays(request, threadId, FORMATTED);
  const formatted = botMessages(page).filter({ hasText: 'Opening hours' }).locator('[part~="bubble"]');
  await expect(formatted.locator('strong')).toHaveText('Opening hours');
  await expect(formatted.locator('em')).toHaveText('this week');
  await expect(formatted.locator('li')).toHaveCount(2);
  await expect(formatted.locator('code')).toHaveText('9:00');
  await expect(formatted.locator('blockquote')).toHaveText('Holidays differ.');
  const link = formatted.getByRole('link', { name: /our page/ });
  await expect(link).toHaveAttribute('href', 'https://example.com/hours');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(formatted.getByRole('link', { name: /call/ })).toHaveAttribute('href', 'tel:+3212345678');
  await expect(formatted).not.toContainText('**');
  // Its styles came with it: the list is indented, the quote has its rule.
  expect(await formatted.locator('blockquote').evaluate((quote) => getComputedStyle(quote).borderInlineStartWidth)).toBe('3px');

  await botSays(request, threadId, HOSTILE);
  const hostile = botMessages(page).filter({ hasText: 'still bold' }).locator('[part~="bubble"]');
  await expect(hostile.locator('strong')).toHaveText('still bold');
  await expect(hostile).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(hostile).toContainText('<script>window.__pwned=3</script>');
  await expect(hostile).toContainText('click me');
  await expect(hostile).toContainText('![picture](');
  await expect(hostile.locator('img, script')).toHaveCount(0);
  await expect(hostile.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(fetched).toHaveLength(1);

  // The visitor's own text is never Markdown.
  await page.getByRole('textbox', { name: 'Message' }).fill('**my own**');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toContainText('**my own**');

  // Switched off at run time: the texts are drawn as written again.
  await widget(page).evaluate((el) => ((el as ParleyChatElement).markdown = false));
  await expect(formatted.locator('strong')).toHaveCount(0);
  await expect(formatted).toContainText('**Opening hours**');
});

test("without markdown, a bot's asterisks show and no Markdown code is fetched", async ({ page, request }) => {
  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (/parley-markdown/.test(sent.url())) fetched.push(sent.url());
  });
  const threadId = await openChat(page, {});
  await botSays(request, threadId, FORMATTED);
  const bubble = botMessages(page).last().locator('[part~="bubble"]');
  await expect(bubble).toContainText('**Opening hours**');
  await expect(bubble.locator('strong')).toHaveCount(0);
  expect(fetched).toHaveLength(0);
});
