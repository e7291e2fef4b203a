// What a page sends cannot write to the developer's terminal (issue 27, point 5): a client id
// carrying OSC 52 (a clipboard write) and socket frames carrying a screen clear are printed with
// their control characters escaped, ESC as the four characters `\x1b`.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from '../index.ts';

const OSC_52 = '\x1b]52;c;aGk=\x07';
const CLEAR = '\x1b[2J';

let emu: RunningEmulator;
const printed: string[] = [];
beforeAll(async () => {
  emu = await startEmulator({ port: 0, apiKey: 'terminal-key' }); // not quiet: it prints
});
afterAll(() => emu.close());

/** Resolves once the emulator has printed a line containing `text`. */
async function printedLine(text: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const line = printed.find((candidate) => candidate.includes(text));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`nothing printed with ${JSON.stringify(text)}; printed: ${JSON.stringify(printed)}`);
}

it('prints a client id and socket frames with their control characters escaped', async () => {
  // Here, not in beforeAll: the config restores mocks before each test.
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
  const address = await fetch(`${emu.url}/socket.info?sessionId=s-terminal&clientId=${encodeURIComponent(`c${OSC_52}`)}`);
  const { payload } = (await address.json()) as { payload: { endpoint: string } };
  expect(await printedLine('address plain c\\x1b]52;c;aGk=\\x07/s-terminal -> 200')).toBeTruthy();

  const ws = new WebSocket(payload.endpoint);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: `x${CLEAR}` })); // an unknown type: served, its departure printed
  ws.send(`raw ${CLEAR}\x1b[31mred\r\nforged line`); // not JSON: printed as received, then refused
  await printedLine('unknown frame type "x\\x1b[2J"');
  await printedLine('<- s-terminal raw \\x1b[2J\\x1b[31mred\\x0d\\x0aforged line');
  ws.close();

  const all = printed.join('\n');
  expect(all).toContain('\\x1b');
  expect(all).not.toContain('\x1b');
  expect(printed.join('')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/); // eslint-disable-line no-control-regex
});
