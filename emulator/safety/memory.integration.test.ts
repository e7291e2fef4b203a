// Issue 27's proof: 4,000 socket frames of 60 kB from one client (7 s of a hostile or broken
// page) must not grow the emulator by more than 200 MB. The emulator runs in a process of its own
// (`parley-emulator --quiet` from source, with --expose-gc), so its memory is not the sender's;
// `GET __control/memory` collects garbage first and says what the bounded parts keep.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BOUNDS } from './retention.ts';
import { describeLoad, measureLoad, startChildEmulator, type ChildEmulator } from '../../test/emulator/memory-load.ts';

const PLAN = { frames: 4000, frameBytes: 60_000 };
const LIMIT_MB = 200;

let emulator: ChildEmulator;
beforeAll(async () => {
  emulator = await startChildEmulator(process.execPath, ['--expose-gc', '--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--quiet']);
});
afterAll(() => emulator?.stop());

it(`keeps the emulator's growth under ${LIMIT_MB} MB for ${PLAN.frames} frames of 60 kB`, { timeout: 60_000 }, async () => {
  const result = await measureLoad(emulator.url, PLAN);
  console.log(`memory: ${describeLoad(result, PLAN)}`);
  expect(result.after.via).toBe('control');
  expect(result.growthMB).toBeLessThan(LIMIT_MB);

  const kept = result.after.kept!;
  expect(kept.frames!.bytes).toBeLessThanOrEqual(BOUNDS.frames.bytes);
  expect(kept.threads!.bytes).toBeLessThanOrEqual(BOUNDS.threadBytes.bytes);
  expect(kept.webhooks!.bytes).toBeLessThanOrEqual(BOUNDS.webhooks.bytes);
  expect(kept.receiver!.bytes).toBeLessThanOrEqual(BOUNDS.receiver.bytes);
  const memory = (await (await fetch(`${emulator.url}/__control/memory`)).json()) as { dropped: string[] };
  expect(memory.dropped).toEqual(expect.arrayContaining(['frames', 'transcript', 'traces']));
});

it('still serves after the load: a message is acknowledged, and acknowledged again when resent', async () => {
  expect((await fetch(`${emulator.url}/health`)).status).toBe(200);
  const address = (await (await fetch(`${emulator.url}/socket.info?sessionId=${randomUUID()}&clientId=any`)).json()) as {
    payload: { endpoint: string };
  };
  const ws = new WebSocket(address.payload.endpoint);
  const frames: { type: string; payload?: { traceId?: number } }[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise((resolve) => ws.once('open', resolve));
  const send = { type: 'message.send', payload: { threadId: `after-${randomUUID()}`, traceId: 7, speech: 'hello' } };
  const delivered = async (count: number) => {
    await expect.poll(() => frames.filter((f) => f.type === 'message.delivered').length).toBe(count);
  };
  ws.send(JSON.stringify(send));
  await delivered(1);
  ws.send(JSON.stringify(send));
  await delivered(2);
  ws.close();
  expect(frames.filter((f) => f.type === 'message.delivered').map((f) => f.payload?.traceId)).toEqual([7, 7]);
});
