// The demo's flows: the "show me" menu reaches every template, every button and quick reply
// leads somewhere, every address names something the emulator serves, and texts fill in params.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReplies, loadFlows, matchStep, pickText, type BotInput } from './flows.ts';

const { flows } = loadFlows(new URL('./demo-flows.json', import.meta.url));
const BASE = 'http://127.0.0.1:5173/parley-emulator/';

interface Response {
  type: string;
  payload: Record<string, unknown>;
}

function answer(input: Omit<BotInput, 'threadId'>, lastStepId?: string) {
  const full: BotInput = { threadId: 't', ...input };
  const match = matchStep(flows, full, lastStepId);
  const messages = buildReplies(match, full, BASE).flatMap((frame) => frame.payload.messages);
  return {
    stepId: match?.step.stepId,
    stepType: match?.step.type,
    messages,
    responses: messages.flatMap((m) => m.responses as Response[]),
  };
}
const say = (speech: string, lastStepId?: string) => answer({ speech, kind: 'text' }, lastStepId);
const trigger = (eventName: string, params?: Record<string, unknown>) =>
  answer({ speech: eventName, kind: 'event', eventName, ...(params ? { params } : {}) });

/** Every object in a value, depth first. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) yield value as Record<string, unknown>;
  for (const child of Object.values(value)) yield* objects(child);
}

describe('the demo\'s "show me" menu', () => {
  it('"show me", "menu", "templates" and the help answer open it', () => {
    for (const speech of ['show me', 'Show me something', 'menu', 'templates', 'what can you show me?'])
      expect(say(speech).stepId, speech).toBe('showcase');
    const help = say('help').responses[0]!;
    expect(help.payload.quickReplies).toContainEqual({ label: 'Show me what you can do', value: 'show me', type: 'text' });
  });

  it('its quick replies reach every template, each followed by "Show me more"', () => {
    const menu = say('show me').responses[0]!.payload.quickReplies as { label: string; value: string; type: string }[];
    const reached = menu.map((reply) => {
      const { responses } = say(reply.value, 'showcase');
      expect(responses.at(-1)?.payload.quickReplies, reply.label).toContainEqual({ label: 'Show me more', value: 'show me', type: 'text' });
      return [reply.label, responses.find((r) => r.type !== 'text')?.type];
    });
    expect(reached).toEqual([
      ['A card', 'card'],
      ['A video card', 'card'],
      ['A carousel', 'carousel'],
      ['A list', 'list'],
      ['Buttons', 'buttons'],
      ['An image', 'image'],
      ['A video', 'video'],
      ['A sound', 'audio'],
      ['A file', 'file'],
      ['A location', 'location'],
      ['Custom', 'custom'],
      ['Formatting', undefined],
    ]);
  });

  it('every postback, event, quick reply and address in the flows leads somewhere', () => {
    const addresses = new Set<string>();
    for (const step of flows.filter((f) => !f.disabled).flatMap((f) => f.steps)) {
      for (const { type, value, url } of objects(step.actions)) {
        if (typeof url === 'string') addresses.add(new URL(url, BASE).href);
        if (typeof value !== 'string') continue;
        const where = `${step.stepId}: ${type} ${value}`;
        if (type === 'postback' || type === 'text') {
          expect(say(value, step.stepId).stepType, where).toBe('INTENT'); // right after the step that offered it
        } else if (type === 'event') {
          expect(trigger(value).stepType, where).toBe('EVENT');
        } else if (type === 'url' || type === 'webview') {
          addresses.add(new URL(value, BASE).href);
        }
      }
    }
    const own = [...addresses].filter((a) => a.startsWith(BASE));
    expect(own.length).toBeGreaterThan(5);
    for (const address of own) {
      const path = address.slice(BASE.length);
      if (path.startsWith('media/')) expect(existsSync(new URL(path, import.meta.url)), address).toBe(true);
      else expect(path, address).toBe('console/');
    }
  });

  it("the templates reach the widget with absolute addresses on the emulator's origin", () => {
    const carousel = say('show me a carousel').responses.find((r) => r.type === 'carousel')!;
    const urls = [...objects(carousel.payload)].flatMap((o) => (typeof o.url === 'string' ? [o.url] : o.type === 'url' ? [o.value] : []));
    expect(urls).toHaveLength(10);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5173\/parley-emulator\/media\/plan-[a-z]+\.svg$/);
    expect(say('show me a location').responses[0]!.payload).toMatchObject({ lat: '51.5072', long: '-0.1276' });
  });

  it('a plan\'s buttons answer: the postback picks the plan, "Book a demo" echoes its params', () => {
    expect(say('Sign me up for Team').stepId).toBe('choose-plan');
    const booked = trigger('book-demo', { plan: [{ value: 'Team' }] });
    expect(booked.messages[0]!.fallback).toBe("Thanks! We'll email you to book a demo of the Team plan.");
    expect(trigger('book-demo').responses[0]!.payload.text).toBe("Thanks! We'll email you to book a demo of the plan you picked.");
  });

  it('the custom slot picker names the event its buttons send, and the flow answers it with the slot', () => {
    const custom = say('show me a custom template', 'showcase').responses.find((r) => r.type === 'custom')!;
    const { event, slots } = custom.payload as { event: string; slots: { label: string }[] };
    expect(trigger(event).stepType).toBe('EVENT');
    expect(trigger(event, { slot: [{ value: slots[0]!.label }] }).responses[0]!.payload.text).toBe(
      'Booked for Wednesday 10:00. See you then!',
    );
  });

  it('"formatting" answers with Markdown the demo page draws', () => {
    const [text] = say('formatting').responses;
    expect(text!.payload.text).toMatch(/\*\*Formatting\*\*/);
    expect(text!.payload.text).toContain('[links](https://example.com/)');
  });
});

describe('pickText', () => {
  const params = { plan: [{ value: 'Pro' }, { value: 'Team' }], seats: [{ value: 5 }], odd: [{ value: { x: 1 } }], empty: [] };

  it("sends the first text, filling placeholders with each param's first value", () => {
    expect(pickText(['Plain first', 'The {{plan}} plan'], params)).toBe('Plain first');
    expect(pickText(['{{ plan }} for {{seats}} seats', 'Plain'], params)).toBe('Pro for 5 seats');
  });

  it('skips texts whose params are missing or not plain values; the last goes without its placeholders', () => {
    expect(pickText(['The {{colour}} one', 'The {{plan}} one'], params)).toBe('The Pro one');
    expect(pickText(['{{odd}}', '{{empty}}', '{{toString}}', 'Fallback'], params)).toBe('Fallback');
    expect(pickText(['A demo of {{plan}}.'], {})).toBe('A demo of .');
  });
});
