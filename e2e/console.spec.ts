// The agent console with a real visitor: a widget asks for a human, an agent answers from the
// console, the bot stays quiet while paused, resolve brings it back, and the webhook log shows
// the story. Real Chromium, the emulator inside the dev server (/parley-emulator).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { messages, say } from './support/widget.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('a visitor asks for a human, an agent answers from the console, resolve brings the bot back', async ({ context, request }) => {
  const visitor = await context.newPage();
  await visitor.goto(
    `/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', 'start-event': 'welcome' })}`,
  );
  await visitor.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(messages(visitor, 'bot').first()).toBeVisible();
  await say(visitor, 'talk to a human');
  await expect(messages(visitor, 'bot').last()).toContainText('colleague');
  const threadId = await visitor.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);

  const agent = await context.newPage();
  const started = Date.now();
  await agent.goto('/parley-emulator/console/');
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
  const state = await emulator(request).state();
  expect(state.threads.find((t) => t.threadId === threadId)).toMatchObject({ botPaused: false });
});

test('the console at 1024, 1280 and 390 px: cards fit their column, each message once, named by the visitor, handover first, axe clean', async ({
  browser,
  context,
}) => {
  // Three visitors, each in a browser of their own (their own storage, so their own thread),
  // closed at the end: their sockets must not outlive the test.
  const visitors: BrowserContext[] = [];
  const visit = async (name: string, text: string) => {
    const own = await browser.newContext();
    visitors.push(own);
    const visitor = await own.newPage();
    await visitor.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator' })}`);
    await visitor
      .locator('parley-chat')
      .evaluate((el, who) => (el as unknown as { setUser(user: object): void }).setUser({ name: who }), name);
    await visitor.getByRole('button', { name: 'Open chat', exact: true }).click();
    await say(visitor, text);
    return visitor;
  };
  try {
    await visit('Ada Lovelace', 'just looking around, with a rather long first question about the prices of the plans');
    await visit('Grace Hopper', 'talk to a human');
    await visit('Alan Turing', 'opening hours');

    const agent = await context.newPage();
    await agent.goto('/parley-emulator/console/');
    const list = agent.getByRole('navigation', { name: /Threads/ });
    await expect(list.getByRole('button')).toHaveCount(3);
    // Grace asked for a human: her thread comes first, whatever came after it.
    await expect(list.getByRole('button').first()).toContainText('Grace Hopper');
    await expect(list.getByRole('button').first()).toContainText('Handover');

    await list.getByRole('button', { name: /Grace Hopper/ }).click();
    await agent.getByRole('textbox', { name: /Reply as/ }).fill('Hello Grace, Sam here.');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    const log = agent.locator('[role=log]');
    await expect(log).toContainText('Hello Grace, Sam here.');
    expect(await log.locator('.entry-text', { hasText: 'Hello Grace, Sam here.' }).count()).toBe(1);

    for (const [width, height] of [
      [1024, 768],
      [1280, 860],
      [390, 844],
    ] as const) {
      await agent.setViewportSize({ width, height });
      // Nothing wider than the column it sits in: every card, and everything in it.
      const overflowing = await agent.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.column, .column *')]
          .filter(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible' && element.clientWidth > 0,
          )
          .map((element) => `${element.className || element.tagName}: ${element.scrollWidth} > ${element.clientWidth}`),
      );
      expect(overflowing, `at ${width} px`).toEqual([]);
      const cards = await list
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((b) => [b.getBoundingClientRect().right, b.closest('.column')!.getBoundingClientRect().right]),
        );
      for (const [right, columnRight] of cards)
        expect(right, `a card past its column at ${width} px`).toBeLessThanOrEqual(columnRight! + 0.5);
      const times = await list
        .locator('time')
        .evaluateAll((all) => all.map((t) => t.getBoundingClientRect().right <= t.closest('.thread')!.getBoundingClientRect().right));
      expect(times.every(Boolean), `a card's time cut at ${width} px`).toBe(true);
      const axe = await new AxeBuilder({ page: agent }).analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        `axe at ${width} px`,
      ).toEqual([]);
    }
  } finally {
    await Promise.all(visitors.map((own) => own.close()));
  }
});
