import { describe, expect, it } from 'vitest';
import { createLog } from './log.ts';

function printedBy(quiet = false) {
  const lines: string[] = [];
  const log = createLog({ quiet, now: () => 0, print: (line) => lines.push(line) });
  return { log, lines };
}

describe('createLog', () => {
  it('prints control characters of what it is given as escapes, keeping its own format', () => {
    const { log, lines } = printedBy();
    log.info('address plain \x1b]52;c;aGk=\x07/s1 -> 401', 'unknown clientId');
    expect(lines).toEqual(['[parley-emulator] address plain \\x1b]52;c;aGk=\\x07/s1 -> 401 unknown clientId']);
  });

  it('escapes errors and departures too', () => {
    const { log, lines } = printedBy();
    log.info('handler error', new Error('bad\x1b[2J\nforged line'));
    log.departure('socket', 'unknown frame type "\x1b[2J"', 's\r1');
    expect(lines[0]).toBe('[parley-emulator] handler error Error: bad\\x1b[2J\\x0aforged line');
    expect(lines[1]).toBe(
      '[parley-emulator] departure from the spec (socket s\\x0d1): unknown frame type "\\x1b[2J" (served; --strict refuses it)',
    );
    expect(lines.join('')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  });

  it('keeps departures as they came (JSON carries them safely) and prints nothing when quiet', () => {
    const { log, lines } = printedBy(true);
    log.departure('socket', 'type "\x1b[2J"');
    expect(lines).toEqual([]);
    expect(log.departures()[0]!.what).toBe('type "\x1b[2J"');
  });
});
