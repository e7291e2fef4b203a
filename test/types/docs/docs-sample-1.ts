// docs/back-end.md, line 179. Made by scripts/doc-samples.ts: do not edit.
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { startEmulator } from 'parley-chat/emulator';

test('the receiver does the work of an event once, however often it comes', async () => {
  // Your receiver (here a small one): it remembers the ids it has handled; use your database.
  const handled = new Set<string>();
  let work = 0;
  const receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const event = JSON.parse(text) as { id: string };
      if (!handled.has(event.id)) {
        handled.add(event.id);
        work += 1; // the real work, once per id
      }
      res.writeHead(200).end(); // a duplicate is acknowledged too, or it comes again
    });
  });
  await new Promise<void>((resolve) => receiver.listen(4321, '127.0.0.1', resolve));
  const emulator = await startEmulator({ port: 0, quiet: true, webhookUrl: 'http://127.0.0.1:4321/hooks' });

  // An event: a REST message, which the bot answers with a `message` webhook.
  await fetch(`${emulator.url}/rest/v1/messages/thread-1`, {
    method: 'POST',
    headers: { Authorization: emulator.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ payload: { type: 'text', speech: 'pricing', originator: { name: 'Ann', role: 'external' } } }),
  });
  await expect.poll(() => work).toBe(1);

  // The same event again, as a retry would bring it: acknowledged, and no work done twice.
  const [id] = handled;
  const resend = await fetch(`${emulator.url}/__control/webhooks/${encodeURIComponent(id!)}/resend`, { method: 'POST' });
  expect((await resend.json()).attempt).toMatchObject({ status: 200, resend: true });
  expect(work).toBe(1);

  await emulator.close();
  receiver.close();
});
export {};
