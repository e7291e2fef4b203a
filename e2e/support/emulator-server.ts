// What the emulator's in-process specs (emulator-address, -socket and -control.spec.ts) share: the
// emulator in this process (strict, as our widget tests run it) on a free port for each spec file,
// its control API, address requests, and test-side sockets that record every frame.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { createEmulator, type Emulator } from '../../emulator/emulator.ts';
import { REPO_CLIENTS } from '../../emulator/vite-plugin.ts';
import { RecordingSocket, type Json } from '../../test/emulator/recording-socket.ts';

let server: Server;
/** The running emulator and its address (set before the spec file's tests). */
export let service: Emulator;
export let base: string;

/** Starts the emulator before the spec file's tests, resets it before each, and closes it after. */
export function serveEmulator(): void {
  test.beforeAll(async () => {
    service = createEmulator({ clients: REPO_CLIENTS, strict: true, quiet: true });
    server = createServer((req, res) => {
      service.handleRequest(req, res);
    });
    server.on('upgrade', (req, socket, head) => {
      if (!service.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await service.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test.beforeEach(async () => {
    await control('reset');
  });
}

export type { Json };

export async function control(verb: string, body: unknown = {}): Promise<Json> {
  const res = await fetch(`${base}/__control/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

export async function getJson(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; res: Response }> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.json(), res };
}

export function plainAddress(clientId = 'e2e', sessionId: string = randomUUID(), headers: Record<string, string> = {}) {
  return getJson(`/socket.info?sessionId=${encodeURIComponent(sessionId)}&clientId=${encodeURIComponent(clientId)}`, headers);
}

export function secretAddress(o: { threadId: string; secret: string; clientId?: string; sessionId?: string; prefix?: string }) {
  const p = o.prefix ?? 'x-svc';
  return getJson('/sdk/socket.info', {
    [`${p}-secret`]: o.secret,
    [`${p}-threadid`]: o.threadId,
    [`${p}-clientid`]: o.clientId ?? 'e2e',
    [`${p}-sessionid`]: o.sessionId ?? randomUUID(),
  });
}

export function connect(endpoint: string): Promise<RecordingSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint);
    const client = new RecordingSocket(ws);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Resolves with the HTTP status that refused the upgrade (fails if the socket opened). */
export function refusedStatus(endpoint: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(endpoint);
    ws.once('open', () => {
      ws.close();
      reject(new Error('socket unexpectedly opened'));
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    ws.on('error', () => {});
  });
}

export async function plainSocket(clientId = 'e2e'): Promise<RecordingSocket> {
  const { status, body } = await plainAddress(clientId);
  expect(status).toBe(200);
  return connect(body.payload.endpoint);
}

export async function secretSocket(threadId: string, secret = ''): Promise<{ client: RecordingSocket; secret: string }> {
  const { status, body } = await secretAddress({ threadId, secret });
  expect(status, JSON.stringify(body)).toBe(200);
  return { client: await connect(body.payload.endpoint), secret: body.secret };
}

export const sendFrame = (payload: Record<string, unknown>) => ({ type: 'message.send', payload });
export const text = (threadId: string, speech: string, traceId?: number) =>
  sendFrame({ threadId, speech, originator: { role: 'external' }, ...(traceId !== undefined ? { traceId } : {}) });
export const event = (threadId: string, name: string, speech = name) =>
  sendFrame({ threadId, speech, attachment: { type: 'event', payload: { name } }, originator: { role: 'external' } });

/** Sends a frame and returns the first `message.received` that follows, checking delivered came first. */
export async function ask(client: RecordingSocket, frame: unknown): Promise<Json> {
  const before = client.frames.length;
  client.send(frame);
  await client.waitFor(() => client.frames.length > before + 1 && client.frames.slice(before).some((f) => f.type === 'message.received'));
  const fresh = client.frames.slice(before);
  expect(fresh[0]?.type, JSON.stringify(fresh)).toBe('message.delivered');
  return fresh.find((f) => f.type === 'message.received');
}

export const stepOf = (received: Json) => received.payload.messages[0].step.stepId as string;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
