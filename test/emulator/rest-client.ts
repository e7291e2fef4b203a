// What the REST API's integration tests (emulator/rest/rest-*.integration.test.ts) share: an
// emulator for a describe block, a client for its REST API and its webhook receiver, the bodies
// they send and the checks of an answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const KEY = 'rest-test-key';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

interface RestOptions {
  body?: unknown;
  /** Sent as is (no JSON.stringify). */
  raw?: string;
  headers?: Record<string, string>;
  /** `null`: no Authorization header. */
  auth?: string | null;
}

function client(emu: () => RunningEmulator) {
  async function rest(method: string, path: string, o: RestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (o.auth !== null) headers.authorization = o.auth ?? KEY;
    if (o.body !== undefined || o.raw !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, o.headers);
    const res = await fetch(`${emu().url}/rest/v1/${path}`, {
      method,
      headers,
      ...(o.raw !== undefined ? { body: o.raw } : o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    const text = await res.text();
    let body: Json;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: answer is not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** The webhook events the built-in receiver got, oldest first, bodies only. */
  async function received(type?: string): Promise<Json[]> {
    const res = await fetch(`${emu().url}/receiver${type ? `?type=${encodeURIComponent(type)}` : ''}`);
    const json = (await res.json()) as Json;
    return json.received.map((r: Json) => r.body);
  }

  /** Polls the receiver until `count` events match (the dispatcher delivers asynchronously). */
  async function webhook(pred: (body: Json) => boolean, count = 1, timeoutMs = 2000): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = await received();
      const hits = all.filter(pred);
      if (hits.length >= count) return hits;
      if (Date.now() > deadline)
        throw new Error(
          `webhook not received within ${timeoutMs} ms; the receiver has ${JSON.stringify(all.map((b) => [b.type, b.threadId]))}`,
        );
      await sleep(25);
    }
  }

  async function state(): Promise<Json> {
    return (await fetch(`${emu().url}/__control/state`)).json();
  }

  return { rest, received, webhook, state };
}

/**
 * An emulator (on a free port, with the API key KEY and `options`) for the describe block that
 * calls this, and a client for it: started before its tests, reset before each (unless `reset` is
 * false), closed after. `started` gets the emulator once it runs, for tests that use it directly.
 */
export function restEmulator(
  options: Omit<EmulatorOptions, 'prefix'> = {},
  { reset = true, started }: { reset?: boolean; started?: (emu: RunningEmulator) => void } = {},
) {
  let emu: RunningEmulator | undefined;
  const running = () => {
    if (!emu) throw new Error('the emulator is not started yet');
    return emu;
  };
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quiet: true, apiKey: KEY, ...options });
    started?.(emu);
  });
  afterAll(async () => {
    await running().close();
  });
  if (reset)
    beforeEach(() => {
      running().reset();
    });
  return client(running);
}

/** An `external` text message body. */
export const text = (speech: string, extra: Record<string, unknown> = {}) => ({
  payload: { type: 'text', originator: { name: 'Ann', role: 'external' }, speech, ...extra },
});
export const moderatorText = (speech: string) => ({ payload: { type: 'text', originator: { name: 'Sam', role: 'moderator' }, speech } });
export const tid = (label = 't') => `${label}-${randomUUID().slice(0, 8)}`;

/** An error answer: JSON, status not ok, a message in words, CORS. */
export function expectError(answer: Answer, status: number, field?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
  expect(answer.body.status).not.toBe('ok');
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message).toMatch(/[a-z]{2,} [a-z]{2,}/i); // words, not a code
  if (field !== undefined) {
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toContain(field);
  }
}

export function expectOk(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('ok');
  expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
}
