// The emulator on a developer's machine, from a browser (emulator contract, "On a developer's
// machine"): a page of another origin can neither read nor steer the console or the control API,
// the console's own page can, and a widget on that other origin still chats with the emulator.
// The emulator runs on a port of its own (startEmulator); the pages come from this dev server.
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { chromiumArgs, systemChromium } from './support/chromium.ts';
import { startEmulator, type RunningEmulator } from '../emulator/index.ts';

// foreign.test is another site on this machine (a page of any website the developer visits, as
// far as the browser can tell); mapped here, as a DNS name could be.
test.use({
  launchOptions: { executablePath: systemChromium, args: [...chromiumArgs, '--host-resolver-rules=MAP foreign.test 127.0.0.1'] },
});

let emulator: RunningEmulator;
test.beforeAll(async () => {
  emulator = await startEmulator({ port: 0, quiet: true });
});
test.afterAll(() => emulator.close());

/** Reading the console's state, failing the address requests, pointing the webhooks elsewhere: from this page. */
function attempts(page: Page, base: string) {
  return page.evaluate(async (base) => {
    const attempt = async (path: string, init?: RequestInit) => {
      try {
        return `read ${(await fetch(`${base}${path}`, init)).status}`;
      } catch {
        return 'refused';
      }
    };
    const json = (method: string, body: unknown): RequestInit => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return [
      await attempt('/console/api/state'),
      await attempt('/__control/address', json('POST', { fail: 1000, status: 503 })),
      await attempt('/console/api/webhook', json('PUT', { url: 'http://evil.example/hook' })),
    ];
  }, base);
}

test('another origin can neither read nor steer the console or the control API; the console itself can; the widget there still chats', async ({
  page,
}) => {
  await page.goto('/e2e/site/elsewhere.html'); // this dev server: another origin than the emulator's
  expect(await attempts(page, emulator.url)).toEqual(['refused', 'refused', 'refused']);
  // Nothing changed: the settings are as they were, and addresses are still handed out.
  const state = (await (await fetch(`${emulator.url}/console/api/state`)).json()) as { settings: { webhookUrl?: string } };
  expect(JSON.stringify(state.settings)).not.toContain('evil.example');

  // The widget on this other origin, with the emulator as its service.
  await page.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'c1', 'base-url': emulator.url })}`);
  await page.locator('parley-chat [part~="launcher"]').click();
  await page.locator('parley-chat textarea').fill('hello from another origin');
  await page.locator('parley-chat textarea').press('Enter');
  await expect(page.locator('parley-chat [part~="message"][data-from="user"]').last()).toHaveAttribute('data-status', 'delivered');

  // The console's own page: the same calls are read (the last one with a webhook URL it accepts).
  const own = await page.context().newPage();
  await own.goto(`${emulator.url}/console/`);
  const results = await attempts(own, emulator.url);
  expect(results.slice(0, 2)).toEqual(['read 200', 'read 200']);
  expect(results[2]).toMatch(/^read (200|400)$/);
  await fetch(`${emulator.url}/__control/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
});

/** A request from Node with the headers a rebinding page or another origin would send. */
function ask(url: string, headers: Record<string, string>): Promise<{ status: number; allow: string | undefined; message: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, allow: res.headers['access-control-allow-origin'] as string | undefined, message: data }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test("npm start's emulator under /parley-emulator follows Vite's host and origin rules: a rebinding Host and another origin get nothing", async ({
  baseURL,
}) => {
  const base = `${baseURL}/parley-emulator`;
  for (const path of [
    '/console/api/state',
    '/__control/state',
    '/rest/v1/threads',
    '/socket.info?sessionId=00000000-0000-4000-8000-000000000000&clientId=e2e',
  ]) {
    const answer = await ask(`${base}${path}`, { Host: 'rebind.example' });
    expect(answer.status, path).toBe(403);
    expect(answer.allow, path).toBeUndefined();
  }
  const upgraded = await new Promise<string>((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=none`, { headers: { Host: 'rebind.example' } });
    ws.on('open', () => resolve('open'));
    ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    ws.on('error', () => resolve('error'));
  });
  expect(upgraded).toBe('403');
  const foreign = await ask(`${base}/console/api/state`, { Origin: 'http://a.example' });
  expect(foreign.status).toBe(403);
  expect(foreign.allow).toBeUndefined();
  expect(foreign.message).toContain('--allow-origin http://a.example');
  // The demo's own pages (this server, by name or address) are served.
  expect((await ask(`${base}/console/api/state`, { Origin: baseURL! })).status).toBe(200);
  expect((await ask(`${base}/console/api/state`, { Origin: baseURL!.replace('127.0.0.1', 'localhost') })).status).toBe(200);
});

test("npm start's emulator: a random key (the old default refused), and its own address from where Vite listens", async ({
  baseURL,
  request,
}) => {
  const state = await (await request.get('/parley-emulator/console/api/state')).json();
  expect(state.settings.apiKey).toMatch(/^parley-rest-[\w-]{24}$/);
  expect(state.settings.webhookUrl).toBe(`${baseURL}/parley-emulator/receiver`);
  const threads = (key: string) =>
    request.get('/parley-emulator/rest/v1/threads?page=1', { headers: { authorization: key, origin: 'http://evil.example' } });
  expect((await threads('parley-api-key')).status()).toBe(401);
  expect((await threads(state.settings.apiKey)).status()).toBe(200);
});

test("npm start's emulator refuses the slow inputs at once and keeps answering (issue 27)", async ({ request }) => {
  const { apiKey } = (await (await request.get('/parley-emulator/console/api/state')).json()).settings;
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };
  const email = `a@${'.'.repeat(80_000)}@`;
  const profile = await timed(() =>
    request.post('/parley-emulator/rest/v1/messages/t27', {
      headers: { authorization: apiKey },
      data: { payload: { type: 'text', speech: 'hi', originator: { name: 'Ann', role: 'external', profile: { email } } } },
    }),
  );
  expect(profile.value.status()).toBe(400);
  expect(profile.ms).toBeLessThan(1000);
  const slashes = await timed(() =>
    request.get(`/parley-emulator/rest/v1/messages/t27${'/'.repeat(14_000)}x`, { headers: { authorization: apiKey } }),
  );
  expect(slashes.value.status()).toBe(414);
  expect(slashes.ms).toBeLessThan(1000);
  const health = await timed(() => request.get('/parley-emulator/health'));
  expect([health.value.status(), health.ms < 500]).toEqual([200, true]);
});

/** A page of another site on this machine (foreign.test, mapped to loopback in the browser, as a DNS name could be). */
test.describe('from a page of another site', () => {
  let site: Server;
  let siteUrl: string;
  test.beforeAll(async () => {
    site = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another site</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://foreign.test:${(site.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  test("npm start's built-in receiver under /parley-emulator: a page of another site reads nothing and changes nothing", async ({
    page,
    baseURL,
  }) => {
    const receiver = `${baseURL}/parley-emulator/receiver`;
    await fetch(`${receiver}`, { method: 'DELETE' });
    const delivered = await fetch(receiver, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'inbound', verifyToken: 'token-from-a-webhook' }),
    });
    expect(delivered.status).toBe(200);

    // Another site, as any website the developer visits (Vite's default CORS lets localhost pages of any port in).
    await page.goto(siteUrl);
    const results = await page.evaluate(
      async ({ base, receiver, sessionId }) => {
        const attempt = async (url: string, init?: RequestInit) => {
          try {
            const answer = await fetch(url, init);
            return `read ${answer.status}`;
          } catch {
            return 'refused';
          }
        };
        // What a page may send without a preflight: a text/plain POST (the browser sends it; the page cannot read the answer).
        const blind = (url: string, body: string) =>
          fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).then(
            () => 'sent',
            () => 'failed',
          );
        const script = (url: string) =>
          new Promise<string>((resolve) => {
            const element = document.createElement('script');
            element.src = url;
            element.onload = () => resolve('loaded');
            element.onerror = () => resolve('error');
            document.head.append(element);
          });
        return {
          // The control: what the spec makes cross-origin is readable from here, so "refused" below is the receiver's doing.
          health: await attempt(`${base}/parley-emulator/socket.info?sessionId=${sessionId}&clientId=e2e`),
          read: await attempt(receiver),
          remove: await attempt(receiver, { method: 'DELETE' }),
          fail: await blind(`${receiver}/fail`, '{"count":5}'),
          record: await blind(receiver, '{"type":"forged"}'),
          script: await script(receiver),
        };
      },
      { base: baseURL!, receiver, sessionId: randomUUID() },
    );
    expect(results).toEqual({ health: 'read 200', read: 'refused', remove: 'refused', fail: 'sent', record: 'sent', script: 'error' });

    // The blind requests reached it and were refused: still one delivery, the next one not made to fail.
    const state = await (await fetch(receiver)).json();
    expect(state.received.map((r: { body: { type: string } }) => r.body.type)).toEqual(['inbound']);
    expect(state.failNext.count).toBe(0);
  });
});
