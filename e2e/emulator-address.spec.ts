// The emulator's address side over real HTTP, in-process and without a browser: health, CORS and
// 404s, then plain and secret address requests and the single-use socket addresses they give.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  base,
  connect,
  control,
  getJson,
  plainAddress,
  refusedStatus,
  secretAddress,
  serveEmulator,
  sleep,
  type Json,
} from './support/emulator-server.ts';

serveEmulator();

// ---------------- HTTP basics ----------------

test('health answers 200 ok with CORS headers; preflight echoes requested headers', async () => {
  const plain = await getJson('/health');
  expect(plain.status).toBe(200);
  expect(plain.body).toEqual({ status: 'ok' });
  expect(plain.res.headers.get('access-control-allow-origin')).toBe('*');

  const withOrigin = await getJson('/health', { origin: 'https://site.example' });
  expect(withOrigin.res.headers.get('access-control-allow-origin')).toBe('https://site.example');

  const pre = await fetch(`${base}/sdk/socket.info`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://site.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-svc-secret,x-svc-threadid',
    },
  });
  expect(pre.status).toBe(204);
  expect(pre.headers.get('access-control-allow-origin')).toBe('https://site.example');
  expect(pre.headers.get('access-control-allow-headers')).toBe('x-svc-secret,x-svc-threadid');
  expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, OPTIONS');
  expect(Number(pre.headers.get('access-control-max-age'))).toBeGreaterThan(0);

  const missing = await getJson('/nope');
  expect(missing.status).toBe(404);
  expect(missing.body.status).toBe('error');
});

// ---------------- address requests ----------------

test('plain address request: validation, clients, origins, unique sessionId, endpoint', async () => {
  expect((await getJson('/socket.info?clientId=e2e')).status).toBe(400);
  expect((await getJson(`/socket.info?sessionId=${randomUUID()}`)).status).toBe(400);
  const unknown = await plainAddress('nobody');
  expect(unknown.status).toBe(401);
  expect(unknown.body).toMatchObject({ status: 'error' });
  expect(typeof unknown.body.message).toBe('string');

  expect((await plainAddress('restricted')).status).toBe(403); // no Origin at all
  expect((await plainAddress('restricted', randomUUID(), { origin: 'https://evil.example' })).status).toBe(403);
  const allowed = await plainAddress('restricted', randomUUID(), { origin: 'https://allowed.example' });
  expect(allowed.status).toBe(200);
  expect(allowed.res.headers.get('access-control-allow-origin')).toBe('https://allowed.example');

  const sessionId = randomUUID();
  const ok = await plainAddress('demo', sessionId);
  expect(ok.status).toBe(200);
  expect(ok.body.status).toBe('ok');
  const host = new URL(base).host;
  expect(ok.body.payload.endpoint).toMatch(new RegExp(`^ws://${host.replace(/\./g, '\\.')}/ws\\?token=[\\w-]{16,}$`));
  const again = await plainAddress('demo', sessionId);
  expect(again.status).toBe(400);

  const https = await plainAddress('demo', randomUUID(), { 'x-forwarded-proto': 'https' });
  expect(https.body.payload.endpoint).toMatch(/^wss:\/\//);

  // A client with client-nonce enabled refuses plain requests.
  expect((await plainAddress('secret-only')).status).toBe(403);

  const state = (await getJson('/__control/state')).body;
  expect(state.addressRequests.map((r: Json) => r.status)).toEqual([400, 400, 401, 403, 403, 200, 200, 400, 200, 403]);
  expect(state.addressRequests[5]).toMatchObject({ mode: 'plain', clientId: 'restricted', origin: 'https://allowed.example' });
});

test('secret address request: first empty secret, then the current one; rotation; header prefix', async () => {
  const threadId = randomUUID();
  // Missing header -> 400.
  const missing = await getJson('/sdk/socket.info', { 'x-svc-secret': '', 'x-svc-threadid': threadId, 'x-svc-clientid': 'e2e' });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toContain('x-svc-sessionid');
  // First request of a thread must send an empty secret.
  const bogus = await secretAddress({ threadId, secret: 'made-up' });
  expect(bogus.status).toBe(401);
  expect(bogus.body).toEqual({ status: 'error', message: 'invalid secret' });
  expect((await secretAddress({ threadId, secret: '', clientId: 'nobody' })).status).toBe(401);

  const first = await secretAddress({ threadId, secret: '' });
  expect(first.status).toBe(200);
  expect(first.body.status).toBe('ok');
  expect(first.body.payload.endpoint).toMatch(/^ws:\/\/.+\/ws\?token=/);
  const secret: string = first.body.secret;
  expect(secret.length).toBeGreaterThanOrEqual(16);

  // Later requests: empty or wrong secret refused, current secret accepted (unchanged without rotation).
  expect((await secretAddress({ threadId, secret: '' })).status).toBe(401);
  expect((await secretAddress({ threadId, secret: secret + 'x' })).status).toBe(401);
  const second = await secretAddress({ threadId, secret });
  expect(second.status).toBe(200);
  expect(second.body.secret).toBe(secret);

  await control('config', { rotateSecret: true });
  const third = await secretAddress({ threadId, secret });
  expect(third.status).toBe(200);
  expect(third.body.secret).not.toBe(secret);
  expect((await secretAddress({ threadId, secret })).status).toBe(401); // the old one is dead
  const fourth = await secretAddress({ threadId, secret: third.body.secret });
  expect(fourth.status).toBe(200);

  await control('config', { headerPrefix: 'x-acme' });
  expect((await secretAddress({ threadId: randomUUID(), secret: '' })).status).toBe(400);
  expect((await secretAddress({ threadId: randomUUID(), secret: '', prefix: 'x-acme' })).status).toBe(200);

  const state = (await getJson('/__control/state')).body;
  expect(state.threads.find((t: Json) => t.threadId === threadId)?.secret).toBe(fourth.body.secret);
  expect(state.addressRequests.find((r: Json) => r.mode === 'secret' && r.status === 200)).toMatchObject({ threadId, secretSent: '' });
});

test('socket addresses are single-use, unknown tokens refused, expired tokens refused', async () => {
  const { body } = await plainAddress();
  const client = await connect(body.payload.endpoint);
  expect(await refusedStatus(body.payload.endpoint)).toBe(401);
  client.close();
  expect(await refusedStatus(body.payload.endpoint.replace(/token=.*/, 'token=nope'))).toBe(401);
  expect(await refusedStatus(body.payload.endpoint.replace(/\/ws\?/, '/elsewhere?'))).toBe(404);

  await control('config', { tokenTtlMs: 100 });
  const late = await plainAddress();
  await sleep(200);
  expect(await refusedStatus(late.body.payload.endpoint)).toBe(401);

  const state = (await getJson('/__control/state')).body;
  expect(state.upgradeRefusals.map((r: Json) => r.reason)).toEqual([
    expect.stringContaining('already used'),
    'unknown token',
    expect.stringContaining('no socket endpoint'),
    'token expired',
  ]);
});
