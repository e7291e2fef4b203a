// The console's server over real HTTP (port 0) with an in-memory source.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './server.ts';
import { delivery, entry, FakeSource, thread } from '../../../test/emulator/console-fakes.ts';

let dir: string;
let source: FakeSource;
let consoleServer: ConsoleServer;
let http: Server;
let base: string;

async function start(assetsDir: string) {
  consoleServer = createConsoleServer(source, { assetsDir, keepAliveMs: 50 });
  http = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/parley-emulator/console')) consoleServer.handle(req, res, url.slice('/parley-emulator/console'.length));
    else res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/parley-emulator/console`;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-'));
  const site = join(dir, 'site');
  await mkdir(join(site, 'assets'), { recursive: true });
  await writeFile(join(site, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(join(site, 'assets', 'main-abc.js'), 'console.log(1)');
  await writeFile(join(site, 'assets', 'main-abc.css'), 'body{}');
  await writeFile(join(dir, 'secret.txt'), 'TOP-SECRET');
  source = new FakeSource();
  await start(site);
});

async function stop() {
  consoleServer.close();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
}

afterEach(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

/** A raw request: fetch() would normalise `..` away before it leaves. */
function raw(path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${path}`, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('console API', () => {
  it('answers the state: settings, threads, webhooks and the bounds that dropped older items', async () => {
    source.threadList = [thread('t1')];
    source.deliveries = [delivery('w1')];
    source.droppedBounds = ['webhooks'];
    const response = await fetch(`${base}/api/state`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      settings: source.config,
      threads: [thread('t1')],
      webhooks: [delivery('w1')],
      dropped: ['webhooks'],
    });
  });

  it('answers a thread and its transcript by URL-encoded id, 404 for an unknown one', async () => {
    const id = 'thread/with spaces|x';
    const said = entry(id);
    source.threadList = [thread(id)];
    source.transcripts.set(id, [said]);
    const response = await fetch(`${base}/api/threads/${encodeURIComponent(id)}`);
    expect(await response.json()).toEqual({ thread: thread(id), transcript: [said] });
    const missing = await fetch(`${base}/api/threads/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 'error', message: expect.stringContaining('nope') });
  });

  it('answers unknown API routes and wrong methods with JSON errors', async () => {
    const unknown = await fetch(`${base}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).status).toBe('error');
    const wrong = await fetch(`${base}/api/state`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('resends a delivery by URL-encoded id through the source: 200 with the attempt, 404 naming an unknown id', async () => {
    source.deliveries = [delivery('evt_1_a/b')];
    const sent = await fetch(`${base}/api/webhooks/${encodeURIComponent('evt_1_a/b')}/resend`, { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ status: 'ok', attempt: { resend: true }, delivery: { id: 'evt_1_a/b' } });
    const missing = await fetch(`${base}/api/webhooks/nope/resend`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 'error', message: expect.stringContaining('"nope"') });
    expect(source.resent).toEqual(['evt_1_a/b', 'nope']);
  });

  it('streams feed events as Server-Sent Events and unsubscribes when the client leaves', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/feed`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil(/: connected\n\n/);
    expect(source.listeners.size).toBe(1);
    const event = { kind: 'thread' as const, thread: thread('t9') };
    source.publish(event);
    await readUntil(/data: .*\n\n/);
    expect(JSON.parse(/data: (.*)\n\n/.exec(text)![1]!)).toEqual(event);
    await readUntil(/: keep-alive\n\n/); // every keepAliveMs (50 ms here)
    controller.abort();
    await expect.poll(() => source.listeners.size).toBe(0);
  });

  it('ends open feeds on close()', async () => {
    const response = await fetch(`${base}/api/feed`);
    const reader = response.body!.getReader();
    await reader.read();
    consoleServer.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(source.listeners.size).toBe(0);
  });

  it('sets and clears the webhook URL, and refuses anything but an http(s) URL or null', async () => {
    const put = (body: string) => fetch(`${base}/api/webhook`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
    const set = await put(JSON.stringify({ url: 'https://example.test/hook' }));
    expect(set.status).toBe(200);
    expect((await set.json()).settings.webhookUrl).toBe('https://example.test/hook');
    expect(source.config.webhookUrl).toBe('https://example.test/hook');

    for (const body of [{ url: 'ftp://x.test/' }, { url: 'not a url' }, { url: 42 }, {}, { url: '' }]) {
      const refused = await put(JSON.stringify(body));
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/url/);
    }
    const invalid = await put('{not json');
    expect(invalid.status).toBe(400);
    expect(source.config.webhookUrl).toBe('https://example.test/hook');

    const cleared = await put(JSON.stringify({ url: null }));
    expect((await cleared.json()).settings.webhookUrl).toBeUndefined();
    expect(source.config.webhookUrl).toBeUndefined();
  });
});

describe('the page and its assets', () => {
  it('redirects {base}/console to {base}/console/', async () => {
    const response = await raw('');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('console/');
  });

  it('serves index.html at / and /index.html with a strict CSP', async () => {
    for (const path of ['/', '/index.html', '/?x=1']) {
      const response = await raw(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(response.body).toContain('<title>console</title>');
    }
  });

  it('serves assets with their content type, nosniff and a long cache', async () => {
    const js = await raw('/assets/main-abc.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cache-control']).toMatch(/immutable/);
    expect((await raw('/assets/main-abc.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const head = await raw('/assets/main-abc.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 404 JSON for missing files and refuses to leave the directory', async () => {
    for (const path of [
      '/assets/missing.js',
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets',
      '/x%00.js',
    ]) {
      const response = await raw(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body).status).toBe('error');
      expect(response.body).not.toContain('TOP-SECRET');
    }
    expect((await raw('/%E0%A4%A')).status).toBe(400);
    expect((await raw('/index.html', 'POST')).status).toBe(405);
  });

  it('answers 503 naming the build when the page is not built', async () => {
    await stop();
    await start(join(dir, 'not-built'));
    const response = await raw('/');
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body).message).toMatch(/npm run build/);
  });
});
