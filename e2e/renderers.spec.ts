// Issue 40 in real Chromium against the emulator: the site's own renderers (`renderers`) draw a
// response in its place with the page's CSS, send events with their params, fail into the
// message's fallback, survive a reload and a change of renderers; with Markdown under Trusted
// Types; and the demo's slot picker and formatting answer.
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { botSends, emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');
/** What the site drew, where it lives: the element's light DOM, slotted into the message. */
const drawn = (page: Page) => page.locator('parley-chat > [slot^="parley-response-"] .site-slots');

// Sent with the support's fallback ("This message cannot be shown here."), never shown for a custom response.
const SLOTS = { type: 'custom', payload: { kind: 'slots', title: 'Pick a time', slots: ['Wednesday 10:00', 'Thursday 9:30'] } };
const text = (value: string) => ({ type: 'text', payload: { text: value } });

async function openChat(page: Page): Promise<string> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', 'start-event': 'welcome' });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.addStyleTag({ url: '/e2e/site/drawn.css' });
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(botMessages(page).first()).toBeVisible();
  return (await widget(page).evaluate((el) => (el as ParleyChatElement).threadId))!;
}

test.beforeEach(async ({ page, request }) => {
  await emulator(request).reset();
  // The site's renderers, given to the element as soon as parley.js adds it (see the file).
  await page.addInitScript({ path: 'e2e/site/drawn.js' });
});

test('renderers set before the chat loads draw a custom response in its place, styled by the page; its buttons send events with params', async ({
  page,
  request,
}) => {
  const threadId = await openChat(page);
  expect(await page.evaluate(() => (window as unknown as { chatLoadedAtSet: boolean }).chatLoadedAtSet)).toBe(false);
  await botSends(request, threadId, [text('Before the picker'), SLOTS, text('After the picker')]);
  await expect(drawn(page)).toBeVisible();
  // In its place: between the message's two texts, and in the page's light DOM, styled by its CSS.
  const order = await page.evaluate(() => {
    const rows = [...document.querySelector('parley-chat')!.shadowRoot!.querySelectorAll('[part~="message"][data-from="bot"]')].slice(-3);
    return rows.map((row) => row.querySelector('slot')?.assignedElements()[0]?.textContent ?? row.textContent);
  });
  expect(order[0]).toContain('Before the picker');
  expect(order[1]).toContain('Pick a time');
  expect(order[2]).toContain('After the picker');
  expect(await drawn(page).evaluate((node) => getComputedStyle(node).borderTopColor)).toBe('rgb(200, 30, 90)');
  expect(
    await drawn(page)
      .getByRole('button', { name: 'Thursday 9:30' })
      .evaluate((node) => getComputedStyle(node).fontWeight),
  ).toBe('700');

  await drawn(page).getByRole('button', { name: 'Thursday 9:30' }).click();
  await expect
    .poll(async () => (await emulator(request).sends(threadId)).find((sent) => sent.speech === 'book-slot'))
    .toMatchObject({
      speech: 'book-slot',
      attachment: { type: 'event', payload: { name: 'book-slot' } },
      metadata: { params: { slot: [{ value: 'Thursday 9:30' }] } },
    });
});

test("a renderer that throws: the message's fallback in its place, one console error naming the type, the other responses drawn", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  const uncaught: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => uncaught.push(error.message));
  const threadId = await openChat(page);
  await botSends(
    request,
    threadId,
    [text('Before it'), { type: 'custom', payload: { kind: 'boom' } }, text('After it')],
    'Our picker is not available; call us.',
  );
  await expect(botMessages(page).filter({ hasText: 'After it' })).toBeVisible();
  await expect(botMessages(page).filter({ hasText: 'Our picker is not available; call us.' })).toBeVisible();
  await expect(botMessages(page).filter({ hasText: 'Before it' })).toBeVisible();
  await expect.poll(() => errors.filter((line) => line.includes('custom')).length).toBe(1);
  expect(errors.find((line) => line.includes('custom'))).toContain('the site renderer broke');
  expect(uncaught).toEqual([]);
});

test("after a reload the stored custom response is drawn by the page's renderers again; setting them again redraws", async ({
  page,
  request,
}) => {
  const threadId = await openChat(page);
  await botSends(request, threadId, [text('Your times:'), SLOTS]);
  await expect(drawn(page)).toBeVisible();

  await page.reload(); // the panel was open: it opens again, with the stored conversation
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await expect(botMessages(page).filter({ hasText: 'Your times:' })).toBeVisible();
  await expect(drawn(page)).toBeVisible();
  await expect(drawn(page)).toHaveCount(1);

  // Without a renderer for it, a custom response shows nothing (its fallback is not a bubble).
  await widget(page).evaluate((el) => ((el as ParleyChatElement).renderers = {}));
  await expect(drawn(page)).toHaveCount(0);
  await expect(page.locator('parley-chat > [slot^="parley-response-"]')).toHaveCount(0);
  await expect(botMessages(page).filter({ hasText: 'This message cannot be shown here.' })).toHaveCount(0);
  // Other renderers set: the shown message is redrawn through them.
  await widget(page).evaluate((el) => {
    (el as ParleyChatElement).renderers = {
      custom: (response) =>
        Object.assign(document.createElement('p'), {
          className: 'site-slots',
          textContent: `Redrawn: ${(response.payload as { title: string }).title}`,
        }),
    };
  });
  await expect(drawn(page)).toHaveText('Redrawn: Pick a time');
});

test("Trusted Types with Markdown and a site renderer: both drawn, the page's CSS applies, zero violations", async ({ page, request }) => {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await page.goto('/e2e/site/trusted-types-drawn.html');
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await expect(botMessages(page).first()).toBeVisible();
  const threadId = (await widget(page).evaluate((el) => (el as ParleyChatElement).threadId))!;
  await botSends(request, threadId, [text('**Choose** a time, or [call us](tel:+3212345678).'), SLOTS]);
  const formatted = botMessages(page).filter({ hasText: 'Choose' }).locator('[part~="bubble"]');
  await expect(formatted.locator('strong')).toHaveText('Choose');
  await expect(formatted.getByRole('link', { name: 'call us' })).toHaveAttribute('href', 'tel:+3212345678');
  await expect(drawn(page)).toBeVisible();
  expect(await drawn(page).evaluate((node) => getComputedStyle(node).borderTopColor)).toBe('rgb(200, 30, 90)');
  await drawn(page).getByRole('button', { name: 'Wednesday 10:00' }).click();
  await expect.poll(async () => (await emulator(request).sends(threadId)).some((sent) => sent.speech === 'book-slot')).toBe(true);
  const seen = await page.evaluate(() => ({
    csp: (window as unknown as { cspViolations: string[] }).cspViolations,
    errors: (window as unknown as { pageErrors: string[] }).pageErrors,
  }));
  expect(seen).toEqual({ csp: [], errors: [] });
  expect(uncaught).toEqual([]);
});

test('the demo: "Custom" is a slot picker the page draws with its CSS, answered "Booked for Wednesday 10:00"; "Formatting" is Markdown', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  const replies = page.getByRole('group', { name: 'Suggested replies' });
  await composer.fill('show me');
  await composer.press('Enter');
  await replies.getByRole('button', { name: 'Custom', exact: true }).click();
  const picker = page.locator('parley-chat > [slot^="parley-response-"] .slot-picker');
  await expect(picker).toBeVisible();
  expect(await picker.getByRole('button', { name: 'Wednesday 10:00' }).evaluate((node) => getComputedStyle(node).borderTopLeftRadius)).toBe(
    '999px',
  );
  await picker.getByRole('button', { name: 'Wednesday 10:00' }).click();
  await expect(botMessages(page).filter({ hasText: 'Booked for Wednesday 10:00' })).toBeVisible();

  await replies.getByRole('button', { name: 'Show me more' }).click();
  await replies.getByRole('button', { name: 'Formatting', exact: true }).click();
  const formatted = botMessages(page).filter({ hasText: 'Formatting' }).locator('[part~="bubble"]');
  await expect(formatted.locator('strong').first()).toHaveText('Formatting');
  await expect(formatted.locator('ol li')).toHaveCount(2);
  await expect(formatted).toContainText('<b>this</b>');
});

test("a second tab following the conversation draws it with its own page's renderers", async ({ page, context, request }) => {
  const threadId = await openChat(page);
  await botSends(request, threadId, [text('Your times:'), SLOTS]);
  await expect(drawn(page)).toBeVisible();

  const other = await context.newPage();
  await other.addInitScript(() => {
    new MutationObserver((_, watch) => {
      const element = document.querySelector('parley-chat') as ParleyChatElement | null;
      if (!element) return;
      watch.disconnect();
      element.renderers = {
        custom: () => Object.assign(document.createElement('p'), { className: 'other-tab', textContent: 'Drawn by the second tab' }),
      };
    }).observe(document, { childList: true, subtree: true });
  });
  await other.goto(page.url());
  if (await other.getByRole('button', { name: 'Open chat', exact: true }).isVisible())
    await other.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(other.locator('parley-chat > [slot^="parley-response-"] .other-tab')).toHaveText('Drawn by the second tab');
  await expect(other.locator('parley-chat .site-slots')).toHaveCount(0);
  await expect(drawn(page)).toBeVisible(); // the first tab keeps its own drawing
});
