import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { MAX_FRAME_LENGTH } from './limits.ts';
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
        messages: [
          {
            fallback: 'Hi',
            responses: [{ type: 'text', payload: { text: 'Hi', quickReplies: [{ label: 'A', value: 'a', type: 'text' }] }, delay: 500 }],
          },
        ],
      },
    };
    // `sent`: the payload whole, for the page (parley:message).
    expect(parseIncomingFrame(JSON.stringify(received), logger)).toEqual({ ...received, sent: received.payload });
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
    // What the widget does not use still reaches the page, as sent.
    expect(frame).toMatchObject({ sent: { threadId: 't', newField: 1, messages: [{ brandNew: true }] } });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('reads null optional fields as absent, and keeps a reply whose unused parts are odd', () => {
    const logger = silentLogger();
    const sent = {
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
    };
    const frame = parseIncomingFrame(JSON.stringify({ type: 'message.received', payload: sent }), logger);
    expect(frame).toEqual({
      sent, // the page's copy keeps the nulls
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

  it('refuses a frame over 4 MiB of text before parsing it, and takes a 1 MB text message', () => {
    expect(MAX_FRAME_LENGTH).toBe(4 * 1024 * 1024);
    const frame = (text: string) =>
      JSON.stringify({
        type: 'message.received',
        payload: { threadId: 't', messages: [{ responses: [{ type: 'text', payload: { text } }] }] },
      });
    const logger = silentLogger();
    const big = frame('x'.repeat(1_000_000));
    expect(parseIncomingFrame(big, logger)).toMatchObject({ type: 'message.received' });
    expect(logger.warn).not.toHaveBeenCalled();

    const parse = vi.spyOn(JSON, 'parse');
    const tooBig = frame('x'.repeat(MAX_FRAME_LENGTH));
    expect(() => parseIncomingFrame(tooBig, logger)).not.toThrow();
    expect(parseIncomingFrame(tooBig, logger)).toBeUndefined();
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    const [message, preview] = vi.mocked(logger.warn).mock.calls[0]!;
    expect(message).toMatch(/dropped a frame of 4194\d{3} characters/);
    expect((preview as string).length).toBeLessThanOrEqual(200);
  });

  it('parses the 4 MiB frames that cost most to parse with one JSON.parse and no reviver (a call per value would be half a second)', () => {
    const logger = silentLogger();
    const frames = [
      JSON.stringify({ type: 'pong', x: new Array(2_000_000).fill(0) }),
      JSON.stringify({ type: 'pong', x: Array.from({ length: 350_000 }, () => ({ a: null })) }),
    ];
    for (const frame of frames) {
      expect(frame.length).toBeLessThanOrEqual(MAX_FRAME_LENGTH);
      // What it costs is measured in the browser (hostile-payloads.spec.ts), not timed here.
      const parse = vi.spyOn(JSON, 'parse');
      expect(parseIncomingFrame(frame, logger)).toEqual({ type: 'pong' });
      expect(parse).toHaveBeenCalledTimes(1);
      expect(parse.mock.calls[0]![1]).toBeUndefined();
      parse.mockRestore();
    }
  });
});
