// No request can stall the emulator (issue 27, point 3): each input that once held the event loop
// (an 80 kB email took 7.2 s to refuse, 14,000 slashes 1.8 s) is refused at once with a JSON 4xx
// naming the field, and a /health request sent right behind it is not kept waiting. The emulator
// runs in this process, so any time it blocks shows in the health request's time too.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EMAIL_LENGTH, MAX_ID_LENGTH, MAX_PATH_LENGTH, MAX_QUERY_LENGTH, MAX_URL_LENGTH } from './safety/bounds.ts';
import { startEmulator, type RunningEmulator } from './index.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEY = 'slow-inputs-key';
/** Well under a second: what the slow inputs took before is seconds. */
const QUICK_MS = 500;
/** An ordinary request behind a refused one. */
const HEALTH_MS = 200;

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, apiKey: KEY });
});
afterAll(() => emu.close());

interface Answer {
  status: number;
  body: Json;
  ms: number;
}

/** A request on a connection of its own (no pool: a stalled request must not hold health's socket). */
function send(
  method: string,
  path: string,
  o: { body?: string; headers?: Record<string, string> } = {},
): { sent: Promise<void>; answer: Promise<Answer> } {
  const started = performance.now();
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request(`${emu.url}${path}`, { method, headers: o.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode!, body: JSON.parse(text), ms: performance.now() - started });
        } catch {
          reject(new Error(`${method} ${path.slice(0, 60)}: answer is not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(o.body, sent);
  });
  return { sent: written, answer };
}

/** Sends the slow input, then GET /health as soon as the input is on the wire; both answers. */
async function withHealthBehind(method: string, path: string, o: { body?: string; headers?: Record<string, string> } = {}) {
  const slow = send(method, path, o);
  await slow.sent;
  const health = send('GET', '/health').answer;
  return { answer: await slow.answer, health: await health };
}

function expectQuick(result: { answer: Answer; health: Answer }): void {
  expect(result.answer.ms).toBeLessThan(QUICK_MS);
  expect(result.health.status).toBe(200);
  expect(result.health.ms).toBeLessThan(HEALTH_MS);
}

const json = { authorization: KEY, 'content-type': 'application/json' };
const message = (originator: Record<string, unknown>, payload: Record<string, unknown> = {}) =>
  JSON.stringify({ payload: { type: 'text', speech: 'hi', originator: { name: 'Ann', role: 'external', ...originator }, ...payload } });

describe('slow inputs are refused at once, and do not delay the next request', () => {
  it(`an 80 kB email in a REST profile: 400 naming the field (cap ${MAX_EMAIL_LENGTH})`, async () => {
    for (const email of [`a@${'.'.repeat(80_000)}@`, `a@a${'.'.repeat(80_000)} `]) {
      const result = await withHealthBehind('POST', '/rest/v1/messages/slow-email', {
        headers: json,
        body: message({ profile: { email } }),
      });
      expect(result.answer.status).toBe(400);
      expect(result.answer.body).toEqual({
        status: 'error',
        message: `payload.originator.profile.email: must be at most ${MAX_EMAIL_LENGTH} characters`,
        field: 'payload.originator.profile.email',
      });
      expectQuick(result);
    }
  });

  it(`a path of 14,000 slashes: 414 naming the path (cap ${MAX_PATH_LENGTH})`, async () => {
    for (const path of [
      `/rest/v1/messages/t1${'/'.repeat(14_000)}x`,
      `/receiver${'/'.repeat(14_000)}x`,
      `/console/api${'/'.repeat(14_000)}x`,
    ]) {
      const result = await withHealthBehind('GET', path, { headers: { authorization: KEY } });
      expect(result.answer.status).toBe(414);
      expect(result.answer.body).toMatchObject({ status: 'error', field: 'path' });
      expect(result.answer.body.message).toContain(`at most ${MAX_PATH_LENGTH} characters`);
      expectQuick(result);
    }
  });

  it('slashes under the cap are trimmed in one pass: the route still answers', async () => {
    const result = await withHealthBehind('GET', `/rest/v1/threads${'/'.repeat(MAX_PATH_LENGTH - 20)}?page=1`, {
      headers: { authorization: KEY },
    });
    expect(result.answer.status).toBe(200);
    expectQuick(result);
  });

  it(`a query past ${MAX_QUERY_LENGTH} characters: 414 naming the query`, async () => {
    const query = Array.from({ length: 800 }, (_, i) => `k${i}=1`).join('&'); // ~6 kB, within Node's own 16 kB header limit
    const result = await withHealthBehind('GET', `/rest/v1/threads?${query}`, { headers: { authorization: KEY } });
    expect(result.answer.status).toBe(414);
    expect(result.answer.body).toMatchObject({ status: 'error', field: 'query' });
    expectQuick(result);
  });

  it(`a REST threadId past ${MAX_ID_LENGTH} characters: 400 naming threadId`, async () => {
    const result = await withHealthBehind('POST', `/rest/v1/messages/${'t'.repeat(1_500)}`, { headers: json, body: message({}) });
    expect(result.answer.status).toBe(400);
    expect(result.answer.body).toEqual({
      status: 'error',
      message: `threadId: must be at most ${MAX_ID_LENGTH} characters (got 1500)`,
      field: 'threadId',
    });
    expectQuick(result);
  });

  it(`an address request's ids past ${MAX_ID_LENGTH} characters: 400 naming the parameter or header`, async () => {
    const plain = await withHealthBehind('GET', `/socket.info?sessionId=s-long-id&clientId=${'c'.repeat(1_500)}`);
    expect(plain.answer.status).toBe(400);
    expect(plain.answer.body.message).toBe(`clientId: must be at most ${MAX_ID_LENGTH} characters (got 1500)`);
    expectQuick(plain);
    const headers = { 'x-svc-secret': '', 'x-svc-threadid': 't'.repeat(5_000), 'x-svc-clientid': 'c1', 'x-svc-sessionid': 's-long-thread' };
    const secret = await withHealthBehind('GET', '/sdk/socket.info', { headers });
    expect(secret.answer.status).toBe(400);
    expect(secret.answer.body.message).toBe(`x-svc-threadid: must be at most ${MAX_ID_LENGTH} characters (got 5000)`);
    expectQuick(secret);
  });

  it(`URLs in a body past ${MAX_URL_LENGTH} characters: 400 naming the field`, async () => {
    const picture = `https://example.com/${'%'.repeat(80_000)}`;
    const result = await withHealthBehind('POST', '/rest/v1/messages/slow-url', { headers: json, body: message({ profile: { picture } }) });
    expect(result.answer.status).toBe(400);
    expect(result.answer.body.field).toBe('payload.originator.profile.picture');
    expectQuick(result);
  });

  it('a body near the 1 MB cap, full of unknown keys, is served with its departures counted, not listed', async () => {
    const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1]));
    const result = await withHealthBehind('POST', '/rest/v1/messages/slow-keys', { headers: json, body: message({}, keys) });
    expect(result.answer.status).toBe(200);
    expect(result.answer.ms).toBeLessThan(1_000);
    expect(result.health.ms).toBeLessThan(1_000);
  });
});
