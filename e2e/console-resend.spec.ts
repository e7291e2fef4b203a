// Webhook resend (emulator-contract.md, "For the back end's own tools"): Resend in the console's
// webhook log and `POST __control/webhooks/:deliveryId/resend` send a delivered event again, same
// `id`, each as a new attempt that the open console shows without a reload. Real Chromium, the
// emulator inside the dev server (/parley-emulator), its built-in receiver as the webhook.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { emulator } from './support/emulator.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('Resend in the console and through the control API: the same event again, each a new attempt in the live log', async ({
  page,
  request,
}) => {
  // A back end's REST message: the bot's answer goes to the webhook as a `message` event.
  const threadId = `resend-${Date.now()}`;
  const sent = await request.post(`/parley-emulator/rest/v1/messages/${threadId}`, {
    headers: { authorization: (await emulator(request).keys()).apiKey },
    data: { payload: { type: 'text', speech: 'pricing', originator: { name: 'Ann', role: 'external' } } },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  type Delivery = { id: string; type: string; state: string; body: { threadId?: string } };
  const delivered = async () => {
    const { webhooks } = (await (await request.get('/parley-emulator/console/api/state')).json()) as { webhooks: Delivery[] };
    return webhooks.find((d) => d.type === 'message' && d.body.threadId === threadId && d.state === 'delivered');
  };
  await expect.poll(delivered).toBeTruthy();
  const { id } = (await delivered())!;

  await page.goto('/parley-emulator/console/');
  const log = page.getByRole('complementary', { name: 'Webhooks' });
  await expect(log.getByText('The real service has no manual retry', { exact: false })).toBeVisible();
  const item = log.locator('li.delivery', { hasText: `id ${id}` });
  const attempts = item.getByRole('list', { name: `Attempts of message ${id}` }).getByRole('listitem');
  await expect(attempts).toHaveCount(1);

  // The console: click Resend on that delivery.
  await item.getByRole('button', { name: 'Resend' }).click();
  await expect(item.getByRole('status')).toHaveText('Resent: HTTP 200.');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(1)).toHaveText(/^#2 resend \d.* · HTTP 200 · \d+ ms$/);
  await expect(item.locator('.badge')).toHaveText('Delivered');

  // The control API: the same call; its attempt reaches the open console by the live feed.
  const resent = await request.post(`/parley-emulator/__control/webhooks/${encodeURIComponent(id)}/resend`);
  expect(resent.status()).toBe(200);
  const answer = await resent.json();
  expect(answer).toMatchObject({ status: 'ok', attempt: { status: 200, resend: true }, delivery: { id, state: 'delivered' } });
  expect(answer.delivery.attempts).toHaveLength(3);
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(2)).toContainText('resend');

  // The receiver saw one event three times: the same id, the same body.
  const { received } = (await (await request.get('/parley-emulator/receiver')).json()) as { received: Array<{ body: { id: string } }> };
  const same = received.filter((r) => r.body.id === id).map((r) => r.body);
  expect(same).toHaveLength(3);
  expect(new Set(same.map((body) => JSON.stringify(body))).size).toBe(1);

  const unknown = await request.post('/parley-emulator/__control/webhooks/evt_0_deadbeef/resend');
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).message).toContain('evt_0_deadbeef');

  const axe = await new AxeBuilder({ page }).include('.webhooks').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
