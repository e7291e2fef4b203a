// Rich templates in flow files: checked with the widget's schemas when the file loads, relative
// addresses made absolute against the emulator's address when a reply is built.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReplies, loadFlows, matchStep, withAbsoluteUrls, type Flow } from './flows.ts';

const DEMO = new URL('./demo-flows.json', import.meta.url);

function flowFile(actions: unknown[]): string {
  const flow = {
    flowId: 'f1',
    projectId: 'p',
    brainId: 'b',
    title: 'Test',
    group: 'g',
    createdAt: '2025-01-01T00:00:00.000Z',
    disabled: false,
    steps: [{ stepId: 'rich-step', title: 'go', type: 'EVENT', actions }],
  };
  const file = join(mkdtempSync(join(tmpdir(), 'parley-flows-')), 'flows.json');
  writeFileSync(file, JSON.stringify([flow]));
  return file;
}

const template = (type: string, payload: unknown, fallback = 'Fallback') => ({
  type: 'TEMPLATE',
  payload: { fallback, response: { type, payload } },
});

describe('TEMPLATE actions', () => {
  it('a payload the widget could not draw is refused when the file loads, naming the step and the field', () => {
    const file = flowFile([template('card', { subtitle: 'no title' })]);
    expect(() => loadFlows(file)).toThrow(
      `flows file ${file} is not a flow set in the management API's shape:\n  [0].steps[0].actions[0].payload.response.payload.title: card: `,
    );
    expect(() => loadFlows(flowFile([template('location', { title: 'x', lat: '1' })]))).toThrow(/long/);
    expect(() => loadFlows(flowFile([{ type: 'TEMPLATE', payload: { response: { type: 'image', payload: { url: 'a.png' } } } }]))).toThrow(
      /fallback/,
    );
  });

  it('a file that is not JSON, or missing, is named in the error', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'parley-flows-')), 'broken.json');
    writeFileSync(file, '[{"flowId": ');
    expect(() => loadFlows(file)).toThrow(`flows file ${file}: `);
    expect(() => loadFlows(join(tmpdir(), 'no-such-flows.json'))).toThrow(/flows file .*no-such-flows\.json: ENOENT/);
  });

  it("custom and other channels' types pass as they are; every drawable type of the demo loads", () => {
    expect(() => loadFlows(flowFile([template('custom', { anything: [1, 2] }), template('sticker', 'x')]))).not.toThrow();
    const { flows } = loadFlows(DEMO);
    const types = flows.flatMap((f) =>
      f.steps.flatMap((s) => s.actions.flatMap((a) => (a.type === 'TEMPLATE' ? [a.payload.response.type] : []))),
    );
    expect(new Set(types)).toEqual(
      new Set(['card', 'carousel', 'list', 'buttons', 'image', 'video', 'audio', 'file', 'location', 'custom']),
    );
  });

  it('a reply carries the template, its delay and fallback, with relative addresses made absolute', () => {
    const { flows } = loadFlows(
      flowFile([
        template(
          'card',
          {
            title: 'Pro',
            media: { url: 'media/plan-pro.svg', type: 'image' },
            action: { type: 'url', value: 'https://elsewhere.test/pro' },
            buttons: [
              { type: 'webview', label: 'Console', value: 'console/' },
              { type: 'postback', label: 'Pick', value: 'media/not-an-address' },
              { type: 'phone', label: 'Call', value: '+44 20 7946 0958' },
            ],
          },
          'Pro plan',
        ),
      ]),
    );
    const match = matchStep(flows as Flow[], { threadId: 't', speech: 'go', kind: 'event', eventName: 'go' }, undefined);
    const [frame] = buildReplies(
      match,
      { threadId: 't', speech: 'go', kind: 'event', eventName: 'go' },
      'http://127.0.0.1:5173/parley-emulator/',
    );
    const message = frame!.payload.messages[0]!;
    expect(message.fallback).toBe('Pro plan');
    expect(message.responses).toEqual([
      {
        type: 'card',
        delay: 0,
        payload: {
          title: 'Pro',
          media: { url: 'http://127.0.0.1:5173/parley-emulator/media/plan-pro.svg', type: 'image' },
          action: { type: 'url', value: 'https://elsewhere.test/pro' },
          buttons: [
            { type: 'webview', label: 'Console', value: 'http://127.0.0.1:5173/parley-emulator/console/' },
            { type: 'postback', label: 'Pick', value: 'media/not-an-address' },
            { type: 'phone', label: 'Call', value: '+44 20 7946 0958' },
          ],
        },
      },
    ]);
  });

  it('withAbsoluteUrls leaves absolute addresses, other schemes and payloads without a base alone', () => {
    const payload = { url: 'tel:123', items: [{ media: { url: 'data:image/png;base64,x' } }, { url: '/root.png' }] };
    expect(withAbsoluteUrls(payload, 'https://emu.test/base/')).toEqual({
      url: 'tel:123',
      items: [{ media: { url: 'data:image/png;base64,x' } }, { url: 'https://emu.test/root.png' }],
    });
    expect(withAbsoluteUrls(payload, undefined)).toBe(payload);
  });
});
