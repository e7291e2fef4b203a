// The agent console with a real visitor: a widget asks for a human, an agent answers from the
// console, the bot stays quiet while paused, resolve brings it back, and the webhook log shows
// the story. Real Chromium, the emulator inside the dev server (/mock).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mock } from './support/mock.ts';

const messages = (page: Page, from: 'user' | 'bot' | 'agent') => page.locator(`parley-chat [part~="message"][data-from="${from}"]`);
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
}

test.beforeEach(async ({ request }) => {
  await mock(request).reset();
});

test('a visitor asks for a human, an agent answers from the console, resolve brings the bot back', async ({ context, request }) => {
  const visitor = await context.newPage();
  await visitor.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/mock', 'start-event': 'welcome' })}`);
  await visitor.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(messages(visitor, 'bot').first()).toBeVisible();
  await say(visitor, 'talk to a human');
  await expect(messages(visitor, 'bot').last()).toContainText('colleague');
  const threadId = await visitor.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);

  const agent = await context.newPage();
  const started = Date.now();
  await agent.goto('/mock/console/');
  const thread = agent.getByRole('navigation', { name: /Threads/ }).getByRole('button', { name: new RegExp(threadId) });
  await expect(thread).toBeVisible();
  console.log(`[console] thread list on screen ${Date.now() - started} ms after navigation`);
  await thread.click();
  await expect(agent.getByRole('status').filter({ hasText: 'Conversation handover, bot paused.' })).toBeAttached();

  const axe = await new AxeBuilder({ page: agent }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await agent.getByText('Replying as').click(); // the agent's profile folds open
  await agent.getByLabel('Agent name').fill('Sam');
  await agent.getByLabel('Picture URL').fill(new URL('/agent-sam.svg', agent.url()).href);
  await agent.getByRole('textbox', { name: /Reply as/ }).fill("Hi, I'm Sam. How can I help?");
  await agent.getByRole('button', { name: 'Send', exact: true }).click();

  const answer = messages(visitor, 'agent').last();
  await expect(answer).toContainText("Hi, I'm Sam. How can I help?");
  await expect(answer).toContainText('Sam');
  await expect(answer.locator('img')).toHaveJSProperty('complete', true);
  expect(await answer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // While paused, the bot stays silent: the visitor's message is delivered and nobody else speaks.
  const botCount = await messages(visitor, 'bot').count();
  await say(visitor, 'what are your prices?');
  await expect(agent.locator('[role=log]')).toContainText('what are your prices?');
  await visitor.waitForTimeout(1500);
  expect(await messages(visitor, 'bot').count()).toBe(botCount);

  await agent.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(agent.getByRole('status').filter({ hasText: 'Conversation resolved, bot active.' })).toBeAttached();
  await say(visitor, 'opening hours');
  await expect(messages(visitor, 'bot')).toHaveCount(botCount + 1);

  // The webhook log: what the visitor sent, what the bot sent, and the pause and resume.
  const log = agent.getByRole('complementary', { name: 'Webhooks' });
  for (const type of ['inbound', 'outbound', 'paused', 'resumed']) {
    await expect(log.locator('.delivery .type', { hasText: new RegExp(`^${type}$`) }).first()).toBeVisible();
  }
  await expect(log.locator('.delivery.state-delivered').first()).toBeVisible();
  const state = await mock(request).state();
  expect(state.threads.find((t) => t.threadId === threadId)).toMatchObject({ botPaused: false });
});
