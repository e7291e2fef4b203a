import { describe, expect, it } from 'vitest';
import { escapeControls } from './terminal.ts';

describe('escapeControls', () => {
  it('writes ESC as the four characters \\x1b, so OSC 52 and screen clears stay text', () => {
    expect(escapeControls('id\x1b]52;c;aGk=\x07')).toBe('id\\x1b]52;c;aGk=\\x07');
    expect(escapeControls('\x1b[2J\x1b[31mred')).toBe('\\x1b[2J\\x1b[31mred');
  });

  it('escapes every C0 control, newline, carriage return and tab included, so one line stays one line', () => {
    expect(escapeControls('a\nb\r\tc\x00')).toBe('a\\x0ab\\x0d\\x09c\\x00');
  });

  it('escapes DEL and the C1 controls (0x80-0x9f), 8-bit CSI among them', () => {
    expect(escapeControls('\x7f\x80\x9b2J\x9f')).toBe('\\x7f\\x80\\x9b2J\\x9f');
  });

  it('escapes line separators and bidirectional controls', () => {
    expect(escapeControls('a\u2028b\u202ec\u2066')).toBe('a\\u2028b\\u202ec\\u2066');
  });

  it('leaves printable text alone, non-ASCII and backslashes included', () => {
    const text = '[parley-emulator] <- s1 {"speech":"café 😀 \\\\ ¡ª"} \u00a0';
    expect(escapeControls(text)).toBe(text);
  });

  it('takes one pass over long text', () => {
    const text = '\x1b'.repeat(200_000);
    const started = performance.now();
    expect(escapeControls(text)).toHaveLength(800_000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
