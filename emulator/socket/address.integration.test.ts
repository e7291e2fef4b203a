// The address desk's token sweep over real HTTP and sockets, with a clock the test moves: an
// expired token is recognised for a while (to say so), then swept.
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EXPIRED_TOKEN_MEMORY_MS } from '../safety/retention.ts';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { createFakeClock } from '../../test/emulator/fake-clock.ts';

const clock = createFakeClock(Date.UTC(2026, 0, 1));
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true, clock });
});
afterAll(() => emu.close());

let session = 0;
async function token(): Promise<string> {
  const answer = (await (await fetch(`${emu.url}/socket.info?sessionId=s${++session}&clientId=any`)).json()) as {
    payload: { endpoint: string };
  };
  return answer.payload.endpoint;
}

/** Why an upgrade was refused (its 401 body), or 'open'. */
function upgrade(endpoint: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(endpoint);
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(body) as { message: string }).message));
    });
  });
}

it('an expired token is refused as expired for a while, then swept and unknown', async () => {
  const first = await token();
  await clock.advanceBy(61_000);
  await token(); // sweeps nothing yet
  expect(await upgrade(first)).toBe('token expired');
  await clock.advanceBy(EXPIRED_TOKEN_MEMORY_MS);
  const fresh = await token(); // sweeps the first
  expect(await upgrade(first)).toBe('unknown token');
  expect(await upgrade(fresh)).toBe('open');
});
