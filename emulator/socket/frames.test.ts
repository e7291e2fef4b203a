import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '../safety/bounds.ts';
import { parseClientFrame } from './frames.ts';

const send = (payload: Record<string, unknown>) =>
  JSON.stringify({ type: 'message.send', payload: { threadId: 't1', speech: 'hi', ...payload } });

describe('parseClientFrame: ids within MAX_ID_LENGTH (issue 27)', () => {
  it('takes a threadId and nonce up to the cap', () => {
    expect(parseClientFrame(send({ threadId: 't'.repeat(MAX_ID_LENGTH) }), false).kind).toBe('send');
  });

  it('refuses a longer threadId or nonce with an error naming it, in both modes', () => {
    for (const strict of [false, true]) {
      expect(parseClientFrame(send({ threadId: 't'.repeat(MAX_ID_LENGTH + 1) }), strict)).toEqual({
        kind: 'error',
        message: `invalid message.send: payload.threadId: must be at most ${MAX_ID_LENGTH} characters (got ${MAX_ID_LENGTH + 1})`,
      });
      expect(parseClientFrame(send({ nonce: 'n'.repeat(10_000) }), strict)).toEqual({
        kind: 'error',
        message: `invalid message.send: payload.nonce: must be at most ${MAX_ID_LENGTH} characters (got 10000)`,
      });
    }
  });
});
