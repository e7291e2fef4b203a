// On a developer's machine only the emulator's own pages may read or steer it (emulator
// contract): a Host that is not this machine is refused everywhere, sockets included; a foreign
// Origin gets nothing from the console and the control API; what the spec makes cross-origin
// (socket addresses, REST) still answers every origin. Real HTTP on loopback.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from './index.ts';

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
const PATHS = ['console/api/state', '__control/state', 'rest/v1/threads', 'socket.info?sessionId=00000000-0000-4000-8000-000000000000&clientId=c1'];

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
    for (const host of [new URL(emulator.url).host, `localhost:${new URL(emulator.url).port}`, `app.localhost:${new URL(emulator.url).port}`]) {
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
    const preflight = await ask(emulator.url, '__control/reset', { ...foreign, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' }, 'OPTIONS');
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
