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

  it('reads null optional fields as absent, and keeps a reply whose unused parts are odd', () => {
    const logger = silentLogger();
    const frame = parseIncomingFrame(
      JSON.stringify({
        type: 'message.received',
        payload: {
          threadId: 't',
          originator: null,
          messages: [
            {
              replyTo: null,
              silent: null,
              meta: { msgId: 7, keepTyping: null },
              originator: { name: 'Sam', role: 'moderator', profile: { gender: null, picture: null } },
              responses: [{ type: 'text', delay: '500', payload: { text: 'Hi', quickReplies: 'none' } }],
            },
          ],
        },
      }),
      logger,
    );
    expect(frame).toEqual({
      type: 'message.received',
      payload: {
        threadId: 't',
        messages: [
          {
            meta: {},
            originator: { name: 'Sam', role: 'moderator', profile: {} },
            responses: [{ type: 'text', delay: '500', payload: { text: 'Hi', quickReplies: 'none' } }],
          },
        ],
      },
    });
    expect(parseIncomingFrame('{"type":"message.delivered","payload":{"traceId":"3","speech":null}}', logger)).toEqual({
      type: 'message.delivered',
      payload: { traceId: '3' },
    });
    expect(parseIncomingFrame('{"type":"error","message":null}', logger)).toEqual({ type: 'error' });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('drops, with a warning and without throwing, what it cannot use', () => {
    const bad = [
      'not json',
      '[]',
      '{"payload":{}}',
      '{"type":"typing"}',
      '{"type":"message.received","payload":{"threadId":"t"}}',
      '{"type":"message.received","payload":{"threadId":"t","messages":[1]}}',
      '{"type":"message.delivered"}',
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
