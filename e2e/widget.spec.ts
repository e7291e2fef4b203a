// <parley-chat> from the built dist/parley.js, driven only through the public contract
// (names, roles, parts, attributes, events) against the emulator: the conversation, from the first
// open through reloads, an agent, an outage, going offline and an error frame.
import { expect, test } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator } from './support/emulator.ts';
import { launcher, messages, threadIdOf } from './support/widget.ts';
import { composer, load, openChat, say, widget } from './support/widget-page.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('costs nothing until opened; then connects, sends the start event and offers quick replies of both types', async ({
  page,
  request,
}) => {
  await load(page, { 'start-event': 'welcome' });
  await expect(launcher(page)).toBeVisible();
  await page.waitForTimeout(500);
  expect((await emulator(request).state()).addressRequests).toHaveLength(0);
  await expect(widget(page)).toHaveAttribute('data-connection', 'idle');

  await openChat(page);
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await expect(messages(page, 'bot').first()).toBeVisible();
  await expect(messages(page, 'user')).toHaveCount(0); // the start event shows no bubble

  const threadId = await threadIdOf(page);
  const [welcome] = await emulator(request).sends(threadId);
  expect(welcome).toMatchObject({ traceId: 1, speech: 'welcome', attachment: { type: 'event', payload: { name: 'welcome' } } });

  // The welcome step offers a text and an event quick reply (see emulator/flows/demo-flows.json).
  const group = page.getByRole('group', { name: 'Suggested replies' });
  await expect(group.getByRole('button').first()).toBeVisible();
  const flows = await (
    await request.get('/parley-emulator/v1/projects/parley-demo/flows', {
      headers: { Authorization: `Bearer ${(await emulator(request).keys()).managementKey}` },
    })
  ).json();
  const welcomeStep = flows
    .flatMap((f: { steps: Array<{ type: string; title: string; actions: unknown[] }> }) => f.steps)
    .find((s: { type: string; title: string }) => s.type === 'EVENT' && s.title === 'welcome');
  const replies: Array<{ label: string; value: string; type: string }> = welcomeStep.actions.flatMap(
    (a: { payload: { quickReplies?: unknown[] } }) => a.payload.quickReplies ?? [],
  );
  const textReply = replies.find((r) => r.type === 'text')!;
  const eventReply = replies.find((r) => r.type === 'event')!;

  await group.getByRole('button', { name: textReply.label }).click();
  await expect(messages(page, 'user').last()).toHaveText(new RegExp(textReply.label));
  await expect(composer(page)).toBeFocused();
  await expect(group.getByRole('button', { name: textReply.label })).toHaveCount(0);
  await expect.poll(async () => (await emulator(request).sends(threadId)).length).toBe(2);
  expect((await emulator(request).sends(threadId))[1]).toMatchObject({ speech: textReply.value });

  // Back to the welcome step for its event reply.
  await widget(page).evaluate((el) => (el as ParleyChatElement).sendEvent('welcome'));
  await group.getByRole('button', { name: eventReply.label }).click();
  await expect
    .poll(async () => (await emulator(request).sends(threadId)).at(-1))
    .toMatchObject({
      speech: eventReply.label,
      attachment: { type: 'event', payload: { name: eventReply.value } },
    });
});

test('typing: Enter sends, the status goes to delivered, the typing indicator covers the delay', async ({ page }) => {
  await load(page);
  await openChat(page);
  await say(page, 'how much does it cost?');
  await expect(composer(page)).toHaveValue('');
  const mine = messages(page, 'user').last();
  await expect(mine).toHaveAttribute('data-status', 'delivered');
  await expect(page.locator('parley-chat [part~="typing"]')).toBeVisible();
  await expect(messages(page, 'bot').first()).toBeVisible();
  await expect(page.locator('parley-chat [part~="typing"]')).toHaveCount(0, { timeout: 10_000 });

  // Shift+Enter is a new line, not a send.
  await composer(page).fill('line one');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('line two');
  await expect(composer(page)).toHaveValue('line one\nline two');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page, 'user').last()).toContainText('line two');
});

test('a draft survives closing and opening the panel and a reload, with its caret, and is gone once sent', async ({ page }) => {
  await load(page);
  await openChat(page);
  await composer(page).fill('half a question about');
  await composer(page).press('ArrowLeft'); // the caret one character back from the end
  await page.locator('parley-chat [part~="close"]').click();
  await launcher(page).click();
  await expect(composer(page)).toHaveValue('half a question about');
  await expect(composer(page)).toBeFocused();
  const caret = () => composer(page).evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd]);
  expect(await caret()).toEqual([20, 20]);
  await page.reload();
  await expect(composer(page)).toHaveValue('half a question about');
  expect(await caret()).toEqual([20, 20]);
  await composer(page).press('End');
  await composer(page).press('Enter');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  await expect(composer(page)).toHaveValue('');
  await page.reload();
  await expect(composer(page)).toHaveValue('');
});

test('client-nonce mode works through the widget', async ({ page, request }) => {
  await load(page, { 'sdk-url': '/parley-emulator/sdk' });
  await openChat(page);
  await say(page, 'hello');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  const { addressRequests } = await emulator(request).state();
  expect(addressRequests.map((r) => r.mode)).toEqual(['secret']);
});

test('an agent appears with name and picture; service text full of HTML is shown literally', async ({ page, request }) => {
  await load(page, { 'start-event': 'welcome' });
  await openChat(page);
  await say(page, 'talk to a human');
  await expect(messages(page, 'bot').last()).toContainText('colleague');
  const threadId = await threadIdOf(page);
  // The bot handed over; a human agent answers through the REST API, as the console does.
  await emulator(request).agentSays(threadId, "Hi, I'm Sam from the support team. How can I help?", {
    name: 'Sam',
    picture: new URL('/agent-sam.svg', page.url()).href,
  });
  const agent = messages(page, 'agent').first();
  await expect(agent).toBeVisible({ timeout: 10_000 });
  await expect(agent).toContainText('Sam');
  await expect(agent.locator('img')).toHaveCount(1);

  const hostile = '<img src=x onerror="window.__pwned=1"><b>bold</b> & <script>window.__pwned=2</script>';
  await emulator(request).control('push', {
    threadId,
    frame: {
      type: 'message.received',
      payload: { threadId, originator: { role: 'bot' }, messages: [{ responses: [{ type: 'text', payload: { text: hostile } }] }] },
    },
  });
  const last = messages(page, 'bot').last();
  await expect(last).toContainText(hostile);
  await expect(last.locator('img, b, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('a reload brings back the transcript and the open panel, and connects at once for a known visitor', async ({ page, request }) => {
  await load(page);
  await openChat(page);
  await say(page, 'remember me');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  await expect(messages(page, 'bot').first()).toBeVisible();
  const before = await messages(page).allTextContents();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await expect(widget(page)).toHaveAttribute('open', '');
  await expect.poll(() => messages(page).allTextContents()).toEqual(before);
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');

  await page.getByRole('button', { name: 'Close chat' }).click();
  await page.reload();
  await expect(launcher(page)).toBeVisible();
  // Closed, but this browser has a thread: it connects at load to receive replies.
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  expect((await emulator(request).state()).addressRequests).toHaveLength(3);
});

test('messages written while the service is down survive a reload and go out once', async ({ page, request }) => {
  await load(page);
  await openChat(page);
  const threadId = await threadIdOf(page);
  await emulator(request).control('address', { fail: 1000, status: 503 });
  await emulator(request).control('drop', { terminate: true });
  await expect(widget(page)).toHaveAttribute('data-connection', 'reconnecting');
  await say(page, 'are you there?');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'pending');

  await page.reload();
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'pending');
  await emulator(request).control('address', { fail: 0 });
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered', { timeout: 15_000 });
  await expect(messages(page, 'user')).toHaveCount(1);
  expect((await emulator(request).sends(threadId)).map((s) => s.speech)).toEqual(['are you there?']);
});

test('offline: the status says so, the message waits and goes out once when back online', async ({ page, context, request }) => {
  await load(page);
  await openChat(page);
  const threadId = await threadIdOf(page);
  await context.setOffline(true);
  await expect(widget(page)).toHaveAttribute('data-connection', 'offline');
  await expect(page.getByRole('dialog', { name: 'Chat' })).toContainText('Offline');
  await say(page, 'sent from a tunnel');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'pending');
  await context.setOffline(false);
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  expect((await emulator(request).sends(threadId)).map((s) => s.speech)).toEqual(['sent from a tunnel']);
});

test('an error frame shows a dismissible notice and the widget keeps working', async ({ page, request }) => {
  await load(page);
  await openChat(page);
  await emulator(request).control('push', { frame: { type: 'error', message: 'message could not be processed' } });
  const notice = page.getByRole('alert').filter({ hasText: 'message could not be processed' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await say(page, 'hello again');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
});
