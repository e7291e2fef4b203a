// <parley-chat> from the built dist/parley.js, driven only through the public contract
// (names, roles, parts, attributes, events) against the emulator.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page, from?: 'user' | 'bot' | 'agent') =>
  page.locator(from ? `parley-chat [part~="message"][data-from="${from}"]` : 'parley-chat [part~="message"]');

const threadIdOf = (page: Page) => widget(page).evaluate((el) => (el as ParleyChatElement).threadId!);

async function load(page: Page, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
}

async function openChat(page: Page): Promise<void> {
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
}

async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

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
