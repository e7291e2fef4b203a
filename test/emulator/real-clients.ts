// What the real-clients integration tests (emulator/real-clients-*.integration.test.ts) share: an
// emulator for a describe block with the address requests, sockets and REST calls of a client
// written for the real service, and the frames such a client sends.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';
import { RecordingSocket, type Json } from './recording-socket.ts';

export type { Json };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const tid = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

function harness(emu: () => RunningEmulator) {
  const sockets: RecordingSocket[] = [];

  async function getJson(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${emu().url}${path}`, { headers });
    return { status: res.status, body: await res.json() };
  }

  /** The vendor's address request: the four secret headers. */
  function secretAddress(o: { threadId: string; secret: string; sessionId?: string; clientId?: string }) {
    return getJson('/sdk/socket.info', {
      'x-svc-secret': o.secret,
      'x-svc-threadid': o.threadId,
      'x-svc-clientid': o.clientId ?? 'vendor-widget',
      'x-svc-sessionid': o.sessionId ?? randomUUID(),
    });
  }

  function plainAddress(sessionId: string = randomUUID(), clientId = 'web') {
    return getJson(`/socket.info?sessionId=${encodeURIComponent(sessionId)}&clientId=${encodeURIComponent(clientId)}`);
  }

  function connect(endpoint: string): Promise<RecordingSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(endpoint);
      const client = new RecordingSocket(ws, 3000);
      sockets.push(client);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  async function plainSocket(): Promise<RecordingSocket> {
    const { status, body } = await plainAddress();
    expect(status, JSON.stringify(body)).toBe(200);
    return connect(body.payload.endpoint);
  }

  async function state(): Promise<Json> {
    return (await fetch(`${emu().url}/__control/state`)).json();
  }

  async function rest(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${emu().url}/rest/v1/${path}`, {
      method,
      headers: { authorization: emu().apiKey, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  }

  function closeAll(): void {
    for (const s of sockets.splice(0)) s.ws.terminate();
  }

  return { secretAddress, plainAddress, connect, plainSocket, state, rest, closeAll };
}

/**
 * An emulator (on a free port, with `options`) for the describe block that calls this, and its
 * harness: started before its tests; its sockets closed and the emulator reset before each; both
 * closed after.
 */
export function realClients(options: Omit<EmulatorOptions, 'prefix'> = {}) {
  let emu: RunningEmulator | undefined;
  const running = () => {
    if (!emu) throw new Error('the emulator is not started yet');
    return emu;
  };
  const h = harness(running);
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, ...options });
  });
  afterAll(async () => {
    h.closeAll();
    await running().close();
  });
  beforeEach(() => {
    h.closeAll();
    running().reset();
  });
  return h;
}

/** The kind of `message.send` the vendor's client sends: beyond spec 2.2 in four places. */
export function vendorSend(threadId: string, nonce: string, traceId: number) {
  return {
    type: 'message.send',
    payload: {
      threadId,
      traceId,
      nonce,
      speech: 'welcome',
      attachment: { type: 'event', payload: { name: 'welcome', label: 'Get started' } },
      originator: {
        name: 'Visitor',
        role: 'external',
        profile: { firstName: 'Ann', description: 'returning customer' },
        metadata: { plan: 'pro' },
      },
      metadata: { language: 'en-US', timezone: 1, contexts: ['onboarding'], domain: 'shop.example' },
    },
  };
}

export const textFrame = (threadId: string, speech: string, traceId?: number, nonce?: string) => ({
  type: 'message.send',
  payload: {
    threadId,
    speech,
    originator: { role: 'external' },
    ...(traceId !== undefined ? { traceId } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
  },
});
