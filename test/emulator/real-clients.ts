// What the real-clients integration tests (emulator/real-clients-*.integration.test.ts) share: an
// emulator for a describe block with the address requests, sockets and REST calls of a client
// written for the real service, and the frames such a client sends.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const tid = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

/** A test-side socket that records every frame and lets a test await the next ones. */
class Client {
  frames: Json[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const raw = String(data);
      try {
        this.frames.push(JSON.parse(raw));
      } catch {
        this.frames.push({ unparsable: raw });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  of(type: string): Json[] {
    return this.frames.filter((f) => f.type === type);
  }
  /** Waits until `count` frames matching `pred` have arrived (counting from the start). */
  async waitFor(pred: (f: Json) => boolean, count = 1, timeoutMs = 3000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.frames.filter(pred);
      if (hits.length >= count) return hits;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for frames; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  waitType(type: string, count = 1, timeoutMs?: number): Promise<Json[]> {
    return this.waitFor((f) => f.type === type, count, timeoutMs);
  }
  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

function harness(emu: () => RunningEmulator) {
  const sockets: Client[] = [];

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

  function connect(endpoint: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(endpoint);
      const client = new Client(ws);
      sockets.push(client);
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  async function plainSocket(): Promise<Client> {
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
