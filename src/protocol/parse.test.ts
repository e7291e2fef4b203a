import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { parseIncomingFrame } from './parse.ts';

describe('parseIncomingFrame', () => {
  it('parses each frame type of spec 4.2', () => {
    const logger = silentLogger();
    expect(parseIncomingFrame('{"type":"pong"}', logger)).toEqual({ type: 'pong' });
    expect(parseIncomingFrame('{"type":"error","message":"bad"}', logger)).toEqual({ type: 'error', message: 'bad' });
    const received = {
      type: 'message.received',
      payload: {
        threadId: 't',
        originator: { name: 'Bot', role: 'bot' },
        messages: [{ fallback: 'Hi', responses: [{ type: 'text', payload: { text: 'Hi', quickReplies: [{ label: 'A', value: 'a', type: 'text' }] }, delay: 500 }] }],
      },
    };
    expect(parseIncomingFrame(JSON.stringify(received), logger)).toEqual(received);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('tolerates fields and response types it does not know', () => {
    const logger = silentLogger();
    const frame = parseIncomingFrame(
      JSON.stringify({
        type: 'message.received',
        version: 9,
        payload: { threadId: 't', newField: 1, messages: [{ responses: [{ type: 'carousel', payload: { cards: [] } }], brandNew: true }] },
      }),
      logger,
    );
    expect(frame).toMatchObject({ type: 'message.received', payload: { threadId: 't' } });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('drops, with a warning and without throwing, what it cannot use', () => {
    const bad = [
      'not json',
      '[]',
      '{"payload":{}}',
      '{"type":"typing"}',
      '{"type":"message.received","payload":{"threadId":"t"}}',
      '{"type":"message.received","payload":{"threadId":"t","messages":[{"responses":[{"delay":1}]}]}}',
      '{"type":"message.delivered"}',
      '{"type":"error","message":42}',
    ];
    for (const raw of bad) {
      const logger = silentLogger();
      expect(parseIncomingFrame(raw, logger)).toBeUndefined();
      expect(logger.warn).toHaveBeenCalledOnce();
    }
    const logger = silentLogger();
    expect(parseIncomingFrame(new ArrayBuffer(2), logger)).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
  });
});
