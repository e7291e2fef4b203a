// What reaches the developer's terminal (issue 27, point 5). Client ids, frames and paths come
// from pages the browser visits; printed raw, `ESC ]52` writes the clipboard, `ESC [2J` clears
// the screen and a newline forges a log line. Each such character is printed as its escape.

/**
 * True for a character a terminal acts on instead of showing: C0 controls (with tab, newline and
 * carriage return, so one log line stays one line), DEL, C1 controls, the line and paragraph
 * separators, and the bidirectional controls that reorder what a line shows.
 */
function isControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** `\x1b` for ESC, `\u202e` past 0xff: the text a reader can see and copy. */
function escapeOf(code: number): string {
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character written as its escape (ESC becomes the four characters `\x1b`). */
export function escapeControls(text: string): string {
  let out = '';
  let start = 0; // the first character not yet copied
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) continue;
    out += text.slice(start, i) + escapeOf(code);
    start = i + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}
