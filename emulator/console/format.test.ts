import { describe, expect, it } from 'vitest';
import { ago, author, bodyThread, countdown, entryLines, messageLines } from './format.ts';
import { entry } from '../../test/emulator/console-fakes.ts';

describe('format', () => {
  it('counts down as m:ss or h:mm:ss, never below zero', () => {
    expect(countdown(125_000)).toBe('2:05');
    expect(countdown(3_600_000 + 61_000)).toBe('1:01:01');
    expect(countdown(400)).toBe('0:01');
    expect(countdown(-5_000)).toBe('0:00');
  });

  it('names who said something, and by which door', () => {
    expect(author(entry('t', { source: 'visitor', originator: { role: 'external' } }))).toBe('Visitor');
    expect(author(entry('t', { source: 'rest', originator: { role: 'external', name: 'CRM' } }))).toBe('CRM (REST)');
    expect(author(entry('t', { source: 'rest', originator: { role: 'external' } }))).toBe('REST caller');
    expect(author(entry('t', { source: 'moderator', originator: { role: 'moderator', name: 'Ada' } }))).toBe('Ada (agent)');
    expect(author(entry('t', { source: 'bot', originator: { role: 'bot' } }))).toBe('Bot');
  });

  it('says text templates as their text and other templates as the fallback', () => {
    const message = { fallback: 'Pick one', silent: false, originator: { role: 'bot' } };
    expect(messageLines({ ...message, responses: [] })).toEqual(['Pick one']);
    expect(
      messageLines({
        ...message,
        responses: [
          { type: 'text', payload: { text: 'Hello' } },
          { type: 'buttons', payload: {} },
          { type: 'buttons', payload: {} },
        ],
      }),
    ).toEqual(['Hello', '[buttons] Pick one']);
  });

  it("says an agent's message once: its speech and the same text as a response are one line", () => {
    const reply = entry('t', {
      source: 'moderator',
      speech: 'Hello, Sam here.',
      messages: [{ fallback: 'Hello, Sam here.', responses: [{ type: 'text', payload: { text: 'Hello, Sam here.' } }] }] as never,
    });
    expect(entryLines(reply)).toEqual(['Hello, Sam here.']);
  });

  it('says how long ago, in short words', () => {
    const now = 10_000_000;
    expect([ago(now - 5_000, now), ago(now - 5 * 60_000, now), ago(now - 3 * 3_600_000, now), ago(now - 2 * 86_400_000, now)]).toEqual([
      'now',
      '5 min. ago',
      '3 hr. ago',
      '2 days ago',
    ]);
  });

  it('turns an entry into lines: speech, event, REST payloads and messages', () => {
    expect(entryLines(entry('t', { speech: undefined, event: 'welcome' }))).toEqual(['Event: welcome']);
    expect(entryLines(entry('t', { speech: undefined, payload: { type: 'location', lat: '1', long: '2', title: 'Home' } }))).toEqual([
      'Location: 1, 2 (Home)',
    ]);
    expect(
      entryLines(entry('t', { speech: undefined, payload: { type: 'media', mediaType: 'image', url: 'https://x.test/a.png' } })),
    ).toEqual(['Media (image): https://x.test/a.png']);
  });

  it('finds the thread of a webhook body at the top or in its payload', () => {
    expect(bodyThread({ threadId: 'a' })).toBe('a');
    expect(bodyThread({ payload: { threadId: 'b' } })).toBe('b');
    expect(bodyThread({ type: 'threads' })).toBeUndefined();
  });
});
