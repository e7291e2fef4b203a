// The bot as real flows run it (issue 28): a SLOT step asks until its value validates, then the
// flow goes on with the value as a param; a NOTHING step follows without the visitor; an ANYTHING
// step takes what no intent took; flows in the list endpoint's form load; only EVENT steps marked
// manualTrigger are listed by GET trigger/event. Real HTTP and a real socket, default and strict.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadFlows } from './flows.ts';
import { isValidSlotValue } from './turns.ts';
import { startEmulator, type RunningEmulator } from '../index.ts';

const FIXTURE = new URL('./fixtures/slot-flows.json', import.meta.url);
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** A socket on a new thread: say() sends a text and resolves with the texts of the bot's answer. */
async function visitor(url: string) {
  const address = await (await fetch(`${url}/socket.info?sessionId=${randomUUID()}&clientId=web`)).json();
  const ws = new WebSocket(address.payload.endpoint);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const received: string[][] = [];
  let wake = () => {};
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type !== 'message.received') return;
    received.push(
      frame.payload.messages.flatMap((m: { responses: { payload: { text: string } }[] }) => m.responses.map((r) => r.payload.text)),
    );
    wake();
  });
  const threadId = randomUUID();
  let traceId = 0;
  return {
    async say(speech: string): Promise<string[]> {
      const before = received.length;
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      ws.send(
        JSON.stringify({ type: 'message.send', payload: { threadId, traceId: ++traceId, speech, originator: { role: 'external' } } }),
      );
      await arrived;
      return received.slice(before).flat();
    },
    close: () => ws.close(),
  };
}

describe.each([false, true])('flows with SLOT, NOTHING and ANYTHING steps (strict: %s)', (strict) => {
  it('asks for the slot until its value validates, then goes on with it; NOTHING follows at once; ANYTHING takes the rest', async () => {
    emulator = await startEmulator({ port: 0, quiet: true, strict, flows: FIXTURE });
    const ann = await visitor(emulator.url);
    try {
      expect(await ann.say('where is my order')).toEqual(['Let me look that up.', 'What is your order number?']);
      expect(await ann.say('the blue one')).toEqual(['What is your order number?']); // NUMBER: asked again
      expect(await ann.say('twelve')).toEqual(['What is your order number?']);
      expect(await ann.say('4711')).toEqual(['Order 4711 left our warehouse today.', 'Anything else I can do?']);
      expect(await ann.say('my cat ate the parcel')).toEqual(['I heard you; a colleague will read this.']);
    } finally {
      ann.close();
    }
  });

  it('lists only the EVENT steps marked manualTrigger, and runs only those', async () => {
    emulator = await startEmulator({ port: 0, quiet: true, strict, flows: FIXTURE, apiKey: 'k' });
    const listed = await (await fetch(`${emulator.url}/rest/v1/trigger/event?sync=true`, { headers: { authorization: 'k' } })).json();
    expect(listed.result.items).toEqual(['ping']);
    const trigger = (name: string) =>
      fetch(`${emulator!.url}/rest/v1/trigger/event/t1?eventName=${name}`, {
        method: 'POST',
        headers: { authorization: 'k', 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await trigger('welcome')).status).toBe(404);
  });
});

describe('flow files', () => {
  const write = (flows: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), 'parley-flows-')), 'flows.json');
    writeFileSync(file, JSON.stringify(flows));
    return file;
  };
  const flow = (steps: unknown[]) => [
    { flowId: 'f', projectId: 'p', brainId: 'b', title: 'F', group: 'g', createdAt: '2026-01-01', disabled: false, steps },
  ];

  it("load in the list endpoint's form: intents and actions given as ids", () => {
    const { flows } = loadFlows(
      write(
        flow([
          {
            stepId: 's1',
            title: 'Hi',
            type: 'INTENT',
            intent: 'i-hello',
            actions: ['a-1', { type: 'TEXT', payload: { texts: ['Hello'] } }],
          },
        ]),
      ),
    );
    expect(flows[0]!.steps[0]).toMatchObject({
      intent: { intentId: 'i-hello', examples: [{ query: 'i-hello' }] },
      actions: [{ type: 'TEXT' }],
    });
    expect(flows[0]!.steps[0]!.actions).toHaveLength(1);
  });

  it('refuse an INTENT step without an intent and a SLOT step without a slot, naming them', () => {
    expect(() => loadFlows(write(flow([{ stepId: 's-lost', title: 'Lost', type: 'INTENT', actions: [] }])))).toThrow(
      /\[0\]\.steps\[0\]\.intent: INTENT step "s-lost" has no intent/,
    );
    expect(() => loadFlows(write(flow([{ stepId: 's-ask', title: 'Ask', type: 'SLOT', actions: [] }])))).toThrow(
      /SLOT step "s-ask" has no slot/,
    );
  });

  it("the emulator's own management answer loads as a flows file", async () => {
    emulator = await startEmulator({ port: 0, quiet: true, flows: FIXTURE, managementKey: 'm' });
    const listed = await (await fetch(`${emulator.url}/v1/projects/shop/flows`, { headers: { authorization: 'Bearer m' } })).json();
    expect(loadFlows(write(listed)).flows[0]!.steps).toHaveLength(7);
  });

  it('slot validations: REQUIRED or unknown takes any text, NUMBER a number, EMAIL an address', () => {
    expect([isValidSlotValue('REQUIRED', 'x'), isValidSlotValue(undefined, ''), isValidSlotValue('COLOUR', 'red')]).toEqual([
      true,
      false,
      true,
    ]);
    expect([isValidSlotValue('NUMBER', '12,5'), isValidSlotValue('NUMBER', 'twelve')]).toEqual([true, false]);
    expect([isValidSlotValue('EMAIL', 'ann@example.com'), isValidSlotValue('EMAIL', 'ann@')]).toEqual([true, false]);
  });
});

describe('a turn', () => {
  it('runs at most 20 steps after the one that answers: NOTHING steps naming each other do not loop', async () => {
    const { takeTurn, MAX_STEPS_PER_TURN } = await import('./turns.ts');
    const text = (t: string) => [{ type: 'TEXT' as const, payload: { texts: [t] } }];
    const flows = [
      {
        flowId: 'f',
        projectId: 'p',
        brainId: 'b',
        title: 'F',
        group: 'g',
        createdAt: '',
        disabled: false,
        steps: [
          { stepId: 'start', title: 'start', type: 'EVENT' as const, actions: text('start') },
          { stepId: 'a', title: 'a', type: 'NOTHING' as const, contexts: ['start', 'b'], actions: text('a') },
          { stepId: 'b', title: 'b', type: 'NOTHING' as const, contexts: ['a'], actions: text('b') },
        ],
      },
    ];
    const turn = takeTurn(flows, { threadId: 't', speech: 'start', kind: 'event', eventName: 'start' }, {});
    expect(turn!.step.actions).toHaveLength(1 + MAX_STEPS_PER_TURN);
  });
});
