// On a developer's machine only the emulator's own pages may read or steer it (emulator
// contract): a Host that is not this machine is refused everywhere, sockets included; a foreign
// Origin gets nothing from the console and the control API; what the spec makes cross-origin
// (socket addresses, REST) still answers every origin. Real HTTP on loopback.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from '../index.ts';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { status?: string; message?: string } & Record<string, unknown>;
}

/** A request with the headers a browser (or a rebinding page) would send. */
function ask(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: unknown): Promise<Answer> {
  const url = new URL(path, `${base}/`);
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url, { method, headers: { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data ? JSON.parse(data) : {} }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** Opens a socket with this Host header: 'open', or the HTTP status that refused it. */
function upgrade(base: string, host: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=none`, { headers: { Host: host } });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
    ws.on('error', () => resolve('error'));
  });
}

const REBIND = { Host: 'rebind.example' };
const PATHS = [
  'console/api/state',
  '__control/state',
  'rest/v1/threads',
  'socket.info?sessionId=00000000-0000-4000-8000-000000000000&clientId=c1',
];

describe('the Host check', () => {
  it('refuses a name that is not this machine on the console, the control API, REST, the address and the socket, naming the option', async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    for (const path of PATHS) {
      const answer = await ask(emulator.url, path, REBIND);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message, path).toContain('--allow-host rebind.example');
      expect(answer.headers['access-control-allow-origin'], path).toBeUndefined();
    }
    expect(await upgrade(emulator.url, 'rebind.example')).toBe('403');
    // This machine by any of its names and addresses: served (the socket's token is made up: 4xx from the socket API itself, not the Host check).
    for (const host of [
      new URL(emulator.url).host,
      `localhost:${new URL(emulator.url).port}`,
      `app.localhost:${new URL(emulator.url).port}`,
    ]) {
      expect((await ask(emulator.url, 'console/api/state', { Host: host })).status, host).toBe(200);
    }
  });

  it('serves a name the user allows with --allow-host', async () => {
    emulator = await startEmulator({ port: 0, quiet: true, allowHosts: ['rebind.example'] });
    for (const path of PATHS.slice(0, 2)) expect((await ask(emulator.url, path, REBIND)).status, path).toBe(200);
    expect(await upgrade(emulator.url, 'rebind.example')).not.toBe('403');
  });
});

describe('the Origin check of the console and the control API', () => {
  it('gives another origin nothing: no allow header, 403, no change made; its own origin and no origin are served', async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    const foreign = { Origin: 'http://a.example' };
    const state = await ask(emulator.url, 'console/api/state', foreign);
    expect(state.status).toBe(403);
    expect(state.headers['access-control-allow-origin']).toBeUndefined();
    expect(state.body.message).toContain('--allow-origin http://a.example');
    const preflight = await ask(
      emulator.url,
      '__control/reset',
      { ...foreign, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await ask(emulator.url, '__control/address', foreign, 'POST', { fail: 5 });
    expect(refused.status).toBe(403);
    // Nothing changed: the address requests it would have made fail still succeed.
    expect((await ask(emulator.url, PATHS[3]!)).status).toBe(200);

    expect((await ask(emulator.url, 'console/api/state', { Origin: emulator.url })).status).toBe(200);
    expect((await ask(emulator.url, 'console/api/state')).status).toBe(200);
    // What the spec makes cross-origin still answers every origin, with CORS.
    const address = await ask(emulator.url, PATHS[3]!, foreign);
    expect(address.headers['access-control-allow-origin']).toBe('http://a.example');
    expect(address.status).not.toBe(403);
  });

  it('serves an origin the user allows with --allow-origin, with its allow header', async () => {
    emulator = await startEmulator({ port: 0, quiet: true, allowOrigins: ['http://a.example'] });
    const state = await ask(emulator.url, 'console/api/state', { Origin: 'http://a.example' });
    expect(state.status).toBe(200);
    expect(state.headers['access-control-allow-origin']).toBe('http://a.example');
  });
});

describe('the built-in receiver, private like the console', () => {
  const foreign = { Origin: 'http://evil.example' };

  it('gives another origin neither what it received nor a way to change it, preflight or not', async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    const delivered = await ask(emulator.url, 'receiver', {}, 'POST', { type: 'inbound', verifyToken: 'secret-token' });
    expect(delivered.status).toBe(200);

    const read = await ask(emulator.url, 'receiver', foreign);
    expect([read.status, read.headers['access-control-allow-origin']]).toEqual([403, undefined]);
    expect(JSON.stringify(read.body)).not.toContain('secret-token');
    expect(read.body.message).toContain('--allow-origin http://evil.example');
    const preflight = await ask(emulator.url, 'receiver', { ...foreign, 'Access-Control-Request-Method': 'DELETE' }, 'OPTIONS');
    expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([403, undefined]);
    // Requests a page may send without a preflight, refused outright (not merely unreadable).
    expect((await ask(emulator.url, 'receiver/fail', { ...foreign, 'content-type': 'text/plain' }, 'POST', { count: 3 })).status).toBe(403);
    expect((await ask(emulator.url, 'receiver', foreign, 'DELETE')).status).toBe(403);
    // An image or script of another site's page carries no Origin, but says where it comes from.
    const subresource = await ask(emulator.url, 'receiver', {
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Dest': 'script',
    });
    expect(subresource.status).toBe(403);

    // Nothing changed: the delivery is still there and the next one is not made to fail.
    const own = await ask(emulator.url, 'receiver', { Origin: emulator.url });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(emulator.url);
    expect(own.body).toMatchObject({ failNext: { count: 0 }, received: [{ body: { verifyToken: 'secret-token' } }] });
    // The emulator's own deliveries (Node, no Origin) and a developer's curl still reach it.
    expect((await ask(emulator.url, 'receiver')).status).toBe(200);
  });

  it('opens the console to a link the developer clicks on another site (a top-level navigation)', async () => {
    emulator = await startEmulator({ port: 0, quiet: true });
    const navigation = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
    const page = await new Promise<number>((resolve, reject) => {
      request(`${emulator!.url}/console/`, { headers: navigation }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(page).not.toBe(403); // 200 once the console is built (unit tests run before the build)
    const framed = await ask(emulator.url, 'console/api/state', { ...navigation, 'Sec-Fetch-Dest': 'iframe' });
    expect(framed.status).toBe(403);
  });
});

describe('no published key', () => {
  it('makes random REST and management keys at each start, returned by startEmulator; the old defaults open nothing', async () => {
    const first = await startEmulator({ port: 0, quiet: true });
    const second = await startEmulator({ port: 0, quiet: true });
    try {
      expect(first.apiKey).toMatch(/^parley-rest-[\w-]{24}$/);
      expect(first.managementKey).toMatch(/^parley-mgmt-[\w-]{24}$/);
      expect(new Set([first.apiKey, second.apiKey, first.managementKey, second.managementKey]).size).toBe(4);
      const foreign = { Origin: 'http://evil.example' };
      for (const key of ['parley-api-key', second.apiKey]) {
        expect((await ask(first.url, 'rest/v1/threads?page=1', { ...foreign, Authorization: key })).status).toBe(401);
      }
      expect((await ask(first.url, 'v1/projects/parley-demo/flows', { Authorization: 'Bearer parley-management-key' })).status).toBe(401);
      expect((await ask(first.url, 'rest/v1/threads?page=1', { Authorization: first.apiKey })).status).toBe(200);
      expect((await ask(first.url, 'v1/projects/parley-demo/flows', { Authorization: `Bearer ${first.managementKey}` })).status).toBe(200);
      // The console shows them to its own side only.
      const settings = (await ask(first.url, 'console/api/state', { Origin: first.url })).body.settings;
      expect(settings).toMatchObject({ apiKey: first.apiKey, managementKey: first.managementKey });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps the keys it is given', async () => {
    emulator = await startEmulator({ port: 0, quiet: true, apiKey: 'mine', managementKey: 'ours' });
    expect([emulator.apiKey, emulator.managementKey]).toEqual(['mine', 'ours']);
  });
});

describe("the emulator's own origin (the built-in receiver's URL)", () => {
  /** An emulator mounted as the Vite plugin mounts it, before anyone tells it its address. */
  async function mounted(allowHosts: string[] | true) {
    const { createServer } = await import('node:http');
    const { createEmulator } = await import('../emulator.ts');
    const service = createEmulator({ quiet: true }, { allowHosts, allowOrigin: () => false });
    const server = createServer((req, res) => void service.handleRequest(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const webhookUrl = async () => (await ask(base, 'console/api/state')).body.settings as { webhookUrl?: string };
    const close = async () => {
      server.closeAllConnections();
      await service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return { base, webhookUrl, close };
  }

  it('is never learnt from a Host the host check refused', async () => {
    const { base, webhookUrl, close } = await mounted([]);
    try {
      expect((await ask(base, 'health', REBIND)).status).toBe(403);
      expect((await ask(base, 'health')).status).toBe(200);
      expect((await webhookUrl()).webhookUrl).toBe(`${base}/receiver`);
    } finally {
      await close();
    }
  });

  it('is not learnt from any Host when every host is allowed (Vite allowedHosts: true): only from where it listens', async () => {
    const { base, webhookUrl, close } = await mounted(true);
    try {
      expect((await ask(base, 'health', REBIND)).status).toBe(200);
      expect((await webhookUrl()).webhookUrl).toBeUndefined();
    } finally {
      await close();
    }
  });
});
